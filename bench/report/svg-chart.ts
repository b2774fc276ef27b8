import type { ReportChart } from './record.ts'

/**
 * A benchmark's chart as a standalone SVG: horizontal bars, one row per case, the measured value in
 * blue and the same run's baseline in grey beneath it, each with its figure at the end, and the goal
 * as a dashed line. Horizontal because the cases' names are long ("editText, 100 elements"). White
 * background and explicit fonts, so it reads the same on GitHub's light and dark pages. (recharts
 * renders nothing outside a browser: its charts measure themselves in effects.)
 */

const WIDTH = 820
const LABEL_WIDTH = 280
const VALUE_ROOM = 90
const ROW = 18
const GAP = 10
const TOP = 64
const BOTTOM = 34
const FONT = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif"
const OURS = '#2563eb'
const BASELINE = '#9ca3af'
const GOAL = '#dc2626'
const INK = '#111827'
const MUTED = '#4b5563'

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** 3 significant figures at most, no trailing zeros, no exponent: 0.0123, 1.23, 0.4, 123, 12345. */
export function figure(value: number): string {
  if (value === 0) return '0'
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(value))))
  return String(Number(value.toFixed(Math.min(digits, 4))))
}

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least `max`. */
function axisTop(max: number): number {
  if (max <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(max))
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= max) ?? 10 * power) as number
}

export function renderChartSvg(chart: ReportChart): string {
  const hasBaseline = chart.bars.some((bar) => bar.baseline !== undefined)
  const rowHeight = hasBaseline ? 2 * ROW + GAP : ROW + GAP
  const height = TOP + chart.bars.length * rowHeight + BOTTOM
  const max = Math.max(...chart.bars.flatMap((bar) => [bar.value, bar.baseline ?? 0]), chart.goal ?? 0)
  const top = axisTop(max)
  const plot = WIDTH - LABEL_WIDTH - VALUE_ROOM
  const x = (value: number) => LABEL_WIDTH + (Math.max(0, value) / top) * plot
  const unit = chart.unit === 'x' ? 'x' : ` ${chart.unit}`
  const parts: string[] = []
  const text = (at: [number, number], content: string, attributes = '') =>
    parts.push(`<text x="${at[0]}" y="${at[1]}" ${attributes}>${xmlText(content)}</text>`)

  parts.push(`<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`)
  text([16, 24], chart.title, `font-size="15" font-weight="600" fill="${INK}"`)
  const better = chart.lowerIsBetter ? 'lower is better' : 'higher is better'
  text([16, 44], `${chart.unit}, ${better}`, `font-size="12" fill="${MUTED}"`)
  // The legend, top right.
  let legendX = WIDTH - 16
  const legend: [string, string][] = [[chart.valueName ?? 'visual-edit', OURS]]
  if (hasBaseline) legend.push([chart.baselineName ?? 'baseline', BASELINE])
  if (chart.goal !== undefined) legend.push(['goal', GOAL])
  for (const [name, colour] of legend.reverse()) {
    legendX -= name.length * 7 + 26
    parts.push(`<rect x="${legendX}" y="34" width="12" height="12" fill="${colour}"/>`)
    text([legendX + 17, 44], name, `font-size="12" fill="${INK}"`)
  }

  // Gridlines at quarters of the axis.
  for (let quarter = 0; quarter <= 4; quarter++) {
    const value = (top * quarter) / 4
    const at = x(value)
    parts.push(
      `<line x1="${at}" y1="${TOP - 6}" x2="${at}" y2="${height - BOTTOM + 4}" stroke="#e5e7eb" stroke-width="1"/>`,
    )
    text(
      [at, height - BOTTOM + 20],
      `${figure(value)}${unit}`,
      `font-size="11" fill="${MUTED}" text-anchor="middle"`,
    )
  }

  chart.bars.forEach((bar, index) => {
    const y = TOP + index * rowHeight
    const label = bar.label.length > 40 ? `${bar.label.slice(0, 39)}…` : bar.label
    text([LABEL_WIDTH - 10, y + ROW - 4], label, `font-size="12" fill="${INK}" text-anchor="end"`)
    const rows: [number, string][] = [[bar.value, OURS]]
    if (bar.baseline !== undefined) rows.push([bar.baseline, BASELINE])
    rows.forEach(([value, colour], row) => {
      const barY = y + row * ROW
      const end = x(value)
      parts.push(
        `<rect x="${LABEL_WIDTH}" y="${barY + 2}" width="${Math.max(1, end - LABEL_WIDTH)}" height="${ROW - 4}" fill="${colour}"/>`,
      )
      text([end + 6, barY + ROW - 5], `${figure(value)}${unit}`, `font-size="11" fill="${INK}"`)
    })
  })

  if (chart.goal !== undefined) {
    const at = x(chart.goal)
    parts.push(
      `<line x1="${at}" y1="${TOP - 6}" x2="${at}" y2="${height - BOTTOM + 4}" stroke="${GOAL}" stroke-width="1.5" stroke-dasharray="5 4"/>`,
    )
  }

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="${FONT}" role="img" aria-label="${xmlText(chart.title)}">`,
    `<title>${xmlText(chart.title)}</title>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n')
}
