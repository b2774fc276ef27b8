import { Check, Pencil, Plus, Users, X } from 'lucide-react'
import { useState } from 'react'
import { type AdminPlan, AdminPlans } from '../../../lib/admin/admin-plans.ts'
import { useAdminRead } from '../../../lib/admin/use-admin-read.ts'
import { formatPrice } from '../../../lib/format.ts'
import { formatListingLimit } from '../../../lib/plans/plan-rows.ts'
import { ListingsLoadError } from '../../listings/ListingsLoadError.tsx'
import { PlanDialog, type PlanDialogTarget } from './PlanDialog.tsx'

interface PlansTabProps {
  q: string
  onSearch: (q: string) => void
  /** Says what was saved (the section's success message). */
  onSaved: (message: string) => void
}

/**
 * The Plans tab: every plan, the inactive ones too, as cards (name, price and period, listing limit,
 * features with ticks, Popular and Inactive badges, the accounts on it now), a search, Edit on each and
 * Create New Plan; both open PlanDialog.
 */
export function PlansTab({ q, onSearch, onSaved }: PlansTabProps) {
  const { state, reload } = useAdminRead(q, (client) => new AdminPlans(client).list(q))
  const [target, setTarget] = useState<PlanDialogTarget>(null)
  const shown = state.shown

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="search"
          aria-label="Search plans"
          placeholder="Search by name or description"
          value={q}
          onChange={(event) => onSearch(event.target.value)}
          className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none sm:max-w-xs"
        />
        <button
          type="button"
          onClick={() => setTarget('new')}
          className="inline-flex items-center gap-2 rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 sm:ml-auto"
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Create New Plan
        </button>
      </div>
      {state.status === 'error' && (
        <ListingsLoadError title="The plans could not be loaded" message={state.message} onRetry={reload} />
      )}
      {shown === null ? (
        state.status === 'loading' && (
          <div
            role="status"
            aria-busy="true"
            aria-label="Loading plans"
            className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4"
          >
            {[0, 1, 2, 3].map((card) => (
              <div key={card} className="h-96 animate-pulse rounded-lg bg-gray-100" />
            ))}
          </div>
        )
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white px-6 py-10 text-center text-gray-600">
          No plans found matching your criteria
        </p>
      ) : (
        <ul aria-label="Plans" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
          {shown.map((plan) => (
            <PlanCard key={plan.id} plan={plan} onEdit={() => setTarget(plan)} />
          ))}
        </ul>
      )}
      <PlanDialog
        target={target}
        onClose={() => setTarget(null)}
        onSaved={(plan, created) => {
          setTarget(null)
          reload()
          onSaved(
            created
              ? `Plan ${plan.name} created${plan.isActive ? '' : ' (inactive: offered to no customer)'}`
              : `Plan ${plan.name} saved`,
          )
        }}
      />
    </div>
  )
}

/** `₹499 / month`, `₹0 forever`. */
const periodText = (plan: AdminPlan) => (plan.period === 'forever' ? 'forever' : `/ ${plan.period}`)

function PlanCard({ plan, onEdit }: { plan: AdminPlan; onEdit: () => void }) {
  const headingId = `admin-plan-${plan.id}`
  return (
    <li
      aria-labelledby={headingId}
      className={`flex flex-col rounded-lg border bg-white p-5 shadow-sm ${plan.isActive ? 'border-gray-200' : 'border-dashed border-gray-300 bg-gray-50'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold break-words text-gray-900">
          {plan.name}
        </h3>
        <div className="flex gap-1.5">
          {plan.isPopular && (
            <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-800">
              Popular
            </span>
          )}
          {!plan.isActive && (
            <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-800">
              Inactive
            </span>
          )}
        </div>
      </div>
      <p className="mt-2 flex items-baseline gap-1">
        <span className="text-2xl font-bold text-gray-900">{formatPrice(plan.price)}</span>
        <span className="text-sm text-gray-600">{periodText(plan)}</span>
      </p>
      {plan.description && <p className="mt-1 text-sm break-words text-gray-600">{plan.description}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-gray-500">Listing limit</dt>
          <dd className="font-medium text-gray-900">{formatListingLimit(plan.listingLimit)}</dd>
        </div>
        <div>
          <dt className="text-gray-500">Users</dt>
          <dd className="flex items-center gap-1 font-medium text-gray-900">
            <Users className="h-4 w-4 text-gray-500" aria-hidden="true" />
            {plan.userCount}
          </dd>
        </div>
      </dl>
      {plan.features.length > 0 && (
        <ul aria-label={`${plan.name} features`} className="mt-3 space-y-1.5 text-sm">
          {plan.features.map((feature, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: two features may share a name in the database
              key={index}
              className={`flex items-start gap-2 ${feature.included ? 'text-gray-700' : 'text-gray-500 line-through'}`}
            >
              {feature.included ? (
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden="true" />
              ) : (
                <X className="mt-0.5 h-4 w-4 shrink-0 text-gray-400" aria-hidden="true" />
              )}
              <span className="break-words">
                <span className="sr-only">{feature.included ? 'Included: ' : 'Not included: '}</span>
                {feature.name}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-4">
        <button
          type="button"
          onClick={onEdit}
          className="inline-flex w-full items-center justify-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit<span className="sr-only"> {plan.name}</span>
        </button>
      </div>
    </li>
  )
}
