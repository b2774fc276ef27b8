// @vitest-environment happy-dom
/**
 * Conformance with docs/spec/marketplace.md, section 7 (the calls it makes). One test per promise,
 * named after its section. Listings, plans and payments, which the spec keeps in browser storage, are a
 * documented departure (departures.test.ts).
 *
 * How each promise is checked:
 * - by value: the app's own supabase-js client (lib/supabase.ts, as the pages load it) against a fetch
 *   that answers the auth API (support/fake-backend.ts: every request recorded), and the app's account
 *   store against a client that records its queries;
 * - by source: the local backend's route table (server/auth/index.ts), the Google sign-in of
 *   lib/auth/use-auth-actions.ts, and where the app writes profiles.
 * The local backend's answers to these calls are tested in examples/marketplace/server/auth/*.test.ts.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createAccountStore } from '../../examples/marketplace/src/lib/auth/account-store.ts'
import { callbackUrl } from '../../examples/marketplace/src/lib/auth/callback.ts'
import { logIn } from '../../examples/marketplace/src/lib/auth/login.ts'
import {
  type AuthHandler,
  accessToken,
  authFetch,
  authServer,
  recordingClient,
  sessionAnswer,
  USER,
} from './support/fake-backend.ts'
import { sourceOf } from './support/source.ts'

vi.hoisted(() => {
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'conformance-anon-key')
})

beforeEach(() => {
  vi.stubGlobal('fetch', authFetch)
  authServer.requests = []
  authServer.handler = answerLikeGoTrue
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** GoTrue's answers to the calls below: a session for sign-up and every grant, the user for /user, 204 otherwise. */
const answerLikeGoTrue: AuthHandler = ({ method, path }) => {
  if (path.startsWith('/signup') || path.startsWith('/token')) return { status: 200, body: sessionAnswer() }
  if (path.startsWith('/user')) return { status: 200, body: USER }
  if (method === 'POST') return { status: 200, body: {} }
  return { status: 404, body: { code: 404, error_code: 'not_found', msg: 'Not found' } }
}

async function appClient() {
  const { supabase } = await import('../../examples/marketplace/src/lib/supabase.ts')
  return supabase
}

/** Signs the app's client in with a session of the fake server. */
async function signedIn() {
  const client = await appClient()
  const { error } = await client.auth.setSession({ access_token: accessToken(), refresh_token: 'refresh-1' })
  if (error) throw error
  authServer.requests = []
  return client
}

const last = () => authServer.requests.at(-1)

describe('§7 Backend auth calls', () => {
  test('§7 POST /signup: email or phone, password, data (name, phone, role), captcha meta, code challenge when the code-exchange flow is used', async () => {
    const client = await appClient()
    await client.auth.signUp({
      email: 'asha@example.com',
      password: 'a long password',
      options: { data: { name: 'Asha', phone: '98765', role: 'customer' }, emailRedirectTo: callbackUrl() },
    })
    const request = authServer.requests.find((entry) => entry.path.startsWith('/signup'))
    expect(request?.method).toBe('POST')
    expect(request?.path).toContain(`redirect_to=${encodeURIComponent(callbackUrl())}`)
    expect(request?.body).toMatchObject({
      email: 'asha@example.com',
      password: 'a long password',
      data: { name: 'Asha', phone: '98765', role: 'customer' },
      gotrue_meta_security: {},
      code_challenge_method: 's256',
    })
    expect(request?.body?.code_challenge).toEqual(expect.any(String))
  })

  test('§7 POST /token?grant_type=password: email or phone, password', async () => {
    const client = await appClient()
    await client.auth.signInWithPassword({ email: 'asha@example.com', password: 'pw' })
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/token?grant_type=password',
      body: { email: 'asha@example.com', password: 'pw' },
    })
  })

  test('§7 POST /token?grant_type=refresh_token: refresh_token', async () => {
    const client = await signedIn()
    await client.auth.refreshSession()
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/token?grant_type=refresh_token',
      body: { refresh_token: 'refresh-1' },
    })
  })

  test('§7 POST /token?grant_type=pkce: auth_code, code_verifier', async () => {
    const client = await appClient()
    // With e-mail confirmation on, sign-up answers the user alone and the code verifier waits in storage.
    authServer.handler = (request) =>
      request.path.startsWith('/signup') ? { status: 200, body: USER } : answerLikeGoTrue(request)
    await client.auth.signUp({ email: 'asha@example.com', password: 'pw' })
    await client.auth.exchangeCodeForSession('code-1')
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/token?grant_type=pkce',
      body: { auth_code: 'code-1' },
    })
    expect(last()?.body?.code_verifier).toEqual(expect.any(String))
  })

  test('§7 POST /logout?scope=global', async () => {
    const client = await signedIn()
    await client.auth.signOut()
    expect(last()).toMatchObject({ method: 'POST', path: '/logout?scope=global' })
  })

  test('§7 GET and PUT /user; POST /recover; POST /resend', async () => {
    const client = await signedIn()
    await client.auth.getUser()
    await client.auth.updateUser({ password: 'new password' })
    await client.auth.resetPasswordForEmail('asha@example.com', { redirectTo: callbackUrl() })
    await client.auth.resend({ type: 'signup', email: 'asha@example.com' })
    expect(authServer.requests.map((request) => `${request.method} ${request.path.split('?')[0]}`)).toEqual([
      'GET /user',
      'PUT /user',
      'POST /recover',
      'POST /resend',
    ])
  })

  test('§7 GET /authorize with provider (Google), redirecting to /auth/callback', async () => {
    const client = await appClient()
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: callbackUrl(), skipBrowserRedirect: true },
    })
    const url = new URL(data.url ?? '')
    expect(url.pathname).toBe('/auth/v1/authorize')
    expect(url.searchParams.get('provider')).toBe('google')
    expect(url.searchParams.get('redirect_to')).toBe(`${window.location.origin}/auth/callback`)
    expect(sourceOf('examples/marketplace/src/lib/auth/use-auth-actions.ts')).toMatch(
      /signInWithOAuth\(\{\s*provider: 'google',\s*options: \{ redirectTo: callbackUrl\(\) \},/,
    )
  })

  test('§7 The local backend answers the auth calls the app makes (server/auth/index.ts)', () => {
    const routes = sourceOf('examples/marketplace/server/auth/index.ts')
    for (const route of [
      'POST /signup',
      'POST /token',
      'GET /user',
      'PUT /user',
      'POST /logout',
      'POST /recover',
      'POST /resend',
      'GET /authorize',
    ])
      expect(routes).toContain(`'${route}':`)
  })
})

