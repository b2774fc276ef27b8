import type { Analytics, AnalyticsDay } from '../../../lib/admin/analytics.ts'
import {
  type AnalyticsTab,
  breakdownText,
  count,
  crossesYear,
  dayInFull,
  paymentMethodName,
  seriesSummary,
} from '../../../lib/admin/analytics-text.ts'
import { formatPrice } from '../../../lib/format.ts'
import { ChartCard, type ChartTable } from './ChartCard.tsx'
import { BreakdownChart, type BreakdownRow, COLORS, DayChart, type DaySeries } from './charts.tsx'

const USERS: DaySeries = { key: 'newUsers', label: 'New users', color: COLORS.blue }
const LISTINGS: DaySeries = { key: 'newListings', label: 'New listings', color: COLORS.emerald }
const REVENUE: DaySeries = { key: 'revenue', label: 'Revenue', color: COLORS.violet }

const NOUNS = {
  newUsers: { one: 'new user', many: 'new users' },
  newListings: { one: 'new listing', many: 'new listings' },
  revenue: { one: 'revenue', many: 'revenue', money: true },
} as const

const summaryOf = (days: readonly AnalyticsDay[], entry: DaySeries) =>
  seriesSummary(days, (day) => day[entry.key], NOUNS[entry.key as keyof typeof NOUNS])

/** A per-day chart's table: the day, then each series' figure. */
function dayTable(days: readonly AnalyticsDay[], series: readonly DaySeries[]): ChartTable {
  return {
    columns: ['Day', ...series.map((entry) => entry.label)],
    rows: days.map((day) => [
      dayInFull(day.date),
      ...series.map((entry) => (entry.key === 'revenue' ? formatPrice : count)(day[entry.key])),
    ]),
  }
}

/** A breakdown's table: the name, then its figure. */
const breakdownTable = (heading: string, column: string, rows: readonly BreakdownRow[], money = false) => ({
  columns: [heading, column],
  rows: rows.map((row) => [row.label, money ? formatPrice(row.value) : count(row.value)]),
})

const isEmpty = (values: readonly number[]) => values.every((value) => value === 0)

function PerDay({
  analytics,
  series,
  kind,
  title,
  className,
}: {
  analytics: Analytics
  series: readonly DaySeries[]
  kind: 'area' | 'bar'
  title: string
  className?: string
}) {
  const days = analytics.series
  const summary = series.map((entry) => summaryOf(days, entry)).join(' ')
  return (
    <ChartCard
      title={title}
      summary={summary}
      empty={isEmpty(days.flatMap((day) => series.map((entry) => day[entry.key])))}
      legend={series}
      table={dayTable(days, series)}
      className={className}
    >
      <DayChart
        kind={kind}
        days={days}
        series={series}
        money={series.every((entry) => entry.key === 'revenue')}
        withYear={crossesYear(analytics.range)}
        title={title}
        summary={summary}
      />
    </ChartCard>
  )
}

function Breakdown({
  title,
  summary,
  heading,
  name,
  rows,
  money = false,
  className,
}: {
  title: string
  summary: string
  /** The table's first column ('Role', 'Category'). */
  heading: string
  /** What the bars count ('New users', 'Revenue'). */
  name: string
  rows: readonly BreakdownRow[]
  money?: boolean
  className?: string
}) {
  // Room for every row's bar and name: 2.25rem a row, at least 10rem.
  const height = { height: `${Math.max(10, rows.length * 2.25 + 2)}rem` }
  return (
    <ChartCard
      title={title}
      summary={summary}
      empty={isEmpty(rows.map((row) => row.value))}
      table={breakdownTable(heading, name, rows, money)}
      height=""
      className={className}
    >
      <div style={height}>
        <BreakdownChart rows={rows} money={money} name={name} title={title} summary={summary} />
      </div>
    </ChartCard>
  )
}

function UsersCharts({ analytics }: { analytics: Analytics }) {
  const { usersByRole: roles, totals } = analytics
  const rows: BreakdownRow[] = [
    { label: 'Customer', value: roles.customer, color: COLORS.blue },
    { label: 'Premium', value: roles.premium, color: COLORS.violet },
    { label: 'Admin', value: roles.admin, color: COLORS.amber },
  ]
  return (
    <>
      <PerDay
        analytics={analytics}
        series={[USERS]}
        kind="bar"
        title="New users per day"
        className="lg:col-span-2"
      />
      <Breakdown
        title="New users by role"
        summary={
          totals.newUsers === 0
            ? 'No one joined in the range.'
            : `${count(totals.newUsers)} joined in the range: ${breakdownText(rows)}.`
        }
        heading="Role"
        name="New users"
        rows={rows}
      />
    </>
  )
}

