import type { SignUpValues } from '../../../examples/marketplace/src/lib/auth/validation.ts'

/** Sign-up form values that pass every check, with `overrides`. */
export const signUpValues = (overrides: Partial<SignUpValues> = {}): SignUpValues => ({
  name: ' Asha Rao ',
  email: 'asha@example.com',
  phone: '9876543210',
  accountType: 'customer',
  adminCode: '',
  password: 'a long password',
  confirmPassword: 'a long password',
  acceptTerms: true,
  ...overrides,
})

/** A fake supabase-js auth answering sign-up with `session` and sign-in with `signIn` in turn; records the calls. */
export function fakeAuth(session: object | null, signIn: { error: object | null; session?: object }[] = []) {
  const calls: { signUp: unknown[]; signIn: unknown[] } = { signUp: [], signIn: [] }
  const auth = {
    signUp: async (request: unknown) => {
      calls.signUp.push(request)
      return { data: { session, user: null }, error: null }
    },
    signInWithPassword: async (request: unknown) => {
      calls.signIn.push(request)
      const next = signIn.shift() ?? { error: null, session: { user: { id: 'u1' } } }
      return { data: { session: next.session ?? null, user: null }, error: next.error }
    },
  }
  return { auth: auth as never, calls }
}
