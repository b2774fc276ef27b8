// @vitest-environment happy-dom
/**
 * Conformance with docs/spec/marketplace.md, section 8 (the error catalogue). One test per row, named
 * after its section.
 *
 * How each promise is checked:
 * - by value: the message functions called with the errors supabase-js gives, and the app's own
 *   supabase-js client against a fake auth API (support/fake-backend.ts);
 * - by rendering: the sign-up form with a fake client (its success message and the switch to login),
 *   the listing image's fallbacks, the profile form signed out, the auth callback;
 * - by source: texts that only a signed-in dashboard with a backend shows; each test names its module.
 */
import { act, createElement } from 'react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { AuthAlert } from '../../examples/marketplace/src/components/auth/AuthAlert.tsx'
import { AccountTab } from '../../examples/marketplace/src/components/dashboard/profile/AccountTab.tsx'
import { ListingImage } from '../../examples/marketplace/src/components/listings/ListingImage.tsx'
import { resolveAccount } from '../../examples/marketplace/src/lib/auth/account.ts'
import { callbackErrorMessage, callbackUrlError } from '../../examples/marketplace/src/lib/auth/callback.ts'
import {
  AUTH_MESSAGES,
  authErrorMessage,
  loginErrorMessage,
  signUpErrorMessage,
} from '../../examples/marketplace/src/lib/auth/messages.ts'
import { SIGN_UP_SWITCH_DELAY_MS, signUp } from '../../examples/marketplace/src/lib/auth/sign-up.ts'
import { PAYMENT_MESSAGES } from '../../examples/marketplace/src/lib/dashboard/card-payment.ts'
import { emptyTabMessage } from '../../examples/marketplace/src/lib/dashboard/listing-form.ts'
import { PROFILE_MESSAGES } from '../../examples/marketplace/src/lib/dashboard/profile.ts'
import { AuthPage } from '../../examples/marketplace/src/pages/AuthPage.tsx'
import {
  accessToken,
  authFetch,
  authServer,
  recordingClient,
  sessionAnswer,
  USER,
} from './support/fake-backend.ts'
import {
  accountOf,
  authValue,
  click,
  enter,
  mount,
  submit,
  unmountAll,
  withChildren,
} from './support/mount.ts'
import { sourceOf } from './support/source.ts'

vi.hoisted(() => {
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'conformance-anon-key')
})

