import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { recordChart, recordTable, takeRecords } from './record.ts'
import { figure, renderChartSvg } from './svg-chart.ts'
import { type AreaRun, mergeRuns, renderReport, writeReport } from './write-report.ts'

const run = (over: Partial<AreaRun> = {}): AreaRun => ({
  ranAt: '2026-11-28T17:00:00.000Z',
  machine: '2 x Test CPU',
  met: true,
  output: 'goal: met',
  tables: [{ title: 'Edit time', header: ['edit', 'p50 | ms'], rows: [['editText', '0.40']] }],
  charts: [
    {
      title: 'Edit time against reprinting',
      unit: 'ms',
      lowerIsBetter: true,
      bars: [{ label: 'editText, 100 elements', value: 0.4, baseline: 9.8 }],
      goal: 0.98,
    },
  ],
  ...over,
})

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

describe('the benchmark report', () => {
  test('records are taken once, by area', () => {
    recordTable('a', { title: 't', header: ['x'], rows: [['1']] })
    recordChart('a', { title: 'c', unit: 'ms', lowerIsBetter: true, bars: [] })
    const taken = takeRecords()
    expect([...taken.keys()]).toEqual(['a'])
    expect(taken.get('a')?.tables).toHaveLength(1)
    expect(taken.get('a')?.charts).toHaveLength(1)
    expect(takeRecords().size).toBe(0)
  })

  test("a run replaces its own area's section and keeps the others", () => {
    const merged = mergeRuns(
      { areas: { mutate: run(), 'tag-jsx': run({ met: false }) } },
      { mutate: run({ output: 'new' }) },
    )
    expect(Object.keys(merged.areas).sort()).toEqual(['mutate', 'tag-jsx'])
    expect(merged.areas.mutate?.output).toBe('new')
    expect(merged.areas['tag-jsx']?.met).toBe(false)
  })

  test('the page: the machine and date, a summary row per area, its chart, its tables in Markdown, what it printed', () => {
    const page = renderReport(
      { areas: { mutate: run(), 'tag-jsx': run({ met: false }) } },
      '2 x Test CPU',
      '2026-11-28',
    )
    expect(page).toContain('Written by `npm run bench` on 2026-11-28, on 2 x Test CPU.')
    expect(page).toContain('| [mutate](#mutate) | met | 2026-11-28 |')
    expect(page).toContain('| [tag-jsx](#tag-jsx) | missed | 2026-11-28 |')
    expect(page).toContain('![Edit time against reprinting](report/charts/mutate-1.svg)')
    // A pipe inside a cell is escaped, so the table keeps its columns.
    expect(page).toContain('| edit | p50 \\| ms |\n| --- | --- |\n| editText | 0.40 |')
    expect(page).toContain('```text\ngoal: met\n```')
  })

  test('the chart is one well-formed SVG naming every case, its figures and its legend', () => {
    const svg = renderChartSvg(run().charts[0] as AreaRun['charts'][number])
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true)
    for (const text of ['editText, 100 elements', '0.4 ms', '9.8 ms', 'visual-edit', 'baseline', 'goal'])
      expect(svg).toContain(text)
    expect(svg).toContain('stroke-dasharray')
    const escaped = renderChartSvg({ title: 'a < b & c', unit: 'x', lowerIsBetter: false, bars: [] })
    expect(escaped).toContain('a &lt; b &amp; c')
  })

  test('figures keep three significant digits at most', () => {
    expect([figure(0), figure(0.01234), figure(1.234), figure(0.4), figure(123.4), figure(12345)]).toEqual([
      '0',
      '0.0123',
      '1.23',
      '0.4',
      '123',
      '12345',
    ])
  })

  test('writing: results.json merged, REPORT.md and the charts written, a chart no area has any more removed', () => {
    const bench = mkdtempSync(path.join(tmpdir(), 'bench-report-'))
    folders.push(bench)
    mkdirSync(path.join(bench, 'report/charts'), { recursive: true })
    writeFileSync(path.join(bench, 'report/charts/gone-1.svg'), '<svg/>')
    writeFileSync(
      path.join(bench, 'report/results.json'),
      JSON.stringify({ areas: { 'tag-jsx': run({ charts: [] }) } }),
    )
    writeReport(bench, { mutate: run() }, new Date('2026-11-28T18:00:00Z'))
    const stored = JSON.parse(readFileSync(path.join(bench, 'report/results.json'), 'utf8'))
    expect(Object.keys(stored.areas).sort()).toEqual(['mutate', 'tag-jsx'])
    expect(readdirSync(path.join(bench, 'report/charts'))).toEqual(['mutate-1.svg'])
    expect(readFileSync(path.join(bench, 'REPORT.md'), 'utf8')).toContain('2026-11-28T18:00:00.000Z')
  })
})
