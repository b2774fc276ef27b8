export interface PlanFeature {
  name: string
  included: boolean
}

/**
 * A plan (spec section 3). Plans are data: the database's `public.plans`, which admins edit
 * (lib/plans/plan-rows.ts reads its rows); the list below is the spec's static demo, read only by the
 * browser-store build (`VITE_LISTINGS_STORE=browser`, lib/plans/public-plans.ts).
 */
export interface Plan {
  /** `free`, `basic`, ... or an id the database made from a new plan's name (`gold-plus`). */
  id: string
  name: string
  /** Rupees per period. */
  price: number
  period: 'month' | 'year' | 'forever'
  /** -1 means unlimited. */
  listingLimit: number
  description: string
  features: PlanFeature[]
  isPopular: boolean
  isActive: boolean
  buttonText: string
}

const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    period: 'forever',
    listingLimit: 1,
    description: 'Your first listing is free.',
    features: [
      { name: '1 active listing', included: true },
      { name: 'Basic listing visibility', included: true },
      { name: 'Email support', included: true },
      { name: 'Featured listings', included: false },
    ],
    isPopular: false,
    isActive: true,
    buttonText: 'Get Started',
  },
  {
    id: 'basic',
    name: 'Basic',
    price: 499,
    period: 'month',
    listingLimit: 5,
    description: 'For regular sellers.',
    features: [
      { name: 'Up to 5 active listings', included: true },
      { name: 'Better listing visibility', included: true },
      { name: 'Priority email support', included: true },
      { name: 'Featured listings', included: false },
    ],
    isPopular: true,
    isActive: true,
    buttonText: 'Choose Basic',
  },
  {
    id: 'premium',
    name: 'Premium',
    price: 999,
    period: 'month',
    listingLimit: -1,
    description: 'For shops and power sellers.',
    features: [
      { name: 'Unlimited listings', included: true },
      { name: 'Ad-free experience', included: true },
      { name: '24/7 phone support', included: true },
      { name: 'Featured listings', included: true },
    ],
    isPopular: false,
    isActive: true,
    buttonText: 'Choose Premium',
  },
  {
    id: 'business',
    name: 'Business',
    price: 1999,
    period: 'month',
    listingLimit: -1,
    description: 'Set up by administrators for businesses.',
    features: [
      { name: 'Unlimited listings', included: true },
      { name: 'Dedicated account manager', included: true },
      { name: '24/7 phone support', included: true },
      { name: 'Featured listings', included: true },
    ],
    isPopular: false,
    isActive: false,
    buttonText: 'Contact Us',
  },
]

/** The plans a visitor can pick in the static demo: every active plan (Business is admin-only and inactive). */
export const PUBLIC_PLANS: readonly Plan[] = PLANS.filter((plan) => plan.isActive)
