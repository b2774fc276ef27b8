import type { Plan } from '../../data/plans.ts'
import { buildRestApi, type RestApi, select } from '../listings/rest.ts'
import { listingsStoreKind } from '../listings/source.ts'
import { PLAN_COLUMNS, type PlanRow, planFromRow } from './plan-rows.ts'

/**
 * The plans a visitor may choose, in their order: the database's active plans, as the admin left them
 * (an anonymous REST read: the public pages load no supabase-js; row-level security shows a visitor
 * the active plans only, and the filter says so too).
 */
export async function readPublicPlans(api: RestApi): Promise<Plan[]> {
  const query = new URLSearchParams({ select: PLAN_COLUMNS, is_active: 'is.true', order: 'sort_order,id' })
  return (await select<PlanRow>(api, 'plans', query, 'Loading the plans')).map(planFromRow)
}

/**
 * The build's public plans: the database's (the default), or in the browser-store build (the spec's
 * static demo without a backend) the static plans of data/plans.ts, a chunk of their own.
 */
export async function loadPublicPlans(): Promise<Plan[]> {
  if (listingsStoreKind(import.meta.env.VITE_LISTINGS_STORE) === 'browser') {
    const { PUBLIC_PLANS } = await import('../../data/plans.ts')
    return [...PUBLIC_PLANS]
  }
  return readPublicPlans(buildRestApi())
}
