import type { Plan } from '../../data/plans.ts'

/**
 * A row of `public.plans` (supabase/migrations, issue 29) as PostgREST, supabase-js and the plan
 * functions answer it. `price` is `numeric`: a string from some drivers.
 */
export interface PlanRow {
  id: string
  name: string
  price: number | string
  period: Plan['period']
  listing_limit: number
  description: string
  features: Plan['features']
  is_popular: boolean
  is_active: boolean
  button_text: string
}

/** The columns a plan's card reads, as a PostgREST `select`. */
export const PLAN_COLUMNS =
  'id,name,price,period,listing_limit,description,features,is_popular,is_active,button_text'

/** The plan a row is, in the shape every page reads (data/plans.ts). */
export function planFromRow(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    price: Number(row.price),
    period: row.period,
    listingLimit: row.listing_limit,
    description: row.description,
    features: row.features,
    isPopular: row.is_popular,
    isActive: row.is_active,
    buttonText: row.button_text,
  }
}

/** A plan's listing limit as the cards show it: -1 is 'Unlimited' (the database's unlimited), else the number. */
export function formatListingLimit(limit: number): string {
  return limit === -1 ? 'Unlimited' : String(limit)
}
