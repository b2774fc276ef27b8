import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { describeEachDatabase } from '../db/test-databases.ts'
import { ADMIN_CODE_MESSAGE } from './admin-signup.ts'
import type { AuthHandler } from './index.ts'
import {
  bodyOf,
  call,
  freshEmail,
  lastMailTo,
  ORIGIN,
  openTestBackend,
  type TestBackend,
} from './test-support.ts'

describeEachDatabase((database) => {
  let backend: TestBackend
  let auth: AuthHandler
  let confirming: AuthHandler

  beforeAll(async () => {
    backend = await openTestBackend(database)
    auth = backend.handler({ autoConfirm: true })
    confirming = backend.handler({ autoConfirm: false })
  })
  afterAll(() => backend.close())

  const expectError = (response: Awaited<ReturnType<AuthHandler>>, status: number, code: string) => {
    expect(response.status).toBe(status)
    expect(bodyOf(response).code).toBe(code)
    expect(response.headers?.['x-sb-error-code']).toBe(code)
    expect(response.headers?.['x-supabase-api-version']).toBe('2024-01-01')
  }

  describe('POST /signup with auto-confirm', () => {
    test('answers a session with GoTrue claims, and the database makes the users and profiles rows', async () => {
      const email = freshEmail('Mixed')
      const response = await call(auth, 'POST', '/signup', {
        body: { email: email.toUpperCase(), password: 'long enough', data: { name: 'Ann', phone: '555' } },
      })
      expect(response.status).toBe(200)
      const session = bodyOf(response)
      expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 })
      expect(session.refresh_token.length).toBeGreaterThanOrEqual(12)
      expect(session.user).toMatchObject({
        aud: 'authenticated',
        role: 'authenticated',
        email: email.toLowerCase(),
        phone: '',
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { name: 'Ann', phone: '555', role: 'customer' },
        is_anonymous: false,
      })
      expect(session.user.email_confirmed_at).toBeTypeOf('string')
      expect(session.user.identities).toHaveLength(1)
      const claims = decodeJwt(session.access_token)
      expect(claims).toMatchObject({
        iss: `${ORIGIN}/auth/v1`,
        sub: session.user.id,
        aud: 'authenticated',
        role: 'authenticated',
        aal: 'aal1',
        email: email.toLowerCase(),
        phone: '',
        is_anonymous: false,
        app_metadata: { provider: 'email', providers: ['email'] },
      })
      expect(claims.exp).toBe(session.expires_at)
      expect((claims.exp as number) - (claims.iat as number)).toBe(3600)
      expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
      expect(claims.session_id).toBeTypeOf('string')
      const rows = await backend.db.asOwner((tx) =>
        tx.query<{ name: string; role: string }>(
          'select u.name, p.role from public.users u join public.profiles p using (id) where u.id = $1',
          [session.user.id],
        ),
      )
      expect(rows.rows).toEqual([{ name: 'Ann', role: 'customer' }])
    })

    test('a weak password: 422 weak_password with reasons, for both ends of 8 to 72 bytes', async () => {
      const short = await call(auth, 'POST', '/signup', { body: { email: freshEmail(), password: 'short' } })
      expectError(short, 422, 'weak_password')
      expect(bodyOf(short).weak_password).toEqual({ reasons: ['length'] })
      const long = await call(auth, 'POST', '/signup', {
        body: { email: freshEmail(), password: 'é'.repeat(37) },
      })
      expectError(long, 422, 'weak_password')
      const exact = await call(auth, 'POST', '/signup', {
        body: { email: freshEmail(), password: 'x'.repeat(72) },
      })
      expect(exact.status).toBe(200)
    })

    test('a duplicate: 422 user_already_exists, whatever the case of the address', async () => {
      const email = freshEmail()
      expect((await call(auth, 'POST', '/signup', { body: { email, password: 'password 1' } })).status).toBe(
        200,
      )
      const again = await call(auth, 'POST', '/signup', {
        body: { email: email.toUpperCase(), password: 'password 2' },
      })
      expectError(again, 422, 'user_already_exists')
      expect(bodyOf(again).message).toBe('User already registered')
    })

    test('missing e-mail, phone or password; an invalid address; both e-mail and phone: 400 validation_failed', async () => {
      const missing = await call(auth, 'POST', '/signup', { body: { password: 'password 1' } })
      expectError(missing, 400, 'validation_failed')
      expect(bodyOf(missing).message).toBe('You must provide either an email or phone number and a password')
      expectError(
        await call(auth, 'POST', '/signup', { body: { email: freshEmail() } }),
        400,
        'validation_failed',
      )
      const invalid = await call(auth, 'POST', '/signup', {
        body: { email: 'not an address', password: 'password 1' },
      })
      expectError(invalid, 400, 'validation_failed')
      expect(bodyOf(invalid).message).toBe('Unable to validate email address: invalid format')
      expectError(
        await call(auth, 'POST', '/signup', {
          body: { email: freshEmail(), phone: '15550001111', password: 'password 1' },
        }),
        400,
        'validation_failed',
      )
    })

    test('malformed JSON, wrong types and a too-large body: 400 bad_json / 413, never a 500', async () => {
      const malformed = await call(auth, 'POST', '/signup', { raw: '{"email": ' })
      expectError(malformed, 400, 'bad_json')
      expect(bodyOf(malformed).message).toMatch(/^Could not parse request body as JSON: /)
      expectError(await call(auth, 'POST', '/signup', { raw: '[1,2]' }), 400, 'bad_json')
      expectError(
        await call(auth, 'POST', '/signup', { body: { email: 42, password: 'password 1' } }),
        400,
        'bad_json',
      )
      expectError(
        await call(auth, 'POST', '/signup', {
          body: { email: freshEmail(), password: 'password 1', data: 'x' },
        }),
        400,
        'bad_json',
      )
      expectError(await call(auth, 'POST', '/signup', { tooLarge: true }), 413, 'request_too_large')
    })

    test('phone sign-up: confirmed at once (no SMS here), E.164 stored without +', async () => {
      const phone = `1555${String(Date.now()).slice(-7)}`
      const response = await call(auth, 'POST', '/signup', {
        body: { phone: `+${phone}`, password: 'password 1' },
      })
      expect(response.status).toBe(200)
      const session = bodyOf(response)
      expect(session.user).toMatchObject({ phone, email: '', app_metadata: { provider: 'phone' } })
      expect(session.user.phone_confirmed_at).toBeTypeOf('string')
      const signIn = await call(auth, 'POST', '/token?grant_type=password', {
        body: { phone, password: 'password 1' },
      })
      expect(signIn.status).toBe(200)
      expectError(
        await call(auth, 'POST', '/signup', { body: { phone: '+0123', password: 'password 1' } }),
        400,
        'validation_failed',
      )
    })
  })

  describe('admin sign-up', () => {
    const admin = (code?: string) => ({
      email: freshEmail('admin'),
      password: 'password 1',
      data: { name: 'Boss', role: 'admin', ...(code === undefined ? {} : { admin_signup_code: code }) },
    })

    test('without the code, or with a wrong one: 403 not_admin with what to do, and no account', async () => {
      for (const body of [admin(), admin('wrong'), admin('')]) {
        const response = await call(auth, 'POST', '/signup', { body })
        expectError(response, 403, 'not_admin')
        expect(bodyOf(response).message).toBe(ADMIN_CODE_MESSAGE)
        const rows = await backend.db.asOwner((tx) =>
          tx.query('select 1 from auth.users where email = $1', [body.email]),
        )
        expect(rows.rows).toHaveLength(0)
      }
      const upper = { ...admin(), data: { role: 'ADMIN' } }
      expectError(await call(auth, 'POST', '/signup', { body: upper }), 403, 'not_admin')
    })

    test('with the right code: an admin, and the code is not kept', async () => {
      const response = await call(auth, 'POST', '/signup', { body: admin(backend.config.adminSignupCode) })
      expect(response.status).toBe(200)
      const { user } = bodyOf(response)
      expect(user.user_metadata).toEqual({ name: 'Boss', role: 'admin' })
      const rows = await backend.db.asOwner((tx) =>
        tx.query<{ role: string; meta: Record<string, unknown> }>(
          'select u.role, a.raw_user_meta_data as meta from public.users u join auth.users a using (id) where u.id = $1',
          [user.id],
        ),
      )
      expect(rows.rows).toEqual([{ role: 'admin', meta: { name: 'Boss', role: 'admin' } }])
    })

    test('the database trigger is the second line: a handler with another code still cannot pass it', async () => {
      const lying = backend.handler({ adminSignupCode: 'not-the-stored-code' })
      const response = await call(lying, 'POST', '/signup', { body: admin('not-the-stored-code') })
      expectError(response, 403, 'not_admin')
    })

    test('the demo accounts are seeded once, confirmed, the admin as admin', async () => {
      for (const account of backend.config.demoAccounts) {
        const response = await call(auth, 'POST', '/token?grant_type=password', {
          body: { email: account.email, password: account.password },
        })
        expect(response.status).toBe(200)
        expect(bodyOf(response).user.user_metadata).toEqual({ name: account.name, role: account.role })
      }
      const { prepareAuth } = await import('./index.ts')
      await prepareAuth({ config: backend.config, db: backend.db })
      const count = await backend.db.asOwner((tx) =>
        tx.query<{ n: number }>(
          "select count(*)::int as n from auth.users where email like '%@marketplace.local'",
        ),
      )
      expect(count.rows[0]?.n).toBe(2)
    })
  })

  describe('POST /signup with e-mail confirmation on', () => {
    test('answers the user without a session and mails a confirmation link; sign-in waits for it', async () => {
      const email = freshEmail()
      const response = await call(confirming, 'POST', '/signup', {
        body: { email, password: 'password 1' },
        query: { redirect_to: `${ORIGIN}/auth/callback` },
      })
      expect(response.status).toBe(200)
      const user = bodyOf(response)
      expect(user.access_token).toBeUndefined()
      expect(user).toMatchObject({ email, identities: [{ provider: 'email' }] })
      expect(user.email_confirmed_at).toBeUndefined()
      expect(user.confirmation_sent_at).toBeTypeOf('string')
      const mail = await lastMailTo(backend.db, email)
      expect(mail).toMatchObject({ kind: 'signup', subject: 'Confirm Your Signup' })
      const link = new URL(mail?.link as string)
      expect(link.origin + link.pathname).toBe(`${ORIGIN}/auth/v1/verify`)
      expect(link.searchParams.get('type')).toBe('signup')
      expect(link.searchParams.get('redirect_to')).toBe(`${ORIGIN}/auth/callback`)

      const early = await call(confirming, 'POST', '/token?grant_type=password', {
        body: { email, password: 'password 1' },
      })
      expectError(early, 400, 'email_not_confirmed')
      expect(bodyOf(early).message).toBe('Email not confirmed')
    })

    test('a duplicate of a confirmed account gets a made-up user (no leak); of an unconfirmed one, a new mail', async () => {
      const confirmed = freshEmail()
      await call(auth, 'POST', '/signup', { body: { email: confirmed, password: 'password 1' } })
      const fake = await call(confirming, 'POST', '/signup', {
        body: { email: confirmed, password: 'password 2', data: { name: 'X', admin_signup_code: 'nope' } },
      })
      expect(fake.status).toBe(200)
      expect(bodyOf(fake)).toMatchObject({ email: confirmed, identities: [], user_metadata: { name: 'X' } })
      expect(bodyOf(fake).user_metadata.admin_signup_code).toBeUndefined()
      expect(await lastMailTo(backend.db, confirmed)).toBeUndefined()

      const pending = freshEmail()
      const first = bodyOf(
        await call(confirming, 'POST', '/signup', { body: { email: pending, password: 'password 1' } }),
      )
      const firstLink = (await lastMailTo(backend.db, pending))?.link
      const second = bodyOf(
        await call(confirming, 'POST', '/signup', { body: { email: pending, password: 'password 1' } }),
      )
      expect(second.id).toBe(first.id)
      expect((await lastMailTo(backend.db, pending))?.link).not.toBe(firstLink)
    })

    test('sign-ups that mail count against the mail limit: 429 over_email_send_rate_limit', async () => {
      const limited = backend.handler({
        autoConfirm: false,
        rateLimits: { tokenPerWindow: 30, mailPerWindow: 2, windowMs: 300_000 },
      })
      const body = () => ({ body: { email: freshEmail(), password: 'password 1' }, ip: '10.0.0.9' })
      expect((await call(limited, 'POST', '/signup', body())).status).toBe(200)
      expect((await call(limited, 'POST', '/signup', body())).status).toBe(200)
      const third = await call(limited, 'POST', '/signup', body())
      expectError(third, 429, 'over_email_send_rate_limit')
      expect(third.headers?.['retry-after']).toMatch(/^\d+$/)
      expect((await call(limited, 'POST', '/signup', { ...body(), ip: '10.0.0.10' })).status).toBe(200)
    })
  })
})
