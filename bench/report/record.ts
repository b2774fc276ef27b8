/**
 * What a benchmark hands to the report (`bench/REPORT.md`, written by `npm run bench`): its tables, as
 * printed, and its charts. A benchmark records under its area, its name in bench/run.ts (one section
 * of the report, one chart file per chart); `takeRecords` gives the run's records to the report writer.
 * Most tables go through `printTable` (bench/report.ts), which prints and records in one call.
 *
 *   recordTable('mutate', { title: 'Edit time, p50', header: ['file', 'ours', 'reprint'], rows })
 *   recordChart('mutate', { title: 'Edit time against reprinting', unit: 'ms', lowerIsBetter: true,
 *     bars: [{ label: 'editText 100', value: 0.4, baseline: 9.8 }] })
 */

/** A table as the benchmark prints it. */
export interface ReportTable {
  readonly title: string
  readonly header: readonly string[]
  readonly rows: readonly (readonly string[])[]
}

/** One bar of a chart: the measured value and, when the benchmark has one, its baseline beside it. */
export interface ReportBar {
  readonly label: string
  readonly value: number
  readonly baseline?: number
  /** What this case's baseline is, when the chart's cases have different ones (shown by its figure). */
  readonly baselineName?: string
  /** This case's own goal, when the chart's cases have different ones (a mark across its row). */
  readonly goal?: number
}

/** A bar chart: ours against the baseline measured in the same run, per case. */
export interface ReportChart {
  readonly title: string
  /** The unit of every value: 'ms', 'x', '%', 'score', 'lines'. */
  readonly unit: string
  /** What the value and the baseline are called in the legend. */
  readonly valueName?: string
  readonly baselineName?: string
  readonly lowerIsBetter: boolean
  readonly bars: readonly ReportBar[]
  /** A goal line across every case, in the chart's unit. */
  readonly goal?: number
}

export interface AreaRecords {
  readonly tables: ReportTable[]
  readonly charts: ReportChart[]
}

const records = new Map<string, AreaRecords>()

function areaOf(area: string): AreaRecords {
  let found = records.get(area)
  if (!found) {
    found = { tables: [], charts: [] }
    records.set(area, found)
  }
  return found
}

export function recordTable(area: string, table: ReportTable): void {
  areaOf(area).tables.push(table)
}

export function recordChart(area: string, chart: ReportChart): void {
  areaOf(area).charts.push(chart)
}

/** The records made since the last call, by area, and forgets them. */
export function takeRecords(): Map<string, AreaRecords> {
  const taken = new Map(records)
  records.clear()
  return taken
}
