// @vitest-environment happy-dom
/**
 * Conformance with docs/spec/marketplace.md, sections 5 (validation rules) and 6 (roles and
 * permissions). One test per promise, named after its section.
 *
 * How each promise is checked:
 * - by value: the validators called with inputs (listing form, card payment, sign-up, login, search),
 *   the local backend's sign-up endpoint called with a body, and the app's own supabase-js client
 *   (lib/supabase.ts) for the texts supabase-js itself gives;
 * - by rendering: the hero search, the contact form and the profile tabs in happy-dom;
 * - by source: the SQL that checks who may call the admin functions (their behaviour:
 *   examples/marketplace/server/db/admin-dashboard*.test.ts and marketplace-rls.test.ts, on Postgres).
 */
import { createElement, type ReactElement } from 'react'
import { matchRoutes } from 'react-router-dom'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { signup } from '../../examples/marketplace/server/auth/signup.ts'
import { routes } from '../../examples/marketplace/src/App.tsx'
import { AccountTab } from '../../examples/marketplace/src/components/dashboard/profile/AccountTab.tsx'
import { NotificationsTab } from '../../examples/marketplace/src/components/dashboard/profile/NotificationsTab.tsx'
import { HeroSearch } from '../../examples/marketplace/src/components/home/HeroSearch.tsx'
import { DEMO_LISTINGS } from '../../examples/marketplace/src/data/demo-listings.ts'
import { normalizeRole } from '../../examples/marketplace/src/lib/auth/account.ts'
import { validateLogin, validateSignUp } from '../../examples/marketplace/src/lib/auth/validation.ts'
import {
  CVV_MAX_LENGTH,
  cardProblem,
  expiryYears,
  PAYMENT_MESSAGES,
} from '../../examples/marketplace/src/lib/dashboard/card-payment.ts'
import {
  fileProblem,
  type ListingDraft,
  listingDraftProblem,
} from '../../examples/marketplace/src/lib/dashboard/listing-form.ts'
import { filterListings } from '../../examples/marketplace/src/lib/search.ts'
import {
  accountOf,
  authValue,
  byText,
  click,
  enter,
  mount,
  stubAlert,
  submit,
  unmountAll,
} from './support/mount.ts'
import { migrationsSql } from './support/sql.ts'

vi.hoisted(() => {
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'conformance-anon-key')
})

afterEach(async () => {
  await unmountAll()
  vi.restoreAllMocks()
})

const MB = 1024 * 1024
const draft = (overrides: Partial<ListingDraft> = {}): ListingDraft => ({
  title: 'Wooden sofa',
  category: 'Furniture',
  price: '4500',
  description: 'Three seats, teak.',
  location: 'Sedam',
  imageUrls: ['https://example.com/sofa.jpg'],
  files: [],
  ...overrides,
})
const card = { number: '4111 1111 1111 1111', name: 'Asha Rao', month: '04', year: '2030', cvv: '123' }
const signUpValues = {
  name: 'Asha',
  email: 'asha@example.com',
  phone: '98765',
  accountType: 'customer' as const,
  adminCode: '',
  password: 'pw-1',
  confirmPassword: 'pw-1',
  acceptTerms: true,
}

/** The app's supabase-js client (lib/supabase.ts), loaded only by the tests that need its own texts. */
async function appClient() {
  const { supabase } = await import('../../examples/marketplace/src/lib/supabase.ts')
  return supabase
}

