import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Window } from 'happy-dom'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { formatTable, printTable } from '../report.ts'
import { type ReportChart, recordChart, recordTable, takeRecords } from './record.ts'
import { figure, renderChartSvg } from './svg-chart.ts'
import { type AreaRun, mergeRuns, renderReport, writeReport } from './write-report.ts'

const run = (over: Partial<AreaRun> = {}): AreaRun => ({
  ranAt: '2026-11-28T17:00:00.000Z',
  machine: '2 x Test CPU',
  met: true,
  output: 'goal: met',
  tables: [
    {
      title: 'Edit time',
      header: ['edit', 'p50 | ms'],
      rows: [
        ['editText', '0.40'],
        ['  of which parse', '0.10'],
      ],
    },
  ],
  charts: [
    {
      title: 'Edit time against reprinting',
      unit: 'ms',
      valueName: 'visual-edit',
      baselineName: 'reprint',
      lowerIsBetter: true,
      bars: [{ label: 'editText, 100 elements', value: 0.4, baseline: 9.8 }],
      goal: 0.98,
    },
  ],
  ...over,
})

/** Parses the SVG as XML and returns its root, failing on any error the parser reports. */
function parseSvg(svg: string) {
  const document = new new Window().DOMParser().parseFromString(svg, 'image/svg+xml')
  expect(document.querySelector('parsererror')?.textContent ?? null).toBeNull()
  return document.documentElement
}

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  vi.restoreAllMocks()
})

describe('recording', () => {
  test('records are taken once, by area', () => {
    recordTable('a', { title: 't', header: ['x'], rows: [['1']] })
    recordChart('a', { title: 'c', unit: 'ms', lowerIsBetter: true, bars: [] })
    const taken = takeRecords()
    expect([...taken.keys()]).toEqual(['a'])
    expect(taken.get('a')?.tables).toHaveLength(1)
    expect(taken.get('a')?.charts).toHaveLength(1)
    expect(takeRecords().size).toBe(0)
  })

  test('printTable prints the title and the table, and records the same rows', () => {
    const printed: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line))
    const rows = [
      ['editText', '0.40'],
      ['addClass', '0.52'],
    ]
    printTable('mutate', 'mutate: edit time', ['edit', 'p50'], rows)
    expect(printed).toEqual(['\nmutate: edit time', formatTable(['edit', 'p50'], rows)])
    expect(takeRecords().get('mutate')?.tables).toEqual([
      { title: 'mutate: edit time', header: ['edit', 'p50'], rows },
    ])
  })
})

describe('the report', () => {
  test("a run replaces its own area's section and keeps the others", () => {
    const merged = mergeRuns(
      { areas: { mutate: run(), 'tag-jsx': run({ met: false }) } },
      { mutate: run({ output: 'new' }) },
    )
    expect(Object.keys(merged.areas).sort()).toEqual(['mutate', 'tag-jsx'])
    expect(merged.areas.mutate?.output).toBe('new')
    expect(merged.areas['tag-jsx']).toEqual(run({ met: false }))
  })

  test('the page: machine and date, a row per area, then per area its goals, date, charts, tables, output', async () => {
    const page = renderReport(
      { areas: { mutate: run(), 'tag-jsx': run({ met: false, charts: [], output: '' }) } },
      '2 x Test CPU, 8 GiB, Linux 6.1, Node v20.19.0',
      '2026-11-28T18:00:00.000Z',
    )
    await expect(page).toMatchFileSnapshot('snapshots/report.snap.md')
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
    const page = readFileSync(path.join(bench, 'REPORT.md'), 'utf8')
    expect(page).toContain('2026-11-28T18:00:00.000Z')
    expect(page).toContain('![Edit time against reprinting](report/charts/mutate-1.svg)')
  })
})

describe('the chart', () => {
  const chart: ReportChart = {
    title:
      'Tagging every file against what Vite pays (esbuild) and a Babel pass, 240 files of the corpus, each the median of seven rounds',
    unit: 'ms',
    valueName: 'visual-edit tagJsx',
    baselineName: 'the same files through the baseline',
    lowerIsBetter: true,
    bars: [
      { label: 'against esbuild', value: 540, baseline: 478, baselineName: 'esbuild', goal: 478 },
      { label: 'against Babel', value: 540, baseline: 1885, baselineName: 'Babel' },
      { label: 'a case whose name is longer than the room it has on the left', value: 12 },
    ],
  }

  test('one well-formed SVG of fixed size naming every case, its figures, the legend and the goal', async () => {
    const svg = renderChartSvg(chart)
    const root = parseSvg(svg)
    expect(root.tagName.toLowerCase()).toBe('svg')
    expect(root.getAttribute('width')).toBe('820')
    expect(root.getAttribute('font-family')).toContain('sans-serif')
    const texts = [...root.querySelectorAll('text')].map((node) => node.textContent)
    for (const label of ['against esbuild', 'against Babel', 'a case whose name is longer than the ro…'])
      expect(texts).toContain(label)
    for (const caption of ['540 ms', '478 ms · esbuild', '1885 ms · Babel', '12 ms'])
      expect(texts).toContain(caption)
    for (const legend of ['visual-edit tagJsx', 'the same files through the baseline', 'goal'])
      expect(texts).toContain(legend)
    // The title is broken into lines that fit; the whole of it is the SVG's title.
    expect(root.querySelector('title')?.textContent).toBe(chart.title)
    expect(texts.filter((line) => line && chart.title.includes(line)).length).toBeGreaterThan(1)
    // A white background first, so the chart reads on dark pages too.
    expect(root.querySelector('rect')?.getAttribute('fill')).toBe('#ffffff')
    await expect(svg).toMatchFileSnapshot('snapshots/chart.snap.svg')
  })

  test('the goal: one line across every row, or a mark across its own row', () => {
    const across = parseSvg(renderChartSvg({ ...chart, bars: [{ label: 'a', value: 1 }], goal: 2 }))
    const marks = (root: ReturnType<typeof parseSvg>) =>
      root.querySelectorAll('line[stroke-dasharray="5 4"]').length
    expect(marks(across)).toBe(1)
    expect(marks(parseSvg(renderChartSvg(chart)))).toBe(1)
    expect(
      marks(parseSvg(renderChartSvg({ ...chart, goal: undefined, bars: [{ label: 'a', value: 1 }] }))),
    ).toBe(0)
  })

  test('text is escaped', () => {
    const svg = renderChartSvg({
      title: 'a < b & c',
      unit: 'x',
      lowerIsBetter: false,
      bars: [{ label: '"quoted" <tag>', value: 1.5 }],
    })
    expect(svg).toContain('a &lt; b &amp; c')
    expect(parseSvg(svg).querySelector('title')?.textContent).toBe('a < b & c')
    expect(svg).toContain('&quot;quoted&quot; &lt;tag&gt;')
    expect(svg).toContain('>1.5x<')
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
})
