import { readdirSync } from 'node:fs'
import path from 'node:path'
import { sourceOf } from './source.ts'
import { REPOSITORY_ROOT } from './spec-quotes.ts'

/**
 * The marketplace's migrations (examples/marketplace/supabase/migrations), read as text: the SQL-enforced
 * rules are run against Postgres by examples/marketplace/server/db/*.test.ts; here only what the SQL
 * states as a constant is read (a seeded plan, a check, an interval).
 */

const MIGRATIONS = 'examples/marketplace/supabase/migrations'

/** Every migration, in the order they run, as one text. */
export function migrationsSql(): string {
  return readdirSync(path.join(REPOSITORY_ROOT, MIGRATIONS))
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => sourceOf(`${MIGRATIONS}/${name}`))
    .join('\n')
}

export interface SeededPlan {
  id: string
  name: string
  price: number
  period: string
  listingLimit: number
  isPopular: boolean
  isActive: boolean
}

/** The plans the migrations insert into public.plans, in their order. */
export function seededPlans(): SeededPlan[] {
  const row =
    /\('([a-z-]+)', '([^']+)', (\d+), '(\w+)', (-?\d+), '(?:[^']|'')*',\s*'(?:[^']|'')*',\s*(true|false), (true|false),/g
  return [...migrationsSql().matchAll(row)].map((match) => ({
    id: match[1] as string,
    name: match[2] as string,
    price: Number(match[3]),
    period: match[4] as string,
    listingLimit: Number(match[5]),
    isPopular: match[6] === 'true',
    isActive: match[7] === 'true',
  }))
}
