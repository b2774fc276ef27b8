import type { Account } from '../../lib/auth/account.ts'

const ROLE_LABELS: Record<Account['role'], string> = {
  customer: 'Customer',
  premium: 'Premium',
  admin: 'Admin',
}

/** The signed-in user's name, e-mail and role, as the server has them. */
export function AccountSummary({ account }: { account: Account }) {
  const details = [
    { label: 'Name', value: account.name || '—' },
    { label: 'Email', value: account.email || '—' },
    { label: 'Role', value: ROLE_LABELS[account.role] },
  ]
  return (
    <section
      aria-labelledby="account-heading"
      className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
    >
      <h2 id="account-heading" className="text-lg font-semibold text-gray-900">
        Your Account
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {details.map((detail) => (
          <div key={detail.label}>
            <dt className="text-sm text-gray-500">{detail.label}</dt>
            <dd className="mt-0.5 font-medium break-words text-gray-900">{detail.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