describe('§5 Validation rules', () => {
  test('§5 Hero search: non-empty trimmed text before navigating', () => {
    const hero = mount(createElement(HeroSearch))
    enter(hero.container.querySelector('input') as HTMLInputElement, ' \t ')
    submit(hero.container.querySelector('form') as HTMLFormElement)
    expect(hero.location()).toBe('/')
  })

  test("§5 Listing form: title, category, price, description, location required ('Please fill in all required fields')", () => {
    for (const field of ['title', 'category', 'price', 'description', 'location'] as const)
      expect(listingDraftProblem(draft({ [field]: '  ' }))).toBe('Please fill in all required fields')
    expect(listingDraftProblem(draft())).toBeNull()
  })

  test("§5 Listing form: at least 1 image ('Please upload at least one image')", () => {
    expect(listingDraftProblem(draft({ imageUrls: [] }))).toBe('Please upload at least one image')
  })

  test("§5 Listing form: at most 5 images ('You can upload a maximum of 5 images')", () => {
    const image = { name: 'a.jpg', size: 1000, type: 'image/jpeg' }
    expect(fileProblem([image, image], 4)).toBe('You can upload a maximum of 5 images')
    expect(fileProblem([image], 4)).toBeNull()
  })

  test("§5 Listing form: each file at most 5MB ('File {name} exceeds 5MB limit')", () => {
    expect(fileProblem([{ name: 'big.png', size: 5 * MB + 1, type: 'image/png' }], 0)).toBe(
      'File big.png exceeds 5MB limit',
    )
    expect(fileProblem([{ name: 'ok.png', size: 5 * MB, type: 'image/png' }], 0)).toBeNull()
  })

  test("§5 Listing form: each file an image type ('File {name} is not a valid image')", () => {
    expect(fileProblem([{ name: 'notes.pdf', size: 10, type: 'application/pdf' }], 0)).toBe(
      'File notes.pdf is not a valid image',
    )
  })

  test('§5 Listing form: price numeric, minimum 0', () => {
    expect(listingDraftProblem(draft({ price: '-1' }))).toBe('Please enter a valid price (0 or more)')
    expect(listingDraftProblem(draft({ price: 'ten' }))).toBe('Please enter a valid price (0 or more)')
    expect(listingDraftProblem(draft({ price: '0' }))).toBeNull()
    expect(migrationsSql()).toMatch(/price numeric\(14, 2\) not null check \(price >= 0\)/)
  })

  test("§5 Card payment: card number at least 16 characters ('Please enter a valid card number')", () => {
    expect(cardProblem({ ...card, number: '4111 1111 111' })).toBe('Please enter a valid card number')
    expect(cardProblem({ ...card, number: '4111111111111111' })).toBeNull()
  })

  test("§5 Card payment: name required ('Please enter the name on card')", () => {
    expect(cardProblem({ ...card, name: ' ' })).toBe('Please enter the name on card')
  })

  test("§5 Card payment: month and year both required ('Please enter a valid expiry date')", () => {
    expect(cardProblem({ ...card, month: '' })).toBe('Please enter a valid expiry date')
    expect(cardProblem({ ...card, year: '' })).toBe('Please enter a valid expiry date')
  })

  test("§5 Card payment: CVV at least 3 characters, max length 4 ('Please enter a valid CVV')", () => {
    expect(cardProblem({ ...card, cvv: '12' })).toBe('Please enter a valid CVV')
    expect(cardProblem({ ...card, cvv: '12345' })).toBe('Please enter a valid CVV')
    expect(cardProblem({ ...card, cvv: '1234' })).toBeNull()
    expect(CVV_MAX_LENGTH).toBe(4)
  })

  test('§5 Expiry years offered: the current year and the next 9', () => {
    expect(expiryYears(new Date('2026-03-01'))).toEqual([
      2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035,
    ])
  })

  test('§5 PayPal needs no fields and says the user will be redirected', () => {
    expect(PAYMENT_MESSAGES.paypal).toMatch(/redirected to PayPal/)
  })

  test('§5 Sign-up: name, email, phone, password, confirm password required', () => {
    const errors = validateSignUp({
      ...signUpValues,
      name: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
    })
    expect(Object.keys(errors).sort()).toEqual(['confirmPassword', 'email', 'name', 'password', 'phone'])
    expect(validateSignUp(signUpValues)).toEqual({})
  })

  test("§5 Sign-up: passwords must match ('Passwords do not match')", () => {
    expect(validateSignUp({ ...signUpValues, confirmPassword: 'other' }).confirmPassword).toBe(
      'Passwords do not match',
    )
  })

  test("§5 Sign-up: terms accepted ('You must agree to the terms and conditions')", () => {
    expect(validateSignUp({ ...signUpValues, acceptTerms: false }).acceptTerms).toBe(
      'You must agree to the terms and conditions',
    )
  })

  test("§5 The backend sign-up requires an e-mail or a phone number plus a password ('You must provide either an email or phone number and a password')", async () => {
    const request = (body: object) => ({
      json: async () => body,
      url: new URL('http://127.0.0.1/auth/v1/signup'),
      ip: '127.0.0.1',
    })
    const services = { config: { autoConfirm: true } }
    for (const body of [{ password: 'pw' }, { email: 'a@b.c' }])
      await expect(signup(request(body) as never, services as never)).rejects.toThrow(
        'You must provide either an email or phone number and a password',
      )
    const { error } = await (await appClient()).auth.signUp({ password: 'pw' } as never)
    expect(error?.message).toBe('You must provide either an email or phone number and a password')
  })

  test("§5 OTP sign-in requires an e-mail or phone ('You must provide either an email or phone number.')", async () => {
    const { error } = await (await appClient()).auth.signInWithOtp({} as never)
    expect(error?.message).toBe('You must provide either an email or phone number.')
  })

  test('§5 Login: email and password required', () => {
    expect(Object.keys(validateLogin({ email: '', password: '' })).sort()).toEqual(['email', 'password'])
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toEqual({})
  })

  test('§5 Search text matches title or category, case-insensitive, by substring', () => {
    const ids = (q: string) => filterListings(DEMO_LISTINGS, { q }).map((listing) => listing.id)
    expect(ids('ARUTI SWI')).toEqual(['L1002'])
    const vehicles = DEMO_LISTINGS.filter((listing) => listing.category === 'Vehicles').map(
      (listing) => listing.id,
    )
    expect(ids('vEhIcL')).toEqual(expect.arrayContaining(vehicles))
    expect(ids('swift maruti')).toEqual([])
  })

  test("§5 Profile save: if the full name is present it is stored and the page reloads; otherwise an alert 'Profile information saved successfully!'", () => {
    const alert = stubAlert()
    const tab = mount(createElement(AccountTab, { account: accountOf('customer') }), {
      auth: authValue(accountOf('customer')),
    })
    const fullName = tab.container.querySelector('input') as HTMLInputElement
    enter(fullName, '')
    submit(tab.container.querySelector('form') as HTMLFormElement)
    expect(alert).toHaveBeenCalledWith('Profile information saved successfully!')
  })

  test("§5 Saving preferences only alerts 'Notification preferences saved successfully!'", () => {
    const alert = stubAlert()
    const tab = mount(createElement(NotificationsTab))
    click(byText(tab, 'button', 'Save Preferences'))
    expect(alert).toHaveBeenCalledWith('Notification preferences saved successfully!')
  })
})

