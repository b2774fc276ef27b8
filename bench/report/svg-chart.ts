import type { ReportChart } from './record.ts'

/**
 * A benchmark's chart as a standalone SVG: horizontal bars, one row per case, the measured value in
 * blue and the same run's baseline in grey beneath it, each with its figure at its end, and the goal
 * as a dashed red line (across every row, or across its own row when each case has its own goal).
 * Horizontal because the cases' names are long ("moveJsxElement, 400 elements"). A white background
 * and explicit fonts, so it reads the same on GitHub's light and dark pages.
 *
 * Not recharts: recharts 3 renders nothing outside a browser. `renderToStaticMarkup` of a BarChart
 * with a fixed width and height and its animations off gives only its empty wrapper,
 * `<div class="recharts-wrapper" ...></div>` (checked with recharts 3.11.1, the marketplace's; the
 * charts build their layout in effects: recharts/recharts#5997).
 */

const WIDTH = 820
const MARGIN = 16
const LABEL_WIDTH = 280
const VALUE_ROOM = 90
const ROW = 18
const GAP = 10
const FONT = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif"
const OURS = '#2563eb'
const BASELINE = '#6b7280'
const GOAL = '#dc2626'
const INK = '#111827'
const MUTED = '#4b5563'
const GRID = '#e5e7eb'
/** The longest case name drawn in full; longer ones end in an ellipsis. */
const LABEL_CHARS = 40

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** About how wide a text is in the sans-serif fonts above: no font metrics without a browser. */
const textWidth = (text: string, size: number) => text.length * size * 0.56

/** 3 significant figures at most, no trailing zeros, no exponent: 0.0123, 1.23, 0.4, 123, 12345. */
export function figure(value: number): string {
  if (value === 0) return '0'
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(value))))
  return String(Number(value.toFixed(Math.min(digits, 4))))
}

/** The axis's top, at least `max`: four times a round step (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 x 10^n). */
function axisTop(max: number): number {
  if (max <= 0) return 1
  const quarter = max / 4
  const power = 10 ** Math.floor(Math.log10(quarter))
  const step = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((candidate) => candidate * power >= quarter) ?? 10
  return 4 * step * power
}

/** The title in lines that fit the width, broken between words. */
function wrap(text: string, size: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word
    if (line && textWidth(next, size) > WIDTH - 2 * MARGIN) {
      lines.push(line)
      line = word
    } else line = next
  }
  return [...lines, line]
}

const text = (at: [number, number], content: string, attributes: string) =>
  `<text x="${round(at[0])}" y="${round(at[1])}" ${attributes}>${xmlText(content)}</text>`

const goalLine = (at: number, from: number, to: number) =>
  `<line x1="${round(at)}" y1="${from}" x2="${round(at)}" y2="${to}" stroke="${GOAL}" stroke-width="1.5" stroke-dasharray="5 4"/>`

const round = (value: number) => Math.round(value * 10) / 10

