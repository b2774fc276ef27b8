import { Check, X } from 'lucide-react'
import { useState } from 'react'
import type { Plan } from '../../data/plans.ts'
import { daysLeft } from '../../lib/dashboard/card-payment.ts'
import { announceListings } from '../../lib/dashboard/events.ts'
import { useSubscription } from '../../lib/dashboard/use-subscription.ts'
import { formatDate, formatPrice } from '../../lib/format.ts'
import { formatListingLimit } from '../../lib/plans/plan-rows.ts'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { PlanChangeDialog } from './PlanChangeDialog.tsx'

/**
 * Subscription (spec section 2): the current plan, the listings used against its limit, the expiry
 * with days left (or 'Your subscription has expired'), the auto-renewal note, Cancel Subscription
 * (confirmed) and Manage Payment; the plans to change to, each through the payment dialog.
 */
export function SubscriptionSection({ onManagePayment }: { onManagePayment: () => void }) {
  const { state, reload, store } = useSubscription()
  const [changing, setChanging] = useState<Plan | null>(null)
  const [cancelling, setCancelling] = useState(false)

  if (state.status === 'loading')
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading your subscription"
        className="h-64 animate-pulse rounded-lg bg-gray-100"
      />
    )
  if (state.status === 'error')
    return (
      <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-700">
        Your subscription could not be loaded: {state.message}
      </p>
    )
  const [{ plan, subscription, listingsUsed }, plans] = state.value
  const active = subscription?.status === 'active' && subscription.plan_id === plan.id ? subscription : null
  const expired = subscription?.status === 'active' && subscription.plan_id !== plan.id
  const end = active?.end_date ? new Date(active.end_date) : null
  const unlimited = plan.listingLimit === -1
  const usage = unlimited
    ? 0
    : Math.min(100, Math.round((listingsUsed / Math.max(1, plan.listingLimit)) * 100))

  return (
    <section aria-labelledby="subscription-heading" className="space-y-6">
      <h2 id="subscription-heading" className="text-xl font-semibold text-gray-900">
        Subscription
      </h2>
      <div className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-sm text-gray-500">Current plan</p>
            <p className="text-2xl font-bold text-gray-900">{plan.name}</p>
            <p className="text-gray-600">
              {formatPrice(plan.price)}
              {plan.period === 'forever' ? ' forever' : ` per ${plan.period}`}
            </p>
          </div>
          <div className="text-sm text-gray-700">
            {expired ? (
              <p className="font-medium text-red-700">Your subscription has expired</p>
            ) : end ? (
              <p>
                Expires on {formatDate(end.toISOString())} ({daysLeft(end)} days left)
              </p>
            ) : (
              <p>No expiry</p>
            )}
          </div>
        </div>
        <div className="mt-6">
          <p className="flex justify-between text-sm text-gray-700">
            <span>Listings used</span>
            <span>
              {listingsUsed} of {formatListingLimit(plan.listingLimit)}
            </span>
          </p>
          <div
            role="progressbar"
            aria-label="Listings used"
            aria-valuemin={0}
            aria-valuemax={unlimited ? undefined : plan.listingLimit}
            aria-valuenow={listingsUsed}
            aria-valuetext={`${listingsUsed} of ${formatListingLimit(plan.listingLimit)}`}
            className="mt-2 h-2 overflow-hidden rounded-full bg-gray-200"
          >
            <div className="h-full rounded-full bg-blue-600" style={{ width: `${usage}%` }} />
          </div>
        </div>
        <ul className="mt-6 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          {plan.features.map((feature) => (
            <li
              key={feature.name}
              className={`flex items-center gap-2 ${feature.included ? 'text-gray-700' : 'text-gray-400'}`}
            >
              {feature.included ? (
                <Check className="h-4 w-4 text-green-600" aria-hidden="true" />
              ) : (
                <X className="h-4 w-4" aria-hidden="true" />
              )}
              <span className="sr-only">{feature.included ? 'Included: ' : 'Not included: '}</span>
              {feature.name}
            </li>
          ))}
        </ul>
        {active?.auto_renew && (
          <p className="mt-4 text-sm text-gray-600">
            Your plan renews automatically at the end of each period unless you cancel it.
          </p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          {active && (
            <button
              type="button"
              onClick={() => setCancelling(true)}
              className="rounded-md border border-red-200 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
            >
              Cancel Subscription
            </button>
          )}
          <button
            type="button"
            onClick={onManagePayment}
            className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
          >
            Manage Payment
          </button>
        </div>
      </div>

      <ul aria-label="Plans" className="grid grid-cols-1 gap-6 md:grid-cols-3">
        {plans.map((choice) => (
          <li
            key={choice.id}
            aria-label={choice.name}
            className={`flex flex-col rounded-lg border bg-white p-6 shadow-sm ${choice.isPopular ? 'border-2 border-blue-600' : 'border-gray-200'}`}
          >
            <h3 className="text-lg font-semibold text-gray-900">{choice.name}</h3>
            <p className="mt-2 text-2xl font-bold text-gray-900">{formatPrice(choice.price)}</p>
            <p className="text-sm text-gray-600">
              {choice.period === 'forever' ? 'Free forever' : `per ${choice.period}`}
            </p>
            <p className="mt-2 text-sm font-medium text-blue-700">
              Listing limit: {formatListingLimit(choice.listingLimit)}
            </p>
            <button
              type="button"
              disabled={choice.id === plan.id}
              onClick={() => setChanging(choice)}
              className="mt-6 rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 disabled:bg-gray-200 disabled:text-gray-600"
            >
              {choice.id === plan.id ? 'Current Plan' : `Switch to ${choice.name}`}
            </button>
          </li>
        ))}
      </ul>

      <PlanChangeDialog
        plan={changing}
        onClose={() => setChanging(null)}
        onPay={async (chosen, method) => {
          await (await store()).changePlan(chosen.id, method)
          reload()
          announceListings('refresh')
        }}
      />
      <ConfirmDialog
        open={cancelling}
        title="Cancel your subscription?"
        description="You will be on the Free plan from now on, with its limit of 1 listing."
        cancelLabel="Keep Subscription"
        confirmLabel="Cancel Subscription"
        busyLabel="Cancelling..."
        onCancel={() => setCancelling(false)}
        onConfirm={async () => {
          await (await store()).cancel()
          setCancelling(false)
          reload()
        }}
      />
    </section>
  )
}