describe('§7 Data calls', () => {
  test('§7 Read role from profiles where id equals the user id, one row; read name and role from users where id equals the user id, one row', async () => {
    const { client, calls } = recordingClient()
    const store = createAccountStore(client as never)
    await store.profileRole('u1')
    await store.userRow('u1')
    expect(calls).toEqual([
      {
        table: 'profiles',
        steps: [
          ['select', ['role']],
          ['eq', ['id', 'u1']],
          ['maybeSingle', []],
        ],
      },
      {
        table: 'users',
        steps: [
          ['select', ['name, role']],
          ['eq', ['id', 'u1']],
          ['maybeSingle', []],
        ],
      },
    ])
  })

  test('§7 After sign-up: insert or merge (conflict on id) into users {id, email, name, phone or null, role, password empty} and into profiles {id, email, role}', async () => {
    const { client, calls } = recordingClient()
    await createAccountStore(client as never).saveSignUpRows({
      id: 'u1',
      email: 'asha@example.com',
      name: 'Asha',
      phone: null,
      role: 'customer',
    })
    expect(calls).toEqual([
      {
        table: 'users',
        steps: [
          [
            'upsert',
            [
              {
                id: 'u1',
                email: 'asha@example.com',
                name: 'Asha',
                phone: null,
                role: 'customer',
                password: '',
              },
              { onConflict: 'id' },
            ],
          ],
        ],
      },
      {
        table: 'profiles',
        steps: [
          ['upsert', [{ id: 'u1', email: 'asha@example.com', role: 'customer' }, { onConflict: 'id' }]],
        ],
      },
    ])
  })

  test('§7 The callback inserts into users {id, email, name, role, password}', async () => {
    const { client, calls } = recordingClient()
    await createAccountStore(client as never).createUserRow({
      ...USER,
      user_metadata: { name: 'Asha' },
    } as never)
    expect(calls).toEqual([
      {
        table: 'users',
        steps: [
          ['insert', [{ id: 'u1', email: 'asha@example.com', name: 'Asha', role: 'user', password: '' }]],
        ],
      },
    ])
  })

  test('§7 Sign in with e-mail and password; sign in with Google; direct password sign-in as fallback for admins', async () => {
    const signIns: unknown[] = []
    const auth = {
      signInWithPassword: async (request: unknown) => {
        signIns.push(request)
        return { data: { user: USER, session: sessionAnswer() }, error: null }
      },
    }
    const accounts = { userRow: async () => ({ name: 'Asha', role: 'admin' }), profileRole: async () => null }
    const result = await logIn({ auth, accounts } as never, { email: ' asha@example.com ', password: 'pw' })
    expect(signIns).toEqual([{ email: 'asha@example.com', password: 'pw' }])
    expect(result).toMatchObject({ ok: true, account: { role: 'admin' } })
    expect(sourceOf('examples/marketplace/src/lib/auth/sign-up.ts')).toContain(
      'export async function signInNewAdmin(',
    )
  })
})