export function renderChartSvg(chart: ReportChart): string {
  const withUnit = (value: number) =>
    `${figure(value)}${chart.unit === 'x' || chart.unit === '%' ? '' : ' '}${chart.unit}`
  const hasBaseline = chart.bars.some((bar) => bar.baseline !== undefined)
  const hasGoal = chart.goal !== undefined || chart.bars.some((bar) => bar.goal !== undefined)
  // Drawn in this order: the bars over the grid, the goals over the bars, the figures over the goals.
  const layers = {
    heading: [] as string[],
    grid: [] as string[],
    bars: [] as string[],
    goals: [] as string[],
  }
  const figures: string[] = []

  // Title, then the unit on the left and the legend on the right (on a line of its own when both
  // do not fit on one).
  let y = 24
  for (const line of wrap(chart.title, 15)) {
    layers.heading.push(text([MARGIN, y], line, `font-size="15" font-weight="600" fill="${INK}"`))
    y += 20
  }
  const subtitle = `${chart.unit}, ${chart.lowerIsBetter ? 'lower is better' : 'higher is better'}`
  layers.heading.push(text([MARGIN, y], subtitle, `font-size="12" fill="${MUTED}"`))
  const legend: [string, string][] = [[chart.valueName ?? 'visual-edit', OURS]]
  if (hasBaseline) legend.push([chart.baselineName ?? 'baseline', BASELINE])
  if (hasGoal) legend.push(['goal', GOAL])
  const legendWidth = legend.reduce((sum, [name]) => sum + textWidth(name, 12) + 34, 0)
  let legendX = WIDTH - MARGIN - legendWidth
  if (legendX < MARGIN + textWidth(subtitle, 12) + 24) {
    y += 20
    legendX = MARGIN
  }
  for (const [name, colour] of legend) {
    layers.heading.push(
      name === 'goal'
        ? `<line x1="${round(legendX)}" y1="${y - 4}" x2="${round(legendX + 12)}" y2="${y - 4}" stroke="${GOAL}" stroke-width="2" stroke-dasharray="4 2"/>`
        : `<rect x="${round(legendX)}" y="${y - 10}" width="12" height="12" fill="${colour}"/>`,
      text([legendX + 17, y], name, `font-size="12" fill="${INK}"`),
    )
    legendX += textWidth(name, 12) + 34
  }

  const top = y + 20
  const rowHeight = hasBaseline ? 2 * ROW + GAP : ROW + GAP
  const bottom = top + chart.bars.length * rowHeight
  const height = bottom + 34
  const max = Math.max(
    ...chart.bars.flatMap((bar) => [bar.value, bar.baseline ?? 0, bar.goal ?? 0]),
    chart.goal ?? 0,
  )
  const axis = axisTop(max)
  const x = (value: number) => LABEL_WIDTH + (Math.max(0, value) / axis) * (WIDTH - LABEL_WIDTH - VALUE_ROOM)

  for (let quarter = 0; quarter <= 4; quarter++) {
    const value = (axis * quarter) / 4
    const at = round(x(value))
    layers.grid.push(
      `<line x1="${at}" y1="${top - 6}" x2="${at}" y2="${bottom + 4}" stroke="${GRID}"/>`,
      text([at, bottom + 20], withUnit(value), `font-size="11" fill="${MUTED}" text-anchor="middle"`),
    )
  }

  chart.bars.forEach((bar, index) => {
    const rowTop = top + index * rowHeight
    const label = bar.label.length > LABEL_CHARS ? `${bar.label.slice(0, LABEL_CHARS - 1)}…` : bar.label
    const bars: [number, string, string][] = [[bar.value, OURS, withUnit(bar.value)]]
    if (bar.baseline !== undefined) {
      const named = bar.baselineName ? ` · ${bar.baselineName}` : ''
      bars.push([bar.baseline, BASELINE, `${withUnit(bar.baseline)}${named}`])
    }
    const middle = rowTop + (bars.length * ROW) / 2
    layers.bars.push(
      text([LABEL_WIDTH - 10, middle + 4], label, `font-size="12" fill="${INK}" text-anchor="end"`),
    )
    bars.forEach(([value, colour, caption], row) => {
      const barTop = rowTop + row * ROW
      const end = x(value)
      const width = Math.max(1, end - LABEL_WIDTH)
      layers.bars.push(
        `<rect x="${LABEL_WIDTH}" y="${barTop + 2}" width="${round(width)}" height="${ROW - 4}" fill="${colour}"/>`,
      )
      // The figure after its bar or, when it would run off the chart, inside it; outside, a white halo
      // keeps it readable where a goal line crosses it.
      const captionWidth = textWidth(caption, 11)
      const inside = end + 6 + captionWidth > WIDTH - 8 && width > captionWidth + 12
      figures.push(
        text(
          [inside ? end - 6 : end + 6, barTop + ROW - 5],
          caption,
          inside
            ? 'font-size="11" fill="#ffffff" text-anchor="end"'
            : `font-size="11" fill="${INK}" stroke="#ffffff" stroke-width="3" paint-order="stroke"`,
        ),
      )
    })
    if (bar.goal !== undefined)
      layers.goals.push(goalLine(x(bar.goal), rowTop - 3, rowTop + rowHeight - GAP + 3))
  })
  if (chart.goal !== undefined) layers.goals.push(goalLine(x(chart.goal), top - 6, bottom + 4))

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="${FONT}" role="img" aria-label="${xmlText(chart.title)}">`,
    `<title>${xmlText(chart.title)}</title>`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    ...layers.heading,
    ...layers.grid,
    ...layers.bars,
    ...layers.goals,
    ...figures,
    '</svg>',
    '',
  ].join('\n')
}
