import { SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { describeEachDatabase } from '../db/test-databases.ts'
import type { AuthHandler } from './index.ts'
import {
  bodyOf,
  call,
  freshEmail,
  type Json,
  openTestBackend,
  signUpSession,
  type TestBackend,
} from './test-support.ts'

describeEachDatabase((database) => {
  let backend: TestBackend
  let auth: AuthHandler

  beforeAll(async () => {
    backend = await openTestBackend(database)
    auth = backend.handler({ autoConfirm: true })
  })
  afterAll(() => backend.close())

  const expectError = (response: Awaited<ReturnType<AuthHandler>>, status: number, code: string) => {
    expect({ status: response.status, code: bodyOf(response).code }).toEqual({ status, code })
    expect(response.headers?.['x-sb-error-code']).toBe(code)
  }

  const signIn = async (email: string, password: string) =>
    bodyOf(await call(auth, 'POST', '/token?grant_type=password', { body: { email, password } }))

  describe('GET /user', () => {
    test('answers the user of a valid access token', async () => {
      const { session } = await signUpSession(auth)
      const response = await call(auth, 'GET', '/user', { token: session.access_token })
      expect(response.status).toBe(200)
      expect(bodyOf(response)).toEqual(session.user)
    })

    test('bad, forged, expired and alg none tokens: 403 bad_jwt; no token: 401 no_authorization', async () => {
      const { session } = await signUpSession(auth)
      const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString())
      const forged = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'))
      const expired = await new SignJWT({ ...claims, iat: claims.iat - 7200, exp: claims.iat - 3600 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(backend.config.jwtSecret))
      const none = new UnsecuredJWT({ ...claims }).encode()
      const [header, payload] = session.access_token.split('.')
      const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${session.access_token.split('.')[2]}`
      for (const token of ['garbage', forged, expired, none, `${header}.${payload}.`, tampered]) {
        expectError(await call(auth, 'GET', '/user', { token }), 403, 'bad_jwt')
      }
      const expiredBody = bodyOf(await call(auth, 'GET', '/user', { token: expired }))
      expect(expiredBody.message).toMatch(/expired/)
      // The anon key is a valid JWT, but of nobody.
      expectError(await call(auth, 'GET', '/user', { token: backend.config.anonKey }), 403, 'bad_jwt')
      expectError(await call(auth, 'GET', '/user'), 401, 'no_authorization')
    })

    test('a deleted user: 403 user_not_found', async () => {
      const { session } = await signUpSession(auth)
      await backend.db.asOwner((tx) => tx.query('delete from auth.users where id = $1', [session.user.id]))
      expectError(await call(auth, 'GET', '/user', { token: session.access_token }), 403, 'user_not_found')
    })
  })

  describe('PUT /user', () => {
    test('merges data into user_metadata (null removes a key), never the role or the admin code', async () => {
      const { session } = await signUpSession(auth)
      const token = session.access_token
      const response = await call(auth, 'PUT', '/user', {
        token,
        body: { data: { avatar: 'a.png', name: null, admin_signup_code: 'x' } },
      })
      expect(response.status).toBe(200)
      expect(bodyOf(response).user_metadata).toEqual({ avatar: 'a.png', role: 'customer' })
      expectError(
        await call(auth, 'PUT', '/user', { token, body: { data: { role: 'admin' } } }),
        403,
        'not_admin',
      )
      expect((await call(auth, 'PUT', '/user', { token, body: { data: { role: 'customer' } } })).status).toBe(
        200,
      )
      expectError(
        await call(auth, 'PUT', '/user', { token, body: { app_metadata: { provider: 'x' } } }),
        403,
        'not_admin',
      )
      const roles = await backend.db.asOwner((tx) =>
        tx.query<{ role: string }>('select role from public.users where id = $1', [session.user.id]),
      )
      expect(roles.rows).toEqual([{ role: 'customer' }])
    })

    test('a new password: weak_password rules, same_password, then it signs in and other sessions end', async () => {
      const { email, password, session } = await signUpSession(auth)
      const other = await signIn(email, password)
      const token = session.access_token
      expectError(
        await call(auth, 'PUT', '/user', { token, body: { password: 'short' } }),
        422,
        'weak_password',
      )
      expectError(await call(auth, 'PUT', '/user', { token, body: { password } }), 422, 'same_password')
      expect((await call(auth, 'PUT', '/user', { token, body: { password: 'a new password' } })).status).toBe(
        200,
      )
      expect((await signIn(email, 'a new password')).access_token).toBeTypeOf('string')
      expect((await signIn(email, password)).code).toBe('invalid_credentials')
      expect((await call(auth, 'GET', '/user', { token })).status).toBe(200)
      expectError(await call(auth, 'GET', '/user', { token: other.access_token }), 403, 'session_not_found')
    })

    test('a new e-mail (auto-confirm): changed at once, users row follows; a taken one: email_exists', async () => {
      const { session } = await signUpSession(auth)
      const { email: taken } = await signUpSession(auth)
      const token = session.access_token
      const next = freshEmail('moved')
      const response = await call(auth, 'PUT', '/user', { token, body: { email: next.toUpperCase() } })
      expect(response.status).toBe(200)
      expect(bodyOf(response).email).toBe(next)
      const rows = await backend.db.asOwner((tx) =>
        tx.query<{ email: string }>('select email from public.users where id = $1', [session.user.id]),
      )
      expect(rows.rows).toEqual([{ email: next }])
      expectError(await call(auth, 'PUT', '/user', { token, body: { email: taken } }), 422, 'email_exists')
      const confirming = backend.handler({ autoConfirm: false })
      expectError(
        await call(confirming, 'PUT', '/user', { token, body: { email: freshEmail() } }),
        404,
        'not_found',
      )
    })
  })

  describe('POST /logout', () => {
    async function threeSessions(): Promise<[Json, Json, Json]> {
      const { email, password, session } = await signUpSession(auth)
      return [session, await signIn(email, password), await signIn(email, password)]
    }
    const alive = async (session: Json) =>
      (await call(auth, 'GET', '/user', { token: session.access_token })).status === 200

    test('scope=local ends this session only; its refresh token is gone', async () => {
      const [a, b, c] = await threeSessions()
      const response = await call(auth, 'POST', '/logout?scope=local', { token: a.access_token })
      expect(response).toMatchObject({ status: 204 })
      expect(response.body).toBeUndefined()
      expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, true, true])
      const again = await call(auth, 'POST', '/token?grant_type=refresh_token', {
        body: { refresh_token: a.refresh_token },
      })
      expect(bodyOf(again).code).toBe('refresh_token_not_found')
    })

    test('scope=others keeps this one; global (the default) ends all', async () => {
      const [a, b, c] = await threeSessions()
      expect((await call(auth, 'POST', '/logout?scope=others', { token: a.access_token })).status).toBe(204)
      expect([await alive(a), await alive(b), await alive(c)]).toEqual([true, false, false])
      const [d, e] = await threeSessions()
      expect((await call(auth, 'POST', '/logout', { token: d.access_token })).status).toBe(204)
      expect([await alive(d), await alive(e)]).toEqual([false, false])
      expectError(await call(auth, 'POST', '/logout', { token: d.access_token }), 403, 'session_not_found')
    })

    test('an unknown scope: validation_failed', async () => {
      const [a] = await threeSessions()
      expectError(
        await call(auth, 'POST', '/logout?scope=everyone', { token: a.access_token }),
        400,
        'validation_failed',
      )
    })
  })
})
