import type { SupabaseClient } from '@supabase/supabase-js'
import type { Plan, PlanFeature } from '../../data/plans.ts'
import { formatPrice } from '../format.ts'
import { type PlanRow, planFromRow } from '../plans/plan-rows.ts'

/** A plan as the admin sees it: with the accounts on it now (admins not counted). */
export interface AdminPlan extends Plan {
  userCount: number
}

/** The periods a plan is sold for, as the plan form offers them. */
export const PLAN_PERIODS = [
  { id: 'month', label: 'Monthly' },
  { id: 'year', label: 'Yearly' },
  { id: 'forever', label: 'Forever' },
] as const satisfies readonly { id: Plan['period']; label: string }[]

/** The database's rules for a plan (admin_save_plan), checked before sending. */
export const PLAN_RULES = {
  nameLength: 60,
  /** Prices are below ten thousand million rupees (`numeric(12, 2)`). */
  maxPrice: 9_999_999_999,
  /** `listing_limit` is an `integer`. */
  maxListingLimit: 2_147_483_647,
  features: 20,
  featureNameLength: 100,
  descriptionLength: 500,
  buttonTextLength: 40,
} as const

/** One row of the plan form's features: `key` tells rows apart while names are typed (and may repeat). */
export interface FeatureDraft extends PlanFeature {
  key: number
}

/** The plan form as typed: numbers stay text until they are checked, so nothing typed is lost. */
export interface PlanDraft {
  name: string
  price: string
  period: Plan['period']
  listingLimit: string
  /** Listing limit -1. The number typed stays, should the box be unticked again. */
  unlimited: boolean
  features: FeatureDraft[]
  isPopular: boolean
  isActive: boolean
  description: string
  buttonText: string
}

/** What admin_save_plan is given: a checked draft. */
export interface PlanInput {
  name: string
  price: number
  period: Plan['period']
  listingLimit: number
  features: PlanFeature[]
  isPopular: boolean
  isActive: boolean
  description: string
  buttonText: string
}

export type PlanField = 'name' | 'price' | 'listingLimit' | 'features' | 'description' | 'buttonText'

export interface PlanProblems {
  /** A message per field. */
  fields: Partial<Record<PlanField, string>>
  /** A message per feature row, by its key. */
  features: Record<number, string>
}

/** The id of the plan every account without a subscription is on: it stays active, free and forever. */
export const FREE_PLAN_ID = 'free'

/** The form for `plan` (Edit), or an empty one (Create New Plan: monthly, active, one feature row). */
export function draftOf(plan: Plan | null): PlanDraft {
  if (!plan) {
    return {
      name: '',
      price: '',
      period: 'month',
      listingLimit: '',
      unlimited: false,
      features: addFeature([]),
      isPopular: false,
      isActive: true,
      description: '',
      buttonText: '',
    }
  }
  return {
    name: plan.name,
    price: String(plan.price),
    period: plan.period,
    listingLimit: plan.listingLimit === -1 ? '' : String(plan.listingLimit),
    unlimited: plan.listingLimit === -1,
    features: plan.features.map((feature, index) => ({ key: index + 1, ...feature })),
    isPopular: plan.isPopular,
    isActive: plan.isActive,
    description: plan.description,
    buttonText: plan.buttonText,
  }
}

/** The features with an empty, included row added at the end (its key one above the others'). */
export function addFeature(features: readonly FeatureDraft[]): FeatureDraft[] {
  const key = features.reduce((highest, feature) => Math.max(highest, feature.key), 0) + 1
  return [...features, { key, name: '', included: true }]
}

/** The features without the row `key`. */
export function removeFeature(features: readonly FeatureDraft[], key: number): FeatureDraft[] {
  return features.filter((feature) => feature.key !== key)
}

/** The features with row `key` changed. */
export function changeFeature(
  features: readonly FeatureDraft[],
  key: number,
  change: Partial<PlanFeature>,
): FeatureDraft[] {
  return features.map((feature) => (feature.key === key ? { ...feature, ...change } : feature))
}

/** A whole number typed with or without digit grouping (`1,999`, `1,00,000`); null when it is none. */
export function wholeNumber(text: string): number | null {
  const digits = text.trim().replace(/[,\s]/g, '')
  return /^\d+$/.test(digits) ? Number(digits) : null
}

/**
 * The draft checked against the database's rules (admin_save_plan), each problem said where it is, or
 * the input to send. Prices are whole rupees: every page shows rupees without paise. `planId` is the
 * plan edited (null when creating): the Free plan stays active, free and forever.
 */
