import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AuthHandler } from './index.ts'
import { compilePattern, matchesAllowList } from './redirect-allow-list.ts'
import { allowedRedirect, type RedirectPolicy, redirectTarget } from './redirect-url.ts'
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

/** The redirect allow list: what `redirect_to` may send a browser to (issue 26, item 6). */

const ATTACKER = 'http://127.0.0.1:6666/steal'
const CALLBACK = `${ORIGIN}/auth/callback`
const NONE: RedirectPolicy = { siteUrl: null, redirectAllowList: [] }
const request = fakeRequest('POST', '/recover')

describe('allowedRedirect', () => {
  test("by default only the request's own origin (the app's, when mounted); a path is on it", () => {
    expect(allowedRedirect(request, NONE, CALLBACK)).toBe(CALLBACK)
    expect(allowedRedirect(request, NONE, '/auth/callback?x=1')).toBe(`${CALLBACK}?x=1`)
    for (const refused of [
      ATTACKER,
      'http://localhost:6666/auth/callback',
      'http://127.0.0.1:5173/auth/callback',
      'https://localhost:5173/auth/callback',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example/x',
      'http://localhost:5173@evil.example/',
      'http://user:pw@localhost:5173/',
      'javascript:alert(1)',
      'data:text/html,x',
      ' http://localhost:5173/',
      'http://localhost:5173/\tx',
      'not a url',
      '',
    ]) {
      expect(allowedRedirect(request, NONE, refused), refused).toBeNull()
    }
  })

  test('the site URL and the allow list add origins; anything else falls back to the site URL', () => {
    const policy: RedirectPolicy = {
      siteUrl: 'http://app.localhost:3000/welcome',
      redirectAllowList: ['http://localhost:4000/**', 'https://*.preview.example'],
    }
    expect(allowedRedirect(request, policy, 'http://app.localhost:3000/auth/callback')).toBe(
      'http://app.localhost:3000/auth/callback',
    )
    expect(allowedRedirect(request, policy, '/auth/callback')).toBe('http://app.localhost:3000/auth/callback')
    expect(allowedRedirect(request, policy, 'http://localhost:4000/a/b')).toBe('http://localhost:4000/a/b')
    expect(allowedRedirect(request, policy, 'https://pr-7.preview.example')).toBe(
      'https://pr-7.preview.example/',
    )
    expect(allowedRedirect(request, policy, 'https://a.b.preview.example/')).toBeNull()
    expect(redirectTarget(request, policy, ATTACKER)).toBe('http://app.localhost:3000/welcome')
    expect(redirectTarget(request, NONE, ATTACKER)).toBe(`${ORIGIN}/`)
    expect(redirectTarget(request, NONE, null)).toBe(`${ORIGIN}/`)
  })
})

describe("the allow list's globs (GoTrue's: '.' and '/' separate)", () => {
  const matches = (pattern: string, url: string) => matchesAllowList([pattern], new URL(url))

  test('*, **, ?, classes and escapes', () => {
    expect(matches('http://localhost:3000/*', 'http://localhost:3000/cb')).toBe(true)
    expect(matches('http://localhost:3000/*', 'http://localhost:3000/a/b')).toBe(false)
    expect(matches('http://localhost:3000/**', 'http://localhost:3000/a/b?c=d')).toBe(true)
    expect(matches('http://localhost:3000', 'http://localhost:3000/')).toBe(true)
    expect(matches('https://*.example.com/**', 'https://evil.com/.example.com/')).toBe(false)
    expect(matches('https://*.example.com/**', 'https://a.example.com.evil.com/')).toBe(false)
    expect(matches('http://localhost:300?/', 'http://localhost:3001/')).toBe(true)
    expect(matches('http://localhost:30[0-4]0/', 'http://localhost:3050/')).toBe(false)
    expect(matches('http://localhost:30[!5]0/', 'http://localhost:3040/')).toBe(true)
    expect(matches('http://localhost/\\*', 'http://localhost/*')).toBe(true)
    // The fragment is not matched.
    expect(matches('http://localhost:3000/cb', 'http://localhost:3000/cb#x')).toBe(true)
  })

  test('an unclosed or empty class, or a lone \\, is an error, said as such', () => {
    expect(() => compilePattern('http://[a-z')).toThrow('[ without its ]')
    expect(() => compilePattern('http://[]')).toThrow('empty [ ]')
    expect(() => compilePattern('http://x/\\')).toThrow('lone \\')
  })
})

describe('every endpoint with a redirect_to falls back to the site URL, never to the one asked for', () => {
  let backend: TestBackend
  let auth: AuthHandler
  let confirming: AuthHandler
  const challenge = createHash('sha256').update(randomBytes(32).toString('hex')).digest('base64url')

  beforeAll(async () => {
    backend = await openTestBackend()
    auth = backend.handler({ autoConfirm: true })
    confirming = backend.handler({ autoConfirm: false })
  })
  afterAll(() => backend.close())

  const mailedRedirect = async (email: string) => {
    const link = new URL((await lastMailTo(backend.db, email))?.link as string)
    return link.searchParams.get('redirect_to')
  }

  test('recover, signup and resend mail a link back to the site; verify sends there', async () => {
    const { email } = await signUpSession(auth)
    await call(auth, 'POST', '/recover', {
      body: { email, code_challenge: challenge, code_challenge_method: 's256' },
      query: { redirect_to: ATTACKER },
    })
    expect(await mailedRedirect(email)).toBe(`${ORIGIN}/`)

    const fresh = freshEmail()
    await call(confirming, 'POST', '/signup', {
      body: { email: fresh, password: 'password 1' },
      query: { redirect_to: ATTACKER },
    })
    expect(await mailedRedirect(fresh)).toBe(`${ORIGIN}/`)
    await call(confirming, 'POST', '/resend', {
      body: { type: 'signup', email: fresh },
      query: { redirect_to: ATTACKER },
    })
    expect(await mailedRedirect(fresh)).toBe(`${ORIGIN}/`)

    const opened = await call(confirming, 'GET', `/verify?token=nope&type=signup&redirect_to=${ATTACKER}`)
    expect(new URL(opened.headers?.location as string).origin).toBe(ORIGIN)
    const authorize = await call(auth, 'GET', '/authorize', {
      query: { provider: 'google', redirect_to: ATTACKER },
    })
    expect(authorize.status).toBe(400)
  })

  test('with MARKETPLACE_SITE_URL and an allow list (the standalone backend beside an app)', async () => {
    const standalone = backend.handler({
      autoConfirm: true,
      siteUrl: 'http://localhost:5174/',
      redirectAllowList: ['http://localhost:5175/**'],
    })
    const { email } = await signUpSession(standalone)
    for (const [asked, mailed] of [
      ['http://localhost:5174/auth/callback', 'http://localhost:5174/auth/callback'],
      ['http://localhost:5175/auth/callback', 'http://localhost:5175/auth/callback'],
      [ATTACKER, 'http://localhost:5174/'],
    ] as const) {
      const response = await call(standalone, 'POST', '/recover', {
        body: { email },
        query: { redirect_to: asked },
      })
      expect(bodyOf(response)).toEqual({})
      expect(await mailedRedirect(email)).toBe(mailed)
    }
  })
})
