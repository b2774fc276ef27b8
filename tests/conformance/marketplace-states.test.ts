// @vitest-environment happy-dom
/**
 * Conformance with docs/spec/marketplace.md, section 4 (states and transitions): listing statuses and
 * their notes, the other statuses, the plan change, authentication's events, the role lookup, the admin
 * sign-up, the callback and the logout. One test per promise, named after its section.
 *
 * How each promise is checked:
 * - by value: the status functions, the auth functions with fake clients (sign-up, the role lookup,
 *   the callback's row, the auth reducer) and the SQL's seeded plans;
 * - by rendering: a dashboard card's status notes;
 * - by source: module-private delays (each test names its module) and the SQL that decides a listing's
 *   status, whose behaviour examples/marketplace/server/db/marketplace-rls.test.ts and
 *   admin-dashboard.test.ts run against Postgres.
 */
import { createElement } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { MyListingCard } from '../../examples/marketplace/src/components/dashboard/MyListingCard.tsx'
import { DEMO_LISTING_SEEDS } from '../../examples/marketplace/src/data/demo-listings.ts'
import { isPublic, type Listing } from '../../examples/marketplace/src/data/listing.ts'
import { SUBSCRIPTION_STATUSES } from '../../examples/marketplace/src/lib/admin/admin-subscriptions.ts'
import { USER_STATUSES } from '../../examples/marketplace/src/lib/admin/admin-users.ts'
import { fallbackName, homeFor, resolveAccount } from '../../examples/marketplace/src/lib/auth/account.ts'
import { authReducer } from '../../examples/marketplace/src/lib/auth/auth-state.ts'
import { ensureUserRow } from '../../examples/marketplace/src/lib/auth/callback.ts'
import {
  SIGN_UP_SWITCH_DELAY_MS,
  signInNewAdmin,
  signUp,
} from '../../examples/marketplace/src/lib/auth/sign-up.ts'
import { STATUS_NOTES, userStatusOf } from '../../examples/marketplace/src/lib/dashboard/listing-form.ts'
import { PAYMENT_STATUSES } from '../../examples/marketplace/src/lib/dashboard/payment-history.ts'
import { mount, unmountAll } from './support/mount.ts'
import { fakeAuth, signUpValues } from './support/sign-up.ts'
import { sourceOf } from './support/source.ts'
import { migrationsSql, seededPlans } from './support/sql.ts'

afterEach(async () => {
  await unmountAll()
  vi.restoreAllMocks()
})

const components = 'examples/marketplace/src/components'
const spec = DEMO_LISTING_SEEDS[0] as readonly Listing[]

const authError = (code: string, message: string) => ({
  __isAuthError: true,
  name: 'AuthApiError',
  code,
  message,
})

