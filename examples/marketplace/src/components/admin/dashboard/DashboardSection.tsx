import type { OpenAdminSection } from '../../../lib/admin/sections.ts'

/** Admin section Dashboard (issue 30): being built in this change. */
export function DashboardSection(_props: { onOpen: OpenAdminSection }) {
  return <section aria-label="Dashboard" />
}
