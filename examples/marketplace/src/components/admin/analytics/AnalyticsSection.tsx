import * as Tabs from '@radix-ui/react-tabs'
import { LoaderCircle } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { AdminAnalytics, type Analytics } from '../../../lib/admin/analytics.ts'
import { analyticsCsv } from '../../../lib/admin/analytics-csv.ts'
import { ANALYTICS_TABS, type AnalyticsTab, count, rangeText } from '../../../lib/admin/analytics-text.ts'
import { type DateRangeId, type DateSpan, rangeSpan } from '../../../lib/admin/date-range.ts'
import { useAdminRead } from '../../../lib/admin/use-admin-read.ts'
import { ListingsLoadError } from '../../listings/ListingsLoadError.tsx'
import { AdminNoticeLine, useAdminNotice } from '../AdminNotice.tsx'
import { AnalyticsStatCards } from './AnalyticsStatCards.tsx'
import { RangePicker } from './RangePicker.tsx'

type ChartsModule = typeof import('./AnalyticsCharts.tsx')
type PresetId = Exclude<DateRangeId, 'custom'>

// A blob's address lives until the browser has started the download; then it is let go.
const BLOB_URL_MS = 30_000

/** A preset's dates, ending today (UTC). */
const presetSpan = (id: PresetId) => rangeSpan(id, new Date()) as DateSpan

/**
 * The charts' module (recharts, the heaviest part of the admin page), loaded when Analytics is first
 * opened rather than with the admin page; a failed download is said, with a way to try again.
 */
function useChartsModule(): { charts: ChartsModule | null; failure: string | null; retry: () => void } {
  const [charts, setCharts] = useState<ChartsModule | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure
  useEffect(() => {
    let current = true
    setFailure(null)
    import('./AnalyticsCharts.tsx').then(
      (module) => current && setCharts(module),
      (error: unknown) => current && setFailure(error instanceof Error ? error.message : String(error)),
    )
    return () => {
      current = false
    }
  }, [attempt])
  return { charts, failure, retry: useCallback(() => setAttempt((value) => value + 1), []) }
}

/** Saves the text as a file through the browser's download (a Blob behind an `<a download>`). */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_MS)
}

/**
 * Admin section Analytics (spec section 2, issue 30): the range buttons (7 days, 30 days first, 90
 * days, Year, Custom) and Export; four stat cards against the period before; tabs Overview, Users,
 * Listings and Revenue with charts from admin_analytics. While a new range is read the last one stays
 * on screen, dimmed; Export saves the shown range's days as CSV.
 */
export function AnalyticsSection() {
  const [choice, setChoice] = useState<DateRangeId>('30d')
  const [preset, setPreset] = useState<PresetId>('30d')
  // A custom range once applied; until then Custom keeps showing the last preset's days.
  const [custom, setCustom] = useState<DateSpan | null>(null)
  const [tab, setTab] = useState<AnalyticsTab>('overview')
  const [notice, setNotice] = useAdminNotice()
  const span = choice === 'custom' && custom ? custom : presetSpan(preset)
  const { state, reload } = useAdminRead(`${span.from}/${span.to}`, (client) =>
    new AdminAnalytics(client).read(span),
  )
  const { charts, failure, retry } = useChartsModule()
  const shown: Analytics | null = state.shown
  const loading = state.status === 'loading'

  const choose = (id: DateRangeId) => {
    setChoice(id)
    if (id !== 'custom') {
      setPreset(id)
      setCustom(null)
    }
  }

  const exportCsv = () => {
    if (!shown) return
    const { fileName, text } = analyticsCsv(shown)
    download(fileName, text)
    setNotice({ kind: 'success', text: `Exported ${fileName}` })
  }

  return (
    <section aria-labelledby="analytics-heading" className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="analytics-heading" className="text-xl font-semibold text-gray-900">
          Analytics
        </h2>
        <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
          {loading && <LoaderCircle className="h-4 w-4 motion-safe:animate-spin" aria-hidden="true" />}
          {loading
            ? 'Loading the range…'
            : shown
              ? `${rangeText(shown.range)} · ${count(shown.range.days)} ${shown.range.days === 1 ? 'day' : 'days'} (UTC)`
              : ''}
        </p>
      </div>
      <RangePicker
        choice={choice}
        span={span}
        onChoose={choose}
        onApply={setCustom}
        exportDisabled={state.status !== 'ready'}
        onExport={exportCsv}
      />
      <AdminNoticeLine notice={notice} />
      {state.status === 'error' && (
        <ListingsLoadError
          title="The analytics could not be loaded"
          message={state.message}
          onRetry={reload}
        />
      )}
      <div
        aria-busy={loading}
        className={`space-y-5 transition-opacity ${loading && shown ? 'opacity-60' : ''}`}
      >
        <AnalyticsStatCards analytics={shown} />
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as AnalyticsTab)}>
          <Tabs.List aria-label="Analytics views" className="flex flex-wrap gap-1 border-b border-gray-200">
            {ANALYTICS_TABS.map((entry) => (
              <Tabs.Trigger
                key={entry.id}
                value={entry.id}
                className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-gray-600 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 data-[state=active]:border-blue-600 data-[state=active]:text-blue-700"
              >
                {entry.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {ANALYTICS_TABS.map((entry) => (
            <Tabs.Content
              key={entry.id}
              value={entry.id}
              className="rounded-md pt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
            >
              {failure !== null ? (
                <ListingsLoadError title="The charts could not be loaded" message={failure} onRetry={retry} />
              ) : shown && charts ? (
                <charts.AnalyticsCharts tab={entry.id} analytics={shown} />
              ) : state.status === 'error' ? null : (
                <div
                  role="status"
                  aria-busy="true"
                  aria-label="Loading the charts"
                  className="h-72 animate-pulse rounded-lg bg-gray-100"
                />
              )}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
    </section>
  )
}
