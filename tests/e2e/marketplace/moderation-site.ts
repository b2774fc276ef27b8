import { supabaseClientAt } from '../../../examples/marketplace/server/supabase-test-clients.ts'
import { env } from './accounts.ts'

/**
 * The moderation site (`test.use({ listingsStore: 'moderation' })`): the admin specs' own marketplace,
 * its admin account, and customers made through supabase-js as the app makes them.
 */
export const moderationSite = () => env('MARKETPLACE_MODERATION_URL').replace(/\/$/, '')

export const moderationAdmin = () => ({
  email: env('MARKETPLACE_MODERATION_ADMIN_EMAIL'),
  password: env('MARKETPLACE_MODERATION_ADMIN_PASSWORD'),
})

/** The password of every customer made here. */
export const CUSTOMER_PASSWORD = 'Str0ng-pass-phrase'

export interface Customer {
  email: string
  name: string
  client: ReturnType<typeof supabaseClientAt>
}

/** A fresh customer on the moderation site, signed up and signed in through supabase-js. */
export async function moderationCustomer(name: string, email: string): Promise<Customer> {
  const client = supabaseClientAt(moderationSite(), env('MARKETPLACE_MODERATION_ANON_KEY'))
  const signUp = await client.auth.signUp({ email, password: CUSTOMER_PASSWORD, options: { data: { name } } })
  if (signUp.error) throw new Error(`sign-up of ${email}: ${signUp.error.message}`)
  const signIn = await client.auth.signInWithPassword({ email, password: CUSTOMER_PASSWORD })
  if (signIn.error) throw new Error(`sign-in of ${email}: ${signIn.error.message}`)
  return { email, name, client }
}

/** A listing the customer posts (pending, as the database makes every new listing); its id. */
export async function postListing(owner: Customer, title: string): Promise<string> {
  const { data, error } = await owner.client
    .from('listings')
    .insert({ title, category: 'Furniture', price: 4200, description: 'Solid teak.', location: 'Sedam' })
    .select('id')
    .single()
  if (error) throw new Error(`posting ${title}: ${error.message}`)
  return (data as { id: string }).id
}