beforeEach(() => {
  authServer.requests = []
})
afterEach(async () => {
  await unmountAll()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const components = 'examples/marketplace/src/components'
/** An error as supabase-js gives it (auth-js marks its errors with __isAuthError). */
const authError = (message: string, extra: object = {}) => ({
  __isAuthError: true,
  name: 'AuthApiError',
  message,
  ...extra,
})

async function appClient() {
  const { supabase } = await import('../../examples/marketplace/src/lib/supabase.ts')
  return supabase
}

describe('§8 Error catalogue', () => {
  test('§8 Login auth error: the message text shows in a red alert', () => {
    expect(loginErrorMessage(authError('Invalid login credentials', { code: 'invalid_credentials' }))).toBe(
      'Invalid login credentials',
    )
    const alert = mount(withChildren(AuthAlert, { tone: 'error' }, 'Invalid login credentials'))
    const box = alert.container.querySelector('[role="alert"]') as HTMLElement
    expect(box.className).toContain('text-red-800')
    expect(box.textContent).toBe('Invalid login credentials')
  })

  test("§8 'Email not confirmed', user absent: 'Please check your email and confirm your account before logging in.'", () => {
    expect(loginErrorMessage(authError('Email not confirmed', { code: 'email_not_confirmed' }))).toBe(
      'Please check your email and confirm your account before logging in.',
    )
  })

  test("§8 Other login failure: 'An error occurred. Please try again.'", () => {
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe('An error occurred. Please try again.')
  })

  test("§8 Google failure: 'An error occurred with Google sign in'", () => {
    expect(callbackErrorMessage(null, 'google')).toBe('An error occurred with Google sign in')
    expect(AUTH_MESSAGES.googleFailed).toBe('An error occurred with Google sign in')
  })

  test('§8 Sign-up auth error: the message shows', () => {
    expect(signUpErrorMessage(authError('User already registered'))).toBe('User already registered')
  })

  test("§8 Other sign-up failure: 'An error occurred during registration. Please try again.'", () => {
    expect(signUpErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'An error occurred during registration. Please try again.',
    )
  })

  test("§8 Sign-up success: 'Account created successfully! You can now log in.'", async () => {
    const { client } = recordingClient()
    const fake = {
      ...client,
      auth: { signUp: async () => ({ data: { session: sessionAnswer(), user: USER }, error: null }) },
    }
    const auth = { ...authValue(), getClient: async () => fake as never }
    const view = mount(createElement(AuthPage), { path: '/auth?tab=register', auth })
    const field = (name: string) => view.container.querySelector(`[name="${name}"]`) as HTMLInputElement
    enter(field('name'), 'Asha Rao')
    enter(field('email'), 'asha@example.com')
    enter(field('phone'), '9876543210')
    enter(field('password'), 'a long password')
    enter(field('confirmPassword'), 'a long password')
    click(field('acceptTerms'))
    submit(view.container.querySelector('form[aria-label="Sign up"]') as HTMLFormElement)
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(view.text()).toContain('Account created successfully! You can now log in.')
    expect(view.container.querySelector('h1')?.textContent).toBe('Create an Account')
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, SIGN_UP_SWITCH_DELAY_MS))
    })
    expect(view.container.querySelector('h1')?.textContent).toBe('Welcome Back')
  })

  test("§8 Listing save failure: 'An error occurred while creating (or updating) your listing. Please try again.' (components/dashboard/ListingForm.tsx)", () => {
    expect(sourceOf(`${components}/dashboard/ListingForm.tsx`)).toContain(
      // The module's template literal, as written in its source.
      [
        'text: `An error occurred while $',
        "{editing ? 'updating' : 'creating'} your listing. Please try again.`",
      ].join(''),
    )
  })

  test("§8 Payment failure: 'Payment processing failed. Please try again.'", () => {
    expect(PAYMENT_MESSAGES.failure).toBe('Payment processing failed. Please try again.')
    expect(sourceOf(`${components}/dashboard/PlanChangeDialog.tsx`)).toContain('PAYMENT_MESSAGES.failure')
  })

  test("§8 Payment success: 'Payment successful! Your subscription has been updated.'", () => {
    expect(PAYMENT_MESSAGES.success).toBe('Payment successful! Your subscription has been updated.')
    expect(sourceOf(`${components}/dashboard/PlanChangeDialog.tsx`)).toContain('PAYMENT_MESSAGES.success')
  })

  test("§8 Expired subscription: 'Your subscription has expired' (components/dashboard/SubscriptionSection.tsx)", () => {
    expect(sourceOf(`${components}/dashboard/SubscriptionSection.tsx`)).toContain(
      '>Your subscription has expired</p>',
    )
  })

  test("§8 Empty lists: 'No {status} listings found'", () => {
    expect(['active', 'pending', 'expired'].map((tab) => emptyTabMessage(tab as 'active'))).toEqual([
      'No active listings found',
      'No pending listings found',
      'No expired listings found',
    ])
  })

  test("§8 Empty lists: 'No payment records found' (components/dashboard/PaymentHistorySection.tsx)", () => {
    expect(sourceOf(`${components}/dashboard/PaymentHistorySection.tsx`)).toMatch(
      />\s*No payment records found\s*</,
    )
  })

  test("§8 Empty lists: 'No listings found matching your criteria' (the category page; components/admin/listings/ManageListingsSection.tsx)", () => {
    expect(sourceOf(`${components}/category/CategoryListings.tsx`)).toMatch(
      />\s*No listings found matching your criteria\s*</,
    )
    expect(sourceOf(`${components}/admin/listings/ManageListingsSection.tsx`)).toMatch(
      />\s*No listings found matching your criteria\s*</,
    )
  })

  test("§8 Empty lists: 'No users found matching your criteria' (components/admin/users/ManageUsersSection.tsx)", () => {
    expect(sourceOf(`${components}/admin/users/ManageUsersSection.tsx`)).toMatch(
      />\s*No users found matching your criteria\s*</,
    )
  })

  test("§8 Empty lists: 'No subscriptions found matching your criteria' (components/admin/subscriptions/UserSubscriptionsTab.tsx)", () => {
    expect(sourceOf(`${components}/admin/subscriptions/UserSubscriptionsTab.tsx`)).toMatch(
      />\s*No subscriptions found matching your criteria\s*</,
    )
  })

  test("§8 Image load failure: placeholder image ('Image Not Available' or 'Thumbnail')", () => {
    for (const [fallbackText, shown] of [
      [undefined, 'Image Not Available'],
      ['Thumbnail', 'Thumbnail'],
    ] as const) {
      const view = mount(createElement(ListingImage, { src: '/missing.jpg', alt: 'Sofa', fallbackText }))
      act(() => {
        ;(view.container.querySelector('img') as HTMLImageElement).dispatchEvent(new Event('error'))
      })
      expect(view.text()).toBe(shown)
    }
  })

  test("§8 With no image 'No Image Available'", () => {
    expect(mount(createElement(ListingImage, { src: '', alt: 'Sofa' })).text()).toBe('No Image Available')
  })

  test('§8 Failed insert into users or profiles after sign-up: only logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const deps = {
      auth: { signUp: async () => ({ data: { session: sessionAnswer() }, error: null }) },
      accounts: { saveSignUpRows: () => Promise.reject(new Error('insert refused')) },
      origin: 'http://app',
    }
    const values = {
      name: 'A',
      email: 'a@b.co',
      phone: '1',
      accountType: 'customer',
      adminCode: '',
      password: 'p',
      confirmPassword: 'p',
      acceptTerms: true,
    }
    expect(await signUp(deps as never, values as never)).toEqual({
      ok: true,
      signedIn: true,
      needsConfirmation: false,
    })
    expect(logged).toHaveBeenCalledWith('Failed to save the account rows after sign-up:', expect.any(Error))
  })

  test('§8 Failed profile fetch: logged; no profile', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const source = {
      userRow: () => Promise.reject(new Error('down')),
      profileRole: () => Promise.reject(new Error('down')),
    }
    const account = await resolveAccount({ id: 'u1', email: 'meera@example.com', user_metadata: {} }, source)
    expect(account).toMatchObject({ role: 'customer', roleSource: 'default', name: 'meera' })
    expect(logged).toHaveBeenCalledTimes(2)
  })

  test("§8 Profile update while unauthenticated: 'Not authenticated'", () => {
    const view = mount(createElement(AccountTab, { account: null }))
    submit(view.container.querySelector('form') as HTMLFormElement)
    expect(view.text()).toContain('Not authenticated')
    expect(PROFILE_MESSAGES.notAuthenticated).toBe('Not authenticated')
  })

  test('§8 Sign-out responses 401, 403, 404: ignored', async () => {
    vi.stubGlobal('fetch', authFetch)
    const client = await appClient()
    for (const status of [401, 403, 404]) {
      authServer.handler = ({ path }) =>
        path.startsWith('/logout')
          ? { status, body: { code: status, msg: 'gone' } }
          : { status: 200, body: USER }
      await client.auth.setSession({ access_token: accessToken(), refresh_token: 'refresh-1' })
      const { error } = await client.auth.signOut()
      expect(error).toBeNull()
      expect((await client.auth.getSession()).data.session).toBeNull()
    }
  })

  test('§8 Non-retryable refresh failure: session removed', async () => {
    vi.stubGlobal('fetch', authFetch)
    const client = await appClient()
    authServer.handler = ({ path }) =>
      path.startsWith('/token')
        ? {
            status: 400,
            body: { code: 400, error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token' },
          }
        : { status: 200, body: USER }
    // A session whose access token has expired: its refresh token is all that is left (supabase-js keeps
    // a session whose access token still works when a proactive refresh fails).
    const { error } = await client.auth.setSession({
      access_token: accessToken('u1', -60),
      refresh_token: 'refresh-1',
    })
    expect(error?.message).toBe('Invalid Refresh Token')
    expect(authServer.requests.at(-1)?.path).toBe('/token?grant_type=refresh_token')
    expect((await client.auth.getSession()).data.session).toBeNull()
  })

  test("§8 Error in URL hash: raised with its description; 'No session defined in URL' when tokens are missing", async () => {
    const described = callbackUrlError(
      'http://app/auth/callback#error=access_denied&error_description=Email+link+is+invalid',
    )
    expect(callbackErrorMessage(described, null)).toBe('Email link is invalid')
    const auth = (await appClient()).auth as unknown as {
      _getSessionFromURL(params: Record<string, string>): Promise<{ error: Error | null }>
    }
    expect(
      (await auth._getSessionFromURL({ error_description: 'Email link is invalid' })).error?.message,
    ).toBe('Email link is invalid')
    expect((await auth._getSessionFromURL({ access_token: accessToken() })).error?.message).toBe(
      'No session defined in URL',
    )
  })

  test('§8 Weak password: reasons passed through on sign-in', () => {
    const weak = {
      ...authError('Password is too weak.'),
      name: 'AuthWeakPasswordError',
      reasons: ['length', 'pwned'],
    }
    expect(authErrorMessage(weak, 'otherwise')).toBe(
      'Password is too weak. Reasons: it is too short; it appears in a known data breach.',
    )
    expect(loginErrorMessage(weak)).toBe(authErrorMessage(weak, 'otherwise'))
  })

  test('§8 Profile creation or callback error: logged; goes to /auth', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { AuthCallbackPage } = await import('../../examples/marketplace/src/pages/AuthCallbackPage.tsx')
    const { client } = recordingClient(({ steps }) =>
      steps.some(([name]) => name === 'insert')
        ? { data: null, error: new Error('insert refused') }
        : { data: null, error: null },
    )
    const session = sessionAnswer()
    const fake = {
      ...client,
      auth: {
        onAuthStateChange: () => ({ data: { subscription: { unsubscribe() {} } } }),
        initialize: async () => ({ error: null }),
        getSession: async () => ({ data: { session }, error: null }),
        setSession: async () => ({ data: { session }, error: null }),
      },
    }
    const view = mount(createElement(AuthCallbackPage), {
      path: '/auth/callback',
      auth: { ...authValue(accountOf('customer')), getClient: async () => fake as never },
    })
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
    })
    expect(view.location()).toBe('/auth')
    expect(logged).toHaveBeenCalledWith('Authentication callback failed:', expect.any(Error))
  })
})
