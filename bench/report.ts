/** Small helpers every benchmark prints with, so the figures read the same everywhere. */
import { recordTable } from './report/record.ts'

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}

export function ratio(value: number, baseline: number): string {
  return (value / baseline).toFixed(2)
}

export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n')
}

/**
 * Prints a table under its title and records both for the benchmark's section of bench/REPORT.md, so
 * the report holds the rows the terminal showed. `area` is the benchmark's name in bench/run.ts.
 */
export function printTable(area: string, title: string, header: string[], rows: string[][]): void {
  console.log(`\n${title}`)
  console.log(formatTable(header, rows))
  recordTable(area, { title, header, rows })
}