function ListingsCharts({ analytics }: { analytics: Analytics }) {
  const { listingsByStatus: status, listingsByCategory, totals } = analytics
  const statusRows: BreakdownRow[] = [
    { label: 'Pending', value: status.pending, color: COLORS.amber },
    { label: 'Approved', value: status.approved, color: COLORS.emerald },
    { label: 'Rejected', value: status.rejected, color: COLORS.red },
    { label: 'Reported', value: status.reported, color: COLORS.orange },
  ]
  const categoryRows: BreakdownRow[] = listingsByCategory.map((entry) => ({
    label: entry.category,
    value: entry.listings,
    color: COLORS.blue,
  }))
  const top = listingsByCategory[0]
  return (
    <>
      <PerDay
        analytics={analytics}
        series={[LISTINGS]}
        kind="bar"
        title="New listings per day"
        className="lg:col-span-2"
      />
      <Breakdown
        title="Listings by status"
        summary={
          totals.newListings === 0
            ? 'No listings were posted in the range.'
            : `The ${count(totals.newListings)} posted in the range, as they stand now: ${breakdownText(statusRows)}. A reported listing is counted by its status too.`
        }
        heading="Status"
        name="Listings"
        rows={statusRows}
      />
      <Breakdown
        title="Listings by category"
        summary={
          top
            ? `Posted in ${count(listingsByCategory.length)} ${listingsByCategory.length === 1 ? 'category' : 'categories'}, the most in ${top.category} (${count(top.listings)}).`
            : 'No listings were posted in the range.'
        }
        heading="Category"
        name="Listings"
        rows={categoryRows}
        className="lg:col-span-3"
      />
    </>
  )
}

function RevenueCharts({ analytics }: { analytics: Analytics }) {
  const { revenueByMethod, subscriptionsByPlan, totals } = analytics
  const methodRows: BreakdownRow[] = revenueByMethod.map((entry, index) => ({
    label: paymentMethodName(entry.method),
    value: entry.revenue,
    color: [COLORS.violet, COLORS.blue, COLORS.gray][Math.min(index, 2)] ?? COLORS.gray,
  }))
  const planRows: BreakdownRow[] = subscriptionsByPlan.map((entry) => ({
    label: entry.planName,
    value: entry.subscriptions,
    color: COLORS.amber,
  }))
  const payments =
    totals.payments === 1 ? '1 successful payment' : `${count(totals.payments)} successful payments`
  return (
    <>
      <PerDay
        analytics={analytics}
        series={[REVENUE]}
        kind="bar"
        title="Revenue per day"
        className="lg:col-span-2"
      />
      <Breakdown
        title="Revenue by payment method"
        summary={
          totals.payments === 0
            ? 'No successful payments in the range.'
            : `${formatPrice(totals.revenue)} from ${payments}: ${breakdownText(methodRows, formatPrice)}.`
        }
        heading="Payment method"
        name="Revenue"
        rows={methodRows}
        money
      />
      <Breakdown
        title="New subscriptions by plan"
        summary={
          totals.newSubscriptions === 0
            ? 'No subscriptions started in the range.'
            : `${count(totals.newSubscriptions)} started in the range: ${breakdownText(planRows)}.`
        }
        heading="Plan"
        name="New subscriptions"
        rows={planRows}
        className="lg:col-span-3"
      />
    </>
  )
}

/**
 * The charts of one Analytics tab, drawn from admin_analytics' answer. This module holds recharts and
 * is loaded on its own (AnalyticsSection's `lazy`), so neither the public pages nor the admin's other
 * sections download it.
 */
export function AnalyticsCharts({ tab, analytics }: { tab: AnalyticsTab; analytics: Analytics }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      {tab === 'overview' ? (
        <>
          <PerDay
            analytics={analytics}
            series={[USERS, LISTINGS]}
            kind="area"
            title="New users and listings per day"
            className="lg:col-span-2"
          />
          <PerDay analytics={analytics} series={[REVENUE]} kind="bar" title="Revenue per day" />
        </>
      ) : tab === 'users' ? (
        <UsersCharts analytics={analytics} />
      ) : tab === 'listings' ? (
        <ListingsCharts analytics={analytics} />
      ) : (
        <RevenueCharts analytics={analytics} />
      )}
    </div>
  )
}
