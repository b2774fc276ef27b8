import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ReportChart, ReportTable } from './record.ts'
import { renderChartSvg } from './svg-chart.ts'

/**
 * `bench/REPORT.md`: every benchmark's last run, in one page, with its charts. The runs are kept in
 * `bench/report/results.json` (checked in) by area, so running one benchmark
 * (`npm run bench -- mutate`) replaces that area's section and keeps the others as they were, each
 * with its date and the machine it ran on. The page and the SVG charts (`bench/report/charts/`) are
 * regenerated from that file every time.
 */

/** One benchmark's last run. */
export interface AreaRun {
  /** ISO date and time of the run. */
  ranAt: string
  machine: string
  met: boolean
  /** What it printed (its tables and goal lines, as a terminal shows them). */
  output: string
  tables: ReportTable[]
  charts: ReportChart[]
}

export interface StoredResults {
  areas: Record<string, AreaRun>
}

/**
 * The machine, in one line: CPU model and count, memory, OS, Node, Chromium when there is one, and the
 * load average when the run began (a busy shared machine shows in the tails: read them with it).
 */
export function describeMachine(): string {
  const cpus = os.cpus()
  const model = cpus[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU'
  const memory = `${Math.round(os.totalmem() / 2 ** 30)} GiB`
  const parts = [
    `${cpus.length} x ${model}`,
    memory,
    `${os.type()} ${os.release()}`,
    `Node ${process.version}`,
  ]
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (existsSync(chromium)) {
    // A Chromium that does not answer its --version is left out of the line, not a failed report.
    try {
      parts.push(
        execFileSync(chromium, ['--version'], {
          encoding: 'utf8',
          timeout: 10_000,
          // Debian's wrapper script complains about its own environment on stderr.
          stdio: ['ignore', 'pipe', 'ignore'],
        }).trim(),
      )
    } catch (error) {
      console.warn(`report: ${chromium} --version failed: ${(error as Error).message}`)
    }
  }
  parts.push(`load average ${os.loadavg()[0]?.toFixed(1)} at the start`)
  return parts.join(', ')
}

/** The stored runs with this run's areas replacing theirs. */
export function mergeRuns(stored: StoredResults, runs: Record<string, AreaRun>): StoredResults {
  return { areas: { ...stored.areas, ...runs } }
}

const chartFile = (area: string, index: number) => `${area}-${index + 1}.svg`

function markdownTable(table: ReportTable): string {
  // A row the terminal indents (a part of the row above) keeps its indent: Markdown trims spaces.
  const cell = (text: string) =>
    '&emsp;'.repeat(Math.ceil((/^ */.exec(text)?.[0].length ?? 0) / 2)) + text.replace(/\|/g, '\\|').trim()
  return [
    `| ${table.header.map(cell).join(' | ')} |`,
    `| ${table.header.map(() => '---').join(' | ')} |`,
    ...table.rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n')
}

/** The page, from the stored runs; `machine` and `date` are the generating run's. */
export function renderReport(results: StoredResults, machine: string, date: string): string {
  const areas = Object.keys(results.areas).sort()
  const lines = [
    '# Benchmark report',
    '',
    `- Written by \`npm run bench\` on ${date}`,
    `- Machine: ${machine}`,
    '',
    "Each section is a benchmark's last run (`npm run bench -- <name>` runs one and updates its section),",
    'with its date, the machine it ran on, its figures beside the baseline measured in the same run, and',
    'whether its goals were met. Dated runs and what was learned from them: [NOTES.md](NOTES.md).',
    '',
    '| benchmark | goals | ran |',
    '| --- | --- | --- |',
    ...areas.map((area) => {
      const run = results.areas[area] as AreaRun
      return `| [${area}](#${area}) | ${run.met ? 'met' : 'missed'} | ${run.ranAt.slice(0, 10)} |`
    }),
    '',
  ]
  for (const area of areas) {
    const run = results.areas[area] as AreaRun
    lines.push(
      `## ${area}`,
      '',
      `**Goals ${run.met ? 'met' : 'missed'}.** Ran ${run.ranAt} on ${run.machine}.`,
      '',
    )
    run.charts.forEach((chart, index) => {
      lines.push(`![${chart.title}](report/charts/${chartFile(area, index)})`, '')
    })
    for (const table of run.tables) lines.push(`**${table.title}**`, '', markdownTable(table), '')
    if (run.output.trim() !== '')
      lines.push(
        '<details><summary>As printed</summary>',
        '',
        '```text',
        run.output.replace(/^\n+/, '').trimEnd(),
        '```',
        '',
        '</details>',
        '',
      )
  }
  return `${lines.join('\n').trimEnd()}\n`
}

/**
 * Merges this run into `<bench>/report/results.json` and writes `<bench>/REPORT.md` and the charts.
 * A chart file of an area that no longer has it is removed.
 */
export function writeReport(benchDir: string, runs: Record<string, AreaRun>, now = new Date()): void {
  const resultsFile = path.join(benchDir, 'report/results.json')
  const stored: StoredResults = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as StoredResults)
    : { areas: {} }
  const results = mergeRuns(stored, runs)
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`)

  const charts = path.join(benchDir, 'report/charts')
  mkdirSync(charts, { recursive: true })
  const wanted = new Set<string>()
  for (const [area, run] of Object.entries(results.areas))
    run.charts.forEach((chart, index) => {
      wanted.add(chartFile(area, index))
      writeFileSync(path.join(charts, chartFile(area, index)), renderChartSvg(chart))
    })
  for (const file of readdirSync(charts)) if (!wanted.has(file)) rmSync(path.join(charts, file))

  writeFileSync(path.join(benchDir, 'REPORT.md'), renderReport(results, describeMachine(), now.toISOString()))
}
