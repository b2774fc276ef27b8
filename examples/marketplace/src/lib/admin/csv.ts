export type CsvCell = string | number | null

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. Text
 * that a spreadsheet would run as a formula (starting with =, +, -, @, tab or return) is written with
 * a leading apostrophe, so an exported listing title cannot execute in the admin's spreadsheet.
 */
function cell(value: CsvCell): string {
  if (value === null) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** A CSV file's text: the header row, then the rows, CRLF line ends as RFC 4180 has them. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`
}