export function checkPlanDraft(
  draft: PlanDraft,
  planId: string | null,
): { ok: true; input: PlanInput } | { ok: false; problems: PlanProblems } {
  const fields: PlanProblems['fields'] = {}
  const features: PlanProblems['features'] = {}
  const name = draft.name.trim()
  if (name === '') fields.name = "Enter the plan's name"
  else if (name.length > PLAN_RULES.nameLength)
    fields.name = `The name is at most ${PLAN_RULES.nameLength} characters (it has ${name.length})`

  const price = wholeNumber(draft.price)
  if (price === null) fields.price = 'Enter the price in whole rupees, 0 or more (such as 499)'
  else if (price > PLAN_RULES.maxPrice)
    fields.price = `The price is at most ${formatPrice(PLAN_RULES.maxPrice)}`
  else if (planId === FREE_PLAN_ID && price !== 0) fields.price = 'The Free plan stays free: its price is 0'

  const limit = draft.unlimited ? -1 : wholeNumber(draft.listingLimit)
  if (limit === null || limit === 0)
    fields.listingLimit = 'Enter how many listings the plan allows (1 or more), or tick Unlimited'
  else if (limit > PLAN_RULES.maxListingLimit)
    fields.listingLimit = `The limit is at most ${PLAN_RULES.maxListingLimit.toLocaleString('en-IN')}; tick Unlimited for no limit`

  if (draft.features.length > PLAN_RULES.features)
    fields.features = `A plan lists at most ${PLAN_RULES.features} features`
  const seen = new Set<string>()
  for (const feature of draft.features) {
    const featureName = feature.name.trim()
    if (featureName === '') features[feature.key] = 'Name this feature or remove it'
    else if (featureName.length > PLAN_RULES.featureNameLength)
      features[feature.key] = `A feature's name is at most ${PLAN_RULES.featureNameLength} characters`
    else if (seen.has(featureName.toLowerCase())) features[feature.key] = 'This feature is listed already'
    seen.add(featureName.toLowerCase())
  }

  if (draft.description.length > PLAN_RULES.descriptionLength)
    fields.description = `The description is at most ${PLAN_RULES.descriptionLength} characters (it has ${draft.description.length})`
  if (draft.buttonText.length > PLAN_RULES.buttonTextLength)
    fields.buttonText = `The button text is at most ${PLAN_RULES.buttonTextLength} characters (it has ${draft.buttonText.length})`

  if (Object.keys(fields).length > 0 || Object.keys(features).length > 0 || price === null || limit === null)
    return { ok: false, problems: { fields, features } }
  return {
    ok: true,
    input: {
      name,
      price,
      period: planId === FREE_PLAN_ID ? 'forever' : draft.period,
      listingLimit: limit,
      features: draft.features.map((feature) => ({ name: feature.name.trim(), included: feature.included })),
      isPopular: draft.isPopular,
      isActive: planId === FREE_PLAN_ID ? true : draft.isActive,
      description: draft.description,
      buttonText: draft.buttonText,
    },
  }
}

/** The database's messages (admin_save_plan, 22023) by the field they are about. */
const FIELD_MESSAGES: readonly [prefix: string, field: PlanField][] = [
  ["A plan's name", 'name'],
  ["A plan's price", 'price'],
  ["A plan's listing limit", 'listingLimit'],
  ["A plan's features", 'features'],
  ["A plan's description", 'description'],
  ["A plan's button text", 'buttonText'],
]

/** The field a database message is about, to show it there; null for the form as a whole. */
export function planErrorField(message: string): PlanField | null {
  return FIELD_MESSAGES.find(([prefix]) => message.startsWith(prefix))?.[1] ?? null
}

type AdminPlanRow = PlanRow & { user_count: number }

const fromRow = (row: AdminPlanRow): AdminPlan => ({ ...planFromRow(row), userCount: row.user_count })

/**
 * The Plans tab through the database's admin functions (admin_plans, admin_save_plan; issue 30): each
 * checks that the caller is an admin and records what it changes. The database's error message is
 * passed on: it is written for people.
 */
export class AdminPlans {
  constructor(private readonly client: SupabaseClient) {}

  /** Every plan (the inactive ones too) in their order; `q` a part of the id, name or description. */
  async list(q: string): Promise<AdminPlan[]> {
    const { data, error } = await this.client.rpc('admin_plans', { q: q.trim() || null })
    if (error) throw new Error(error.message)
    return (data as AdminPlanRow[]).map(fromRow)
  }

  /** Saves plan `target`, or creates a plan when it is null (its id made from the name); the plan after it. */
  async save(target: string | null, input: PlanInput): Promise<AdminPlan> {
    const { data, error } = await this.client.rpc('admin_save_plan', {
      target,
      name: input.name,
      price: input.price,
      period: input.period,
      listing_limit: input.listingLimit,
      features: input.features,
      is_popular: input.isPopular,
      is_active: input.isActive,
      description: input.description,
      button_text: input.buttonText,
    })
    if (error) throw new Error(error.message)
    return fromRow(data as AdminPlanRow)
  }
}
