import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { describeEachDatabase } from '../db/test-databases.ts'
import { type AuthHandler, createInboxHandler } from './index.ts'
import {
  bodyOf,
  call,
  fakeRequest,
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
  let confirming: AuthHandler

  beforeAll(async () => {
    backend = await openTestBackend(database)
    auth = backend.handler({ autoConfirm: true })
    confirming = backend.handler({ autoConfirm: false })
  })
  afterAll(() => backend.close())

  const CALLBACK = `${ORIGIN}/auth/callback`
  const verifier = randomBytes(32).toString('hex')
  const challenge = createHash('sha256').update(verifier).digest('base64url')

  const open = async (link: string, handler = confirming) => {
    const url = new URL(link)
    const response = await call(handler, 'GET', `/verify${url.search}`)
    expect(response.status).toBe(303)
    return new URL(response.headers?.location as string)
  }

  describe('POST /recover and its link', () => {
    test('always 200 {}; mails a recovery link only to an existing account', async () => {
      const { email } = await signUpSession(auth)
      const response = await call(auth, 'POST', '/recover', {
        body: { email },
        query: { redirect_to: CALLBACK },
      })
      expect(response).toMatchObject({ status: 200, body: {} })
      const mail = await lastMailTo(backend.db, email)
      expect(mail).toMatchObject({ kind: 'recovery', subject: 'Reset Your Password' })
      const nobody = freshEmail('nobody')
      expect(await call(auth, 'POST', '/recover', { body: { email: nobody } })).toMatchObject({
        status: 200,
        body: {},
      })
      expect(await lastMailTo(backend.db, nobody)).toBeUndefined()
      expect(bodyOf(await call(auth, 'POST', '/recover', { body: {} })).code).toBe('validation_failed')
    })

    test('PKCE: the link redirects with ?code, which signs in once for a new password', async () => {
      const { email } = await signUpSession(auth)
      await call(auth, 'POST', '/recover', {
        body: { email, code_challenge: challenge, code_challenge_method: 's256' },
        query: { redirect_to: CALLBACK },
      })
      const link = (await lastMailTo(backend.db, email))?.link as string
      const location = await open(link)
      expect(location.origin + location.pathname).toBe(CALLBACK)
      const code = location.searchParams.get('code') as string
      expect(code).toBeTypeOf('string')
      const session = bodyOf(
        await call(auth, 'POST', '/token?grant_type=pkce', {
          body: { auth_code: code, code_verifier: verifier },
        }),
      )
      const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString())
      expect(claims.amr[0].method).toBe('recovery')
      const update = await call(auth, 'PUT', '/user', {
        token: session.access_token,
        body: { password: 'recovered pw' },
      })
      expect(update.status).toBe(200)
      const signIn = await call(auth, 'POST', '/token?grant_type=password', {
        body: { email, password: 'recovered pw' },
      })
      expect(signIn.status).toBe(200)
      // Used once: the same link again is invalid.
      expect((await open(link)).searchParams.get('error_code')).toBe('otp_expired')
    })

    test('implicit: the link redirects with the session in the fragment, type=recovery', async () => {
      const { email } = await signUpSession(auth)
      await call(auth, 'POST', '/recover', { body: { email }, query: { redirect_to: CALLBACK } })
      const location = await open((await lastMailTo(backend.db, email))?.link as string)
      const fragment = new URLSearchParams(location.hash.slice(1))
      expect(fragment.get('type')).toBe('recovery')
      expect(fragment.get('token_type')).toBe('bearer')
      expect(fragment.get('expires_in')).toBe('3600')
      const user = await call(auth, 'GET', '/user', { token: fragment.get('access_token') as string })
      expect(bodyOf(user).email).toBe(email)
      const refreshed = await call(auth, 'POST', '/token?grant_type=refresh_token', {
        body: { refresh_token: fragment.get('refresh_token') },
      })
      expect(refreshed.status).toBe(200)
    })
  })

  describe('GET /verify (signup)', () => {
    test('confirms the address and redirects with the session; then sign-in works', async () => {
      const email = freshEmail()
      await call(confirming, 'POST', '/signup', {
        body: { email, password: 'password 1' },
        query: { redirect_to: CALLBACK },
      })
      const location = await open((await lastMailTo(backend.db, email))?.link as string)
      expect(location.origin + location.pathname).toBe(CALLBACK)
      expect(new URLSearchParams(location.hash.slice(1)).get('type')).toBe('signup')
      const signIn = await call(confirming, 'POST', '/token?grant_type=password', {
        body: { email, password: 'password 1' },
      })
      expect(signIn.status).toBe(200)
    })

    test('an expired, unknown or used token redirects with otp_expired in query and fragment', async () => {
      const email = freshEmail()
      await call(confirming, 'POST', '/signup', {
        body: { email, password: 'password 1' },
        query: { redirect_to: CALLBACK },
      })
      const link = (await lastMailTo(backend.db, email))?.link as string
      await backend.db.asOwner((tx) =>
        tx.query(
          "update auth.users set confirmation_sent_at = now() - interval '25 hours' where email = $1",
          [email],
        ),
      )
      const location = await open(link)
      expect(location.origin + location.pathname).toBe(CALLBACK)
      expect(Object.fromEntries(location.searchParams)).toEqual({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      })
      expect(new URLSearchParams(location.hash.slice(1)).get('error_code')).toBe('otp_expired')
      const unknown = await open(`${ORIGIN}/auth/v1/verify?token=nope&type=signup&redirect_to=${CALLBACK}`)
      expect(unknown.searchParams.get('error_code')).toBe('otp_expired')
    })

    test('a redirect_to on another site is replaced by the site root (no open redirect)', async () => {
      const location = await open(
        `${ORIGIN}/auth/v1/verify?token=nope&type=signup&redirect_to=https://evil.example/x`,
      )
      expect(location.origin).toBe(ORIGIN)
      expect(location.pathname).toBe('/')
      expect(bodyOf(await call(confirming, 'GET', '/verify?token=x&type=invite')).code).toBe(
        'validation_failed',
      )
    })

    test('POST /resend type signup: a new working link; 200 {} for unknown or confirmed addresses', async () => {
      const email = freshEmail()
      await call(confirming, 'POST', '/signup', { body: { email, password: 'password 1' } })
      const first = (await lastMailTo(backend.db, email))?.link
      const response = await call(confirming, 'POST', '/resend', {
        body: { type: 'signup', email, code_challenge: challenge, code_challenge_method: 's256' },
        query: { redirect_to: CALLBACK },
      })
      expect(response).toMatchObject({ status: 200, body: {} })
      const second = (await lastMailTo(backend.db, email))?.link as string
      expect(second).not.toBe(first)
      expect((await open(first as string)).searchParams.get('error_code')).toBe('otp_expired')
      const code = (await open(second)).searchParams.get('code') as string
      const session = await call(auth, 'POST', '/token?grant_type=pkce', {
        body: { auth_code: code, code_verifier: verifier },
      })
      expect(session.status).toBe(200)
      expect(await call(confirming, 'POST', '/resend', { body: { type: 'signup', email } })).toMatchObject({
        status: 200,
      })
      expect((await lastMailTo(backend.db, email))?.link).toBe(second)
      expect(
        bodyOf(await call(confirming, 'POST', '/resend', { body: { type: 'sms', phone: '1555' } })).code,
      ).toBe('not_found')
      expect(bodyOf(await call(confirming, 'POST', '/resend', { body: { email } })).code).toBe(
        'validation_failed',
      )
    })
  })

  describe('settings, authorize, the rest', () => {
    test('GET /settings: email on, phone and Google off, mailer_autoconfirm per config', async () => {
      const body = bodyOf(await call(auth, 'GET', '/settings'))
      expect(body.external).toMatchObject({ email: true, phone: false, google: false })
      expect(body).toMatchObject({ disable_signup: false, mailer_autoconfirm: true })
      expect(bodyOf(await call(confirming, 'GET', '/settings')).mailer_autoconfirm).toBe(false)
    })

    test('GET /authorize: back to an allowed redirect_to with provider_disabled, else 400 JSON', async () => {
      for (const redirectTo of ['/auth/callback', CALLBACK]) {
        const response = await call(auth, 'GET', '/authorize', {
          query: { provider: 'google', redirect_to: redirectTo },
        })
        expect(response.status).toBe(303)
        const location = new URL(response.headers?.location as string)
        expect(location.pathname).toBe('/auth/callback')
        expect(location.search).toBe(
          '?error=invalid_request&error_code=provider_disabled&error_description=Unsupported+provider%3A+provider+is+not+enabled',
        )
      }
      // Another loopback port is another origin (redirect-url.test.ts has the whole allow list).
      for (const redirectTo of [
        'https://evil.example/cb',
        '//evil.example/cb',
        'javascript:alert(1)',
        'http://127.0.0.1:4173/auth/callback',
        '',
      ]) {
        const response = await call(auth, 'GET', '/authorize', {
          query: { provider: 'google', redirect_to: redirectTo },
        })
        expect(response.status).toBe(400)
        expect(bodyOf(response)).toEqual({
          code: 'validation_failed',
          message: 'Unsupported provider: provider is not enabled',
        })
      }
    })

    test('endpoints the app never calls answer 404 not_found, loudly', async () => {
      for (const [method, path] of [
        ['POST', '/otp'],
        ['POST', '/verify'],
        ['POST', '/sso'],
        ['GET', '/reauthenticate'],
        ['POST', '/factors'],
        ['DELETE', '/user/identities/x'],
        ['POST', '/invite'],
        ['GET', '/admin/users'],
        ['POST', '/magiclink'],
        ['GET', '/nothing-here'],
        ['DELETE', '/user'],
      ] as const) {
        const response = await call(auth, method, path)
        expect(response.status).toBe(404)
        expect(response.headers?.['x-sb-error-code']).toBe('not_found')
        expect(bodyOf(response).message).toContain(
          `${method} /auth/v1${path} is not implemented by the marketplace's local backend`,
        )
      }
    })
  })

  describe('GET /inbox', () => {
    test('lists the mails newest first with their links, escaped', async () => {
      const inbox = createInboxHandler({ config: backend.config, db: backend.db })
      await backend.db.asOwner((tx) =>
        tx.query(
          `insert into auth.local_mails (to_address, subject, kind, link) values
           ('<script>alert(1)</script>@x.com', 'Confirm "<b>"', 'signup', 'http://localhost/?a=1&b="><img src=x>')`,
        ),
      )
      const response = await inbox({ ...fakeRequest('GET', '/'), path: '/' })
      expect(response.status).toBe(200)
      expect(response.headers?.['content-type']).toBe('text/html; charset=utf-8')
      const html = response.body as string
      expect(html).not.toContain('<script>alert')
      expect(html).not.toContain('<img src=x>')
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;@x.com')
      expect(html).toContain('href="http://localhost/?a=1&amp;b=&quot;&gt;&lt;img src=x&gt;"')
      const newest = html.indexOf('&lt;script&gt;')
      const older = html.indexOf('Confirm Your Signup')
      expect(newest).toBeGreaterThan(-1)
      expect(older === -1 || newest < older).toBe(true)
    })
  })
})
