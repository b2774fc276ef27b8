import { Check, X } from 'lucide-react'
import { useNavigate } from 'react-router-dom'
import { formatPrice } from '../../lib/format.ts'
import { useStoredSession } from '../../lib/hooks.ts'
import { formatListingLimit } from '../../lib/plans/plan-rows.ts'
import { usePublicPlans } from '../../lib/plans/use-public-plans.ts'
import { ListingsLoadError } from '../listings/ListingsLoadError.tsx'

/** Cards shown while the plans load: as many as the usual active plans, each a card's height, so nothing moves when they come. */
const PLACEHOLDER_CARDS = 3

/**
 * The home page's plan cards: the active plans as the admin left them (the database's; the static demo
 * plans in the browser-store build). Choosing a plan leads to sign-up, or to the subscription tab when
 * signed in.
 */
export function PricingPlans() {
  const navigate = useNavigate()
  const { isLoggedIn } = useStoredSession()
  const { state, retry } = usePublicPlans()
  const choosePlan = () => navigate(isLoggedIn ? '/dashboard?tab=subscription' : '/auth?tab=register')

  return (
    <section aria-labelledby="choose-plan-heading" className="mx-auto max-w-7xl px-4 py-16 lg:px-8">
      <h2 id="choose-plan-heading" className="text-center text-3xl font-bold text-gray-900">
        Choose Your Plan
      </h2>
      <p className="mt-2 text-center text-gray-600">
        Your first listing is free. Upgrade when you need more.
      </p>
      {state.status === 'loading' ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading the plans"
          className="mx-auto mt-10 grid max-w-5xl grid-cols-1 gap-6 md:grid-cols-3"
        >
          {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              key={index}
              className="h-[25.25rem] animate-pulse rounded-lg border border-gray-200 bg-gray-100"
            />
          ))}
        </div>
      ) : state.status === 'error' ? (
        <div className="mx-auto mt-10 max-w-xl">
          <ListingsLoadError title="The plans could not be loaded" message={state.message} onRetry={retry} />
        </div>
      ) : (
        <ul className="mx-auto mt-10 grid max-w-5xl grid-cols-1 gap-6 md:grid-cols-3">
          {state.plans.map((plan) => (
            <li
              key={plan.id}
              data-testid={`plan-${plan.id}`}
              aria-labelledby={`plan-${plan.id}-name`}
              className={
                plan.isPopular
                  ? 'relative flex flex-col rounded-lg border-2 border-blue-600 bg-white p-6 shadow-md'
                  : 'relative flex flex-col rounded-lg border border-gray-200 bg-white p-6 shadow-sm'
              }
            >
              {plan.isPopular && (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-blue-600 px-3 py-1 text-xs font-semibold text-white">
                  Most Popular
                </span>
              )}
              <h3 id={`plan-${plan.id}-name`} className="text-xl font-semibold text-gray-900">
                {plan.name}
              </h3>
              <p className="mt-1 text-sm text-gray-600">{plan.description}</p>
              <p className="mt-4 flex items-baseline gap-1">
                <span className="text-4xl font-bold text-gray-900">{formatPrice(plan.price)}</span>
                <span className="text-gray-600">
                  {plan.period === 'forever' ? 'Free forever' : `/${plan.period}`}
                </span>
              </p>
              <p className="mt-2 text-sm font-medium text-blue-700">
                Listing limit: {formatListingLimit(plan.listingLimit)}
              </p>
              <ul className="mt-6 flex-1 space-y-3 text-sm">
                {plan.features.map((feature) => (
                  <li
                    key={feature.name}
                    className={
                      feature.included
                        ? 'flex items-start gap-2 text-gray-700'
                        : 'flex items-start gap-2 text-gray-500'
                    }
                  >
                    {feature.included ? (
                      <Check className="h-5 w-5 shrink-0 text-green-600" aria-hidden="true" />
                    ) : (
                      <X className="h-5 w-5 shrink-0 text-gray-400" aria-hidden="true" />
                    )}
                    <span>
                      <span className="sr-only">{feature.included ? 'Included: ' : 'Not included: '}</span>
                      {feature.name}
                    </span>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                onClick={choosePlan}
                className={
                  plan.isPopular
                    ? 'mt-8 rounded-md bg-blue-600 px-4 py-2.5 font-medium text-white hover:bg-blue-700'
                    : 'mt-8 rounded-md border border-blue-600 px-4 py-2.5 font-medium text-blue-700 hover:bg-blue-50'
                }
              >
                {plan.buttonText}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