/** The roles a route's guard lets in: null for a public page, [] for any signed-in user. */
function guardOf(path: string): readonly string[] | null {
  const element = matchRoutes(routes, path)?.at(-1)?.route.element as ReactElement<{ roles?: string[] }>
  if ((element.type as { name?: string }).name !== 'RequireAuth') return null
  return element.props.roles ?? []
}

describe('§6 Roles and permissions', () => {
  test('§6 Anonymous visitor: browse, search, listing detail, static pages; contact or chat needs login (opens the dialog)', () => {
    for (const path of [
      '/',
      '/search',
      '/listings',
      '/listing/L1001',
      '/categories',
      '/vehicles',
      '/about',
      '/contact',
      '/privacy',
      '/terms',
    ])
      expect(guardOf(path)).toBeNull()
  })

  test('§6 Customer (also called user), premium: /dashboard; create, edit, delete, view own listings', () => {
    expect(guardOf('/dashboard')).toEqual([])
    expect(normalizeRole('user')).toBe('customer')
    expect(normalizeRole('premium')).toBe('premium')
    expect(migrationsSql()).toMatch(/user_id = \(select auth\.uid\(\)\)::text|user_id = auth\.uid\(\)::text/)
  })

  test('§6 Admin: /admin; approve or reject listings, view and filter users, suspend or activate users, manage plans', () => {
    expect(guardOf('/admin')).toEqual(['admin'])
    const sql = migrationsSql()
    for (const name of ['admin_set_listing_status', 'admin_users', 'set_user_status', 'admin_save_plan'])
      expect(sql).toMatch(new RegExp(`create (or replace )?function public\\.${name}\\(`))
  })

  test('§6 /dashboard is open to any signed-in user; /admin to admin only', () => {
    expect([guardOf('/dashboard'), guardOf('/admin')]).toEqual([[], ['admin']])
  })
})
