/** Admin section Analytics (issue 30): being built in this change. */
export function AnalyticsSection() {
  return <section aria-label="Analytics" />
}
