/** Admin section Manage Users (issue 30): being built in this change. */
export function ManageUsersSection() {
  return <section aria-label="Manage Users" />
}
