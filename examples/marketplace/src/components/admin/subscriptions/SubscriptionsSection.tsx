/** Admin section Subscriptions (issue 30): being built in this change. */
export function SubscriptionsSection() {
  return <section aria-label="Subscriptions" />
}