describe('§4 States and transitions', () => {
  test('§4 Listing status: approved is shown to the user as active, rejected as expired; the admin sees active as approved and expired as rejected', () => {
    expect(userStatusOf('approved')).toBe('active')
    expect(userStatusOf('pending')).toBe('pending')
    expect(sourceOf('examples/marketplace/src/lib/dashboard/listing-form.ts')).toContain(
      "return tab === 'expired' ? shown === 'expired' || shown === 'rejected' : shown === tab",
    )
    expect(migrationsSql()).toMatch(/when l\.status in \('active', 'approved'\) then 'approved'/)
  })

  test('§4 A new listing starts as pending (the database sets it, whatever a client sends)', () => {
    expect(migrationsSql()).toContain("new.status := 'pending';")
  })

  test('§4 Admin approve: pending to approved; reject: pending to rejected; offered only on pending listings', () => {
    expect(migrationsSql()).toMatch(/only pending listings are approved or rejected/)
  })

  test('§4 A success message shows for 3 seconds after approve or reject (components/admin/AdminNotice.tsx)', () => {
    expect(sourceOf(`${components}/admin/AdminNotice.tsx`)).toContain('const SUCCESS_MS = 3000')
  })

  test('§4 Public pages show only listings with status active or approved', () => {
    const of = (status: Listing['status']) => isPublic({ ...(spec[0] as Listing), status })
    expect(
      ['active', 'approved', 'pending', 'expired', 'rejected'].map((status) =>
        of(status as Listing['status']),
      ),
    ).toEqual([true, true, false, false, false])
  })

  test("§4 Pending note: 'Your listing is awaiting admin approval. It will be visible to others once approved.'", () => {
    expect(STATUS_NOTES.pending).toBe(
      'Your listing is awaiting admin approval. It will be visible to others once approved.',
    )
    const card = mount(
      createElement(MyListingCard, {
        listing: { ...(spec[0] as Listing), status: 'pending' },
        onEdit: () => {},
        onDelete: () => {},
      }),
    )
    expect(card.text()).toContain(
      'Your listing is awaiting admin approval. It will be visible to others once approved.',
    )
  })

  test("§4 Rejected note: 'Your listing was rejected. Please edit it according to our guidelines and resubmit.'", () => {
    const card = mount(
      createElement(MyListingCard, {
        listing: { ...(spec[0] as Listing), status: 'rejected' },
        onEdit: () => {},
        onDelete: () => {},
      }),
    )
    expect(card.text()).toContain(
      'Your listing was rejected. Please edit it according to our guidelines and resubmit.',
    )
  })

  test('§4 Other statuses: user account active, suspended, pending; subscription active, expired, cancelled; payment successful, pending, failed; plan tiers free, basic, premium', () => {
    expect(USER_STATUSES.map((status) => status.id)).toEqual(['active', 'suspended', 'pending'])
    expect(SUBSCRIPTION_STATUSES.map((status) => status.id)).toEqual(['active', 'expired', 'cancelled'])
    expect(PAYMENT_STATUSES.slice(1)).toEqual(['successful', 'pending', 'failed'])
    expect(
      seededPlans()
        .filter((plan) => plan.isActive)
        .map((plan) => plan.id),
    ).toEqual(['free', 'basic', 'premium'])
  })

  test('§4 Plan change: Processing, waits 1.5 seconds, then a success message; the new plan gets a 30-day expiry and usage reset to 0', () => {
    expect(sourceOf(`${components}/dashboard/PlanChangeDialog.tsx`)).toContain('const PROCESSING_MS = 1500')
    expect(migrationsSql()).toContain("clock_timestamp() + interval '30 days'")
  })

  test('§4 On a signed-in user the profile is loaded and the role taken from it; on sign-out profile and role are cleared', () => {
    const user = { id: 'u1' } as never
    const loading = authReducer(
      { status: 'signed-out', user: null, account: null },
      { type: 'auth-event', event: 'SIGNED_IN', user },
    )
    expect(loading).toEqual({ status: 'loading', user, account: null })
    const account = {
      userId: 'u1',
      email: 'a@b.c',
      name: 'A',
      role: 'premium' as const,
      roleSource: 'users' as const,
    }
    const signedIn = authReducer(loading, { type: 'account-loaded', account })
    expect(signedIn.account?.role).toBe('premium')
    expect(authReducer(signedIn, { type: 'auth-event', event: 'SIGNED_OUT', user: null })).toEqual({
      status: 'signed-out',
      user: null,
      account: null,
    })
  })

  test('§4 Role is read from the users table first, then profiles, then sign-up metadata, defaulting to customer', async () => {
    const user = { id: 'u1', email: 'asha@example.com', user_metadata: { role: 'premium' } }
    const source = (row: string | null, profile: string | null) => ({
      userRow: async () => (row ? { name: 'Asha', role: row } : null),
      profileRole: async () => profile,
    })
    expect((await resolveAccount(user, source('admin', 'customer'))).role).toBe('admin')
    expect((await resolveAccount(user, source(null, 'admin'))).roleSource).toBe('profiles')
    expect(await resolveAccount(user, source(null, null))).toMatchObject({
      role: 'premium',
      roleSource: 'metadata',
    })
    expect(await resolveAccount({ ...user, user_metadata: {} }, source(null, null))).toMatchObject({
      role: 'customer',
      roleSource: 'default',
    })
  })

  test('§4 Admin sign-up: no confirmation redirect, then an immediate sign-in attempt', async () => {
    const { auth, calls } = fakeAuth(null)
    const result = await signUp(
      { auth, accounts: { saveSignUpRows: async () => {} }, origin: 'http://app' } as never,
      signUpValues({ accountType: 'admin', adminCode: 'code' }),
    )
    expect((calls.signUp[0] as { options: object }).options).not.toHaveProperty('emailRedirectTo')
    expect(calls.signIn).toHaveLength(1)
    expect(result).toEqual({ ok: true, signedIn: true, needsConfirmation: false })
  })

  test('§4 An admin failing with invalid credentials or unconfirmed e-mail gets a direct sign-in retry', async () => {
    for (const [code, message] of [
      ['invalid_credentials', 'Invalid login credentials'],
      ['email_not_confirmed', 'Email not confirmed'],
    ] as const) {
      const { auth, calls } = fakeAuth(null, [
        { error: authError(code, message) },
        { error: null, session: { user: { id: 'u1' } } },
      ])
      expect((await signInNewAdmin(auth, 'a@b.c', 'pw')).session).not.toBeNull()
      expect(calls.signIn).toHaveLength(2)
    }
  })

  test('§4 Sign-up success shows a message, then the form switches to login after 2 seconds', () => {
    expect(SIGN_UP_SWITCH_DELAY_MS).toBe(2000)
    expect(sourceOf(`${components}/auth/EmailRegisterForm.tsx`)).toContain(
      'window.setTimeout(() => onRegistered({ email, message }), SIGN_UP_SWITCH_DELAY_MS)',
    )
  })

  test('§4 Sessions refresh automatically within 3 ticks (3 x 30 s) of expiry; a visibility change pauses and resumes this (supabase-js, lib/supabase.ts)', () => {
    expect(sourceOf('examples/marketplace/src/lib/supabase.ts')).toContain('autoRefreshToken: true')
  })

  test('§4 Callback: a user without a row gets one with role user and a name from metadata or the e-mail prefix; then /admin for admin, else /dashboard', async () => {
    const created: unknown[] = []
    const accounts = {
      userRow: async () => null,
      createUserRow: async (user: unknown) => void created.push(user),
    }
    const user = { id: 'u1', email: 'meera@example.com', user_metadata: {} } as never
    await ensureUserRow(accounts as never, user)
    expect(created).toEqual([user])
    expect(fallbackName({ email: 'meera@example.com', user_metadata: {} })).toBe('meera')
    expect(fallbackName({ email: 'meera@example.com', user_metadata: { name: 'Meera S' } })).toBe('Meera S')
    expect(sourceOf('examples/marketplace/src/lib/auth/account-store.ts')).toContain("role: 'user',")
    const account = (role: 'admin' | 'customer') => ({
      userId: 'u1',
      email: '',
      name: '',
      role,
      roleSource: 'users' as const,
    })
    expect([homeFor(account('admin')), homeFor(account('customer'))]).toEqual(['/admin', '/dashboard'])
  })

  test('§4 Logout failure: stored flags are cleared, the user state reset and the app goes to / (lib/auth/AuthProvider.tsx)', () => {
    const provider = sourceOf('examples/marketplace/src/lib/auth/AuthProvider.tsx')
    expect(provider).toMatch(/\} finally \{\s*clearStoredSession\(\)\s*dispatch\(\{ type: 'signed-out' \}\)/)
    expect(sourceOf(`${components}/layout/Header.tsx`)).toMatch(/await signOut\(\)\s*navigate\('\/'\)/)
  })
})
