import { Link } from 'react-router-dom'
import { LegalPage } from '../components/static/LegalPage.tsx'
import { TextSection } from '../components/static/TextSection.tsx'
import type { Plan } from '../data/plans.ts'
import { SITE } from '../data/site.ts'
import { useDocumentTitle } from '../lib/document-title.ts'
import { formatPrice } from '../lib/format.ts'
import { usePublicPlans } from '../lib/plans/use-public-plans.ts'
import { useSiteSettings } from '../lib/use-site-settings.ts'

/** `free`, `₹499/month`, or a one-off price for a paid plan without a period. */
function planPrice(plan: Plan): string {
  if (plan.price === 0) return 'free'
  return plan.period === 'forever' ? formatPrice(plan.price) : `${formatPrice(plan.price)}/${plan.period}`
}

function includedFeatures(plan: Plan): string {
  return plan.features
    .filter((feature) => feature.included)
    .map((feature) => feature.name.charAt(0).toLowerCase() + feature.name.slice(1))
    .join(', ')
}

/** The rules for using the marketplace, posting listings and paying for plans. */
export function TermsPage() {
  const { supportEmail } = useSiteSettings()
  useDocumentTitle('Terms of Service')
  return (
    <LegalPage title="Terms of Service">
      <TextSection title="Acceptance of terms">
        <p>
          By using {SITE.name}, browsing, creating an account or posting a listing, you agree to these terms
          and to our{' '}
          <Link to="/privacy" className="font-medium text-blue-700 hover:text-blue-800">
            Privacy Policy
          </Link>
          . If you do not agree, please do not use the site.
        </p>
      </TextSection>

      <TextSection title="Accounts">
        <p>
          You need an account to post listings and contact sellers. Give your real name and a working e-mail
          address or phone number, keep your password to yourself, and tell us at once if you think someone
          else is using your account. You are responsible for everything posted from it.
        </p>
        <p>We may suspend accounts that break these terms.</p>
      </TextSection>

      <TextSection title="Posting rules">
        <ul className="list-disc space-y-1 pl-6">
          <li>Post only items you own or services you provide yourself, one item or service per listing.</li>
          <li>Choose the right category and the town where the item actually is.</li>
          <li>Give an honest description and a real price in rupees.</li>
          <li>Use your own photos: up to 5 per listing, each no larger than 5MB.</li>
          <li>Do not post the same listing more than once.</li>
        </ul>
        <p>
          New listings wait for approval by our moderators. We may reject, edit the category of, or remove any
          listing that breaks these rules.
        </p>
      </TextSection>

      <TextSection title="Prohibited items">
        <p>The following may not be listed:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>Weapons, ammunition and explosives, including firecrackers.</li>
          <li>Drugs, prescription medicines, alcohol and tobacco products.</li>
          <li>Stolen goods, counterfeit or pirated products.</li>
          <li>Wild animals, protected species and their parts.</li>
          <li>Adult content or services.</li>
          <li>Job offers or schemes that ask the applicant to pay a fee.</li>
          <li>Anything else whose sale is illegal in India.</li>
        </ul>
      </TextSection>

      <TextSection title="Payments and plans">
        <p>Browsing is free. Sellers choose one of these plans:</p>
        <PlanTerms />
        <p>
          A paid plan runs for 30 days from payment. Prices are in rupees. You can change your plan from My
          Dashboard at any time; the new plan starts when its payment succeeds.
        </p>
      </TextSection>

      <TextSection title="Limitation of liability">
        <p>
          {SITE.name} is a meeting place for buyers and sellers. We do not own, inspect or guarantee the items
          and services listed, and we are not a party to any deal made through the site. Check items before
          paying and follow our safety tips.
        </p>
        <p>
          To the extent the law allows, we are not liable for losses arising from listings, from deals between
          users, or from the site being unavailable.
        </p>
      </TextSection>

      <TextSection title="Contact">
        <p>
          Questions about these terms? Write to {supportEmail}, call {SITE.phone}, or use our{' '}
          <Link to="/contact" className="font-medium text-blue-700 hover:text-blue-800">
            contact form
          </Link>
          .
        </p>
      </TextSection>
    </LegalPage>
  )
}

/** The plans a seller may choose now, as the home page shows them (the database's active plans). */
function PlanTerms() {
  const { state, retry } = usePublicPlans()
  if (state.status === 'loading')
    return (
      <div role="status" aria-busy="true" aria-label="Loading the plans" className="space-y-2 pl-6">
        {[0, 1, 2].map((line) => (
          <div key={line} className="h-5 w-3/4 animate-pulse rounded bg-gray-100" />
        ))}
      </div>
    )
  if (state.status === 'error')
    return (
      <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-700">
        The plans could not be loaded: {state.message}{' '}
        <button type="button" onClick={retry} className="font-medium underline">
          Try again
        </button>
      </p>
    )
  return (
    <ul className="list-disc space-y-1 pl-6">
      {state.plans.map((plan) => (
        <li key={plan.id}>
          <span className="font-medium text-gray-900">{plan.name}</span> ({planPrice(plan)}):{' '}
          {includedFeatures(plan)}.
        </li>
      ))}
    </ul>
  )
}
