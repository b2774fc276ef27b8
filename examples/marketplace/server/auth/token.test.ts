import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { describeEachDatabase } from '../db/test-databases.ts'
import type { AuthHandler } from './index.ts'
import {
  bodyOf,
  call,
  freshEmail,
  lastMailTo,
  ORIGIN,
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

  const expectError = (
    response: Awaited<ReturnType<AuthHandler>>,
    status: number,
    code: string,
    message?: string,
  ) => {
    expect({ status: response.status, code: bodyOf(response).code }).toEqual({ status, code })
    expect(response.headers?.['x-sb-error-code']).toBe(code)
    if (message !== undefined) expect(bodyOf(response).message).toBe(message)
  }

  const refresh = (refreshToken: string, handler = auth) =>
    call(handler, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: refreshToken } })

  describe('grant_type=password', () => {
    test('signs in, records the sign-in; a wrong password or unknown address: invalid_credentials', async () => {
      const { email, password } = await signUpSession(auth)
      const response = await call(auth, 'POST', '/token?grant_type=password', { body: { email, password } })
      expect(response.status).toBe(200)
      const session = bodyOf(response)
      expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email } })
      expect(session.user.last_sign_in_at).toBeTypeOf('string')
      const active = await backend.db.asOwner((tx) =>
        tx.query<{ last_active_at: Date | null }>('select last_active_at from public.users where id = $1', [
          session.user.id,
        ]),
      )
      expect(active.rows[0]?.last_active_at).toBeInstanceOf(Date)

      const wrong = await call(auth, 'POST', '/token?grant_type=password', {
        body: { email, password: 'wrong password' },
      })
      expectError(wrong, 400, 'invalid_credentials', 'Invalid login credentials')
      const unknown = await call(auth, 'POST', '/token?grant_type=password', {
        body: { email: freshEmail('nobody'), password },
      })
      expectError(unknown, 400, 'invalid_credentials', 'Invalid login credentials')
      expectError(
        await call(auth, 'POST', '/token?grant_type=password', { body: { email } }),
        400,
        'validation_failed',
      )
    })

    test('a suspended (banned) user: user_banned, only with the right password', async () => {
      const { email, password, session } = await signUpSession(auth)
      await backend.db.asOwner((tx) =>
        tx.query("update auth.users set banned_until = 'infinity' where id = $1", [session.user.id]),
      )
      expectError(
        await call(auth, 'POST', '/token?grant_type=password', { body: { email, password } }),
        400,
        'user_banned',
        'User is banned',
      )
      expectError(
        await call(auth, 'POST', '/token?grant_type=password', {
          body: { email, password: 'wrong password' },
        }),
        400,
        'invalid_credentials',
      )
      expectError(await refresh(session.refresh_token), 400, 'user_banned')
    })

    test('id_token and unknown grants answer loudly', async () => {
      expectError(
        await call(auth, 'POST', '/token?grant_type=id_token', {
          body: { provider: 'google', id_token: 'x' },
        }),
        400,
        'provider_disabled',
      )
      expectError(await call(auth, 'POST', '/token?grant_type=web3', { body: {} }), 400, 'validation_failed')
      expectError(await call(auth, 'POST', '/token', { body: {} }), 400, 'validation_failed')
    })
  })

  describe('grant_type=refresh_token', () => {
    test('rotates: a new refresh token each time, the same session, a fresh access token', async () => {
      const { session } = await signUpSession(auth)
      const first = bodyOf(await refresh(session.refresh_token))
      expect(first.refresh_token).not.toBe(session.refresh_token)
      expect(first.user.id).toBe(session.user.id)
      const second = bodyOf(await refresh(first.refresh_token))
      expect(second.refresh_token).not.toBe(first.refresh_token)
      const claims = (token: string) =>
        JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString())
      expect(claims(second.access_token).session_id).toBe(claims(session.access_token).session_id)
      expect(claims(second.access_token).amr).toEqual(claims(session.access_token).amr)
      const chain = await backend.db.asOwner((tx) =>
        tx.query<{ token: string; parent: string | null; revoked: boolean }>(
          'select token, parent, revoked from auth.refresh_tokens where session_id = $1 order by id',
          [claims(session.access_token).session_id],
        ),
      )
      expect(chain.rows).toEqual([
        { token: session.refresh_token, parent: null, revoked: true },
        { token: first.refresh_token, parent: session.refresh_token, revoked: true },
        { token: second.refresh_token, parent: first.refresh_token, revoked: false },
      ])
    })

    test('reuse of an older token revokes the whole family: refresh_token_already_used, and the session ends', async () => {
      const { session } = await signUpSession(auth)
      const first = bodyOf(await refresh(session.refresh_token))
      const second = bodyOf(await refresh(first.refresh_token))
      const reuse = await refresh(session.refresh_token)
      expectError(reuse, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
      // The thief's and the owner's newest tokens alike are dead, and so is the session at /user.
      expectError(await refresh(second.refresh_token), 400, 'refresh_token_already_used')
      expectError(await call(auth, 'GET', '/user', { token: second.access_token }), 403, 'session_not_found')
      const alive = await backend.db.asOwner((tx) =>
        tx.query('select 1 from auth.refresh_tokens where token = $1 and not revoked', [
          second.refresh_token,
        ]),
      )
      expect(alive.rows).toHaveLength(0)
    })

    test('the direct parent within 10 s answers the current token again (a lost answer); later it is reuse', async () => {
      const { session } = await signUpSession(auth)
      const first = bodyOf(await refresh(session.refresh_token))
      const retried = await refresh(session.refresh_token)
      expect(retried.status).toBe(200)
      expect(bodyOf(retried).refresh_token).toBe(first.refresh_token)
      await backend.db.asOwner((tx) =>
        tx.query(
          "update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1",
          [session.refresh_token],
        ),
      )
      expectError(await refresh(session.refresh_token), 400, 'refresh_token_already_used')
      expectError(await refresh(first.refresh_token), 400, 'refresh_token_already_used')
    })

    test('an unknown token: refresh_token_not_found; none: validation_failed', async () => {
      expectError(
        await refresh('no-such-token-123'),
        400,
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      )
      expectError(
        await call(auth, 'POST', '/token?grant_type=refresh_token', { body: {} }),
        400,
        'validation_failed',
      )
    })
  })

  describe('grant_type=pkce', () => {
    const verifier = randomBytes(32).toString('hex')
    const s256 = createHash('sha256').update(verifier).digest('base64url')

    async function codeFromConfirmation(challenge: string, method: string) {
      const confirming = backend.handler({ autoConfirm: false })
      const email = freshEmail('pkce')
      const signUp = await call(confirming, 'POST', '/signup', {
        body: { email, password: 'password 1', code_challenge: challenge, code_challenge_method: method },
        query: { redirect_to: `${ORIGIN}/auth/callback` },
      })
      expect(signUp.status).toBe(200)
      const link = new URL((await lastMailTo(backend.db, email))?.link as string)
      expect(link.searchParams.get('token')).toMatch(/^pkce_/)
      const opened = await call(confirming, 'GET', `/verify${link.search}`)
      expect(opened.status).toBe(303)
      const location = new URL(opened.headers?.location as string)
      expect(location.origin + location.pathname).toBe(`${ORIGIN}/auth/callback`)
      return { email, code: location.searchParams.get('code') as string }
    }

    test('S256: the code and its verifier give a session, once', async () => {
      const { email, code } = await codeFromConfirmation(s256, 's256')
      const exchange = () =>
        call(auth, 'POST', '/token?grant_type=pkce', { body: { auth_code: code, code_verifier: verifier } })
      const response = await exchange()
      expect(response.status).toBe(200)
      expect(bodyOf(response)).toMatchObject({ token_type: 'bearer', user: { email } })
      expect(bodyOf(response).user.email_confirmed_at).toBeTypeOf('string')
      const amr = JSON.parse(
        Buffer.from(bodyOf(response).access_token.split('.')[1], 'base64url').toString(),
      ).amr
      expect(amr[0].method).toBe('email/signup')
      expectError(await exchange(), 404, 'flow_state_not_found')
    })

    test('plain; a wrong verifier: 403 bad_code_verifier; an unknown code: 404 flow_state_not_found', async () => {
      const plain = randomBytes(30).toString('hex')
      const { code } = await codeFromConfirmation(plain, 'plain')
      expectError(
        await call(auth, 'POST', '/token?grant_type=pkce', {
          body: { auth_code: code, code_verifier: 'wrong' },
        }),
        403,
        'bad_code_verifier',
      )
      const ok = await call(auth, 'POST', '/token?grant_type=pkce', {
        body: { auth_code: code, code_verifier: plain },
      })
      expect(ok.status).toBe(200)
      expectError(
        await call(auth, 'POST', '/token?grant_type=pkce', {
          body: { auth_code: '00000000-0000-4000-8000-000000000000', code_verifier: plain },
        }),
        404,
        'flow_state_not_found',
      )
    })

    test('a code older than 5 minutes: flow_state_expired; bad challenge params: validation_failed', async () => {
      const { code } = await codeFromConfirmation(s256, 'S256')
      await backend.db.asOwner((tx) =>
        tx.query(
          "update auth.flow_state set auth_code_issued_at = now() - interval '6 minutes' where auth_code = $1",
          [code],
        ),
      )
      expectError(
        await call(auth, 'POST', '/token?grant_type=pkce', {
          body: { auth_code: code, code_verifier: verifier },
        }),
        400,
        'flow_state_expired',
      )
      const bad = await call(auth, 'POST', '/signup', {
        body: {
          email: freshEmail(),
          password: 'password 1',
          code_challenge: 'short',
          code_challenge_method: 's256',
        },
      })
      expectError(bad, 400, 'validation_failed')
    })
  })

  describe('rate limit', () => {
    test('/token: 30 at once per IP (GoTrue default), then 429 over_request_rate_limit; other IPs unaffected', async () => {
      const limited = backend.handler({
        rateLimits: { tokenPerWindow: 30, mailPerWindow: 30, windowMs: 300_000 },
      })
      const attempt = (ip: string) =>
        call(limited, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: 'unknown' }, ip })
      for (let i = 0; i < 30; i++) expect((await attempt('10.1.1.1')).status).toBe(400)
      const over = await attempt('10.1.1.1')
      expectError(over, 429, 'over_request_rate_limit', 'Request rate limit reached')
      expect(over.headers?.['retry-after']).toBe('10')
      expect((await attempt('10.1.1.2')).status).toBe(400)
    })
  })
})
