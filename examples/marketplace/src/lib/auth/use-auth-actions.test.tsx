// @vitest-environment happy-dom
import type { SupabaseClient } from '@supabase/supabase-js'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test, vi } from 'vitest'
import { AuthContext, type AuthContextValue } from './context.ts'
import { AUTH_MESSAGES } from './messages.ts'
import { useAuthActions } from './use-auth-actions.ts'
import type { SignUpValues } from './validation.ts'

type Actions = ReturnType<typeof useAuthActions>

const roots: Root[] = []

/** The actions of a hook rendered with `getClient` as the provider's. */
async function renderActions(getClient: () => Promise<SupabaseClient>): Promise<Actions> {
  let actions: Actions | undefined
  function Probe() {
    actions = useAuthActions()
    return null
  }
  const value = { getClient } as unknown as AuthContextValue
  const root = createRoot(document.createElement('div'))
  roots.push(root)
  await act(async () => {
    root.render(
      <AuthContext.Provider value={value}>
        <Probe />
      </AuthContext.Provider>,
    )
  })
  if (!actions) throw new Error('useAuthActions() did not render')
  return actions
}

/** A client whose auth calls throw (a network failure supabase-js does not turn into an error). */
const throwingClient = () =>
  ({
    auth: {
      signInWithPassword: () => Promise.reject(new Error('boom')),
      signUp: () => Promise.reject(new TypeError('Failed to fetch')),
    },
  }) as unknown as SupabaseClient

const customer: SignUpValues = {
  name: 'Asha Rao',
  email: 'asha@example.in',
  phone: '',
  accountType: 'customer',
  adminCode: '',
  password: 'pw-123456',
  confirmPassword: 'pw-123456',
  acceptTerms: true,
}

afterEach(() => {
  act(() => {
    for (const root of roots.splice(0)) root.unmount()
  })
  vi.restoreAllMocks()
  localStorage.clear()
})

test('a login that throws: the generic text', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const actions = await renderActions(async () => throwingClient())
  expect(await actions.logIn({ email: 'a@b.in', password: 'x' }, false)).toEqual({
    ok: false,
    message: AUTH_MESSAGES.loginFailed,
  })
})

test('a sign-up that throws: the registration text', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const actions = await renderActions(async () => throwingClient())
  expect(await actions.signUp(customer)).toEqual({ ok: false, message: AUTH_MESSAGES.signUpFailed })
})

test('a client that fails to load: the same texts', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const actions = await renderActions(() => Promise.reject(new Error('chunk failed')))
  expect(await actions.logIn({ email: 'a@b.in', password: 'x' }, true)).toEqual({
    ok: false,
    message: AUTH_MESSAGES.loginFailed,
  })
  expect(await actions.signUp(customer)).toEqual({ ok: false, message: AUTH_MESSAGES.signUpFailed })
})
