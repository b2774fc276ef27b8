import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  type BarShapeProps,
  CartesianGrid,
  Rectangle,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import type { AnalyticsDay, AnalyticsFigures } from '../../../lib/admin/analytics.ts'
import { compactRupees, count, dayInFull, dayTick } from '../../../lib/admin/analytics-text.ts'
import { formatPrice } from '../../../lib/format.ts'

/** The charts' colours: Tailwind's 600s (blue, emerald, violet, amber, red), as SVG fills take them. */
export const COLORS = {
  blue: '#2563eb',
  emerald: '#059669',
  violet: '#7c3aed',
  amber: '#d97706',
  red: '#dc2626',
  orange: '#ea580c',
  gray: '#4b5563',
}

const AXIS_TICK = { fontSize: 12, fill: '#4b5563' }
const GRID = '#e5e7eb'

export interface DaySeries {
  key: keyof AnalyticsFigures
  label: string
  color: string
}

interface ChartText {
  /** The SVG's name and description (its `<title>` and `<desc>`). */
  title: string
  summary: string
}

// The value axis keeps a little height when every value is 0, so an empty range still draws its grid.
const atLeast = (floor: number) => (dataMax: number) => Math.max(dataMax, floor)

/** A value as its axis and tooltip write it: rupees, or a count. */
const valueText = (money: boolean) => (money ? formatPrice : count)

/**
 * Figures per day of the range: areas (several series on one chart) or bars. A year is 365 points:
 * the x ticks are thinned to what fits the width (preserveStartEnd keeps the first and last day).
 * recharts' accessibility layer stays on: the chart takes focus and the arrow keys walk the days,
 * the tooltip saying each one's figures.
 */
export function DayChart({
  kind,
  days,
  series,
  money = false,
  withYear,
  title,
  summary,
}: ChartText & {
  kind: 'area' | 'bar'
  days: readonly AnalyticsDay[]
  series: readonly DaySeries[]
  money?: boolean
  withYear: boolean
}) {
  const show = valueText(money)
  const common = {
    data: [...days],
    responsive: true,
    style: { width: '100%', height: '100%' },
    role: 'img',
    title,
    desc: summary,
    margin: { top: 4, right: 8, bottom: 0, left: 0 },
  }
  const axes = (
    <>
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis
        dataKey="date"
        tickFormatter={(date: string) => dayTick(date, withYear)}
        interval="preserveStartEnd"
        minTickGap={20}
        tick={AXIS_TICK}
        tickLine={false}
        axisLine={{ stroke: '#d1d5db' }}
      />
      <YAxis
        width="auto"
        allowDecimals={false}
        domain={[0, atLeast(money ? 1000 : 4)]}
        tickFormatter={(value: number) => (money ? compactRupees(value) : count(value))}
        tick={AXIS_TICK}
        tickLine={false}
        axisLine={false}
      />
      <Tooltip
        labelFormatter={(date) => dayInFull(String(date))}
        // The legend's order (the default sorts by name).
        itemSorter={(item) => series.findIndex((entry) => entry.key === item.dataKey)}
        formatter={(value, name) => [show(Number(value)), name]}
        cursor={kind === 'bar' ? { fill: '#f3f4f6' } : { stroke: '#9ca3af' }}
      />
    </>
  )
  if (kind === 'area') {
    return (
      <AreaChart {...common}>
        {axes}
        {series.map((entry) => (
          <Area
            key={entry.key}
            type="monotone"
            dataKey={entry.key}
            name={entry.label}
            stroke={entry.color}
            strokeWidth={2}
            fill={entry.color}
            fillOpacity={0.12}
          />
        ))}
      </AreaChart>
    )
  }
  return (
    <BarChart {...common} barCategoryGap="15%">
      {axes}
      {series.map((entry) => (
        <Bar
          key={entry.key}
          dataKey={entry.key}
          name={entry.label}
          fill={entry.color}
          radius={[3, 3, 0, 0]}
          maxBarSize={36}
        />
      ))}
    </BarChart>
  )
}

/** One bar of a breakdown: a category, a role, a status, a payment method. */
export interface BreakdownRow {
  label: string
  value: number
  color: string
}

/** Each bar in its own row's colour (recharts 3 draws per-row colours through `shape`). */
const ColouredBar = (props: BarShapeProps) => (
  <Rectangle {...props} fill={(props.payload as BreakdownRow | undefined)?.color ?? COLORS.blue} />
)

/**
 * A breakdown as horizontal bars, one row per entry with its name on the left: long category names
 * stay readable on a phone, where they would collide under vertical bars.
 */
export function BreakdownChart({
  rows,
  money = false,
  name,
  title,
  summary,
}: ChartText & { rows: readonly BreakdownRow[]; money?: boolean; name: string }) {
  const show = valueText(money)
  return (
    <BarChart
      data={[...rows]}
      layout="vertical"
      responsive
      style={{ width: '100%', height: '100%' }}
      role="img"
      title={title}
      desc={summary}
      margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
      barCategoryGap="20%"
    >
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis
        type="number"
        allowDecimals={false}
        domain={[0, atLeast(money ? 1000 : 4)]}
        tickFormatter={(value: number) => (money ? compactRupees(value) : count(value))}
        tick={AXIS_TICK}
        tickLine={false}
        axisLine={false}
      />
      <YAxis
        type="category"
        dataKey="label"
        width="auto"
        interval={0}
        tick={AXIS_TICK}
        tickLine={false}
        axisLine={{ stroke: '#d1d5db' }}
      />
      <Tooltip formatter={(value) => [show(Number(value)), name]} cursor={{ fill: '#f3f4f6' }} />
      <Bar dataKey="value" name={name} shape={ColouredBar} radius={[0, 3, 3, 0]} maxBarSize={28} />
    </BarChart>
  )
}
