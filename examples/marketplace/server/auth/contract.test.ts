import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { type RunningBackend, startBackend } from '../index.ts'

// The real supabase-js client against the local backend over HTTP: what the app sends, and what it
// makes of the answers (sessions, AuthApiError codes, AuthWeakPasswordError reasons).

let backend: RunningBackend
let dataDir: string

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-auth-contract-'))
  backend = await startBackend({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    rateLimits: { tokenPerWindow: 1000, mailPerWindow: 1000, windowMs: 300_000 },
  })
})
afterAll(async () => {
  await backend?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const client = (): SupabaseClient =>
  createClient(backend.url, backend.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  })

let counter = 0
const freshEmail = () => `contract-${Date.now().toString(36)}-${counter++}@example.com`

describe('supabase-js against the local auth server', () => {
  test('signUp: a session at once (auto-confirm), with the metadata; the weak and duplicate errors', async () => {
    const supabase = client()
    const email = freshEmail()
    const { data, error } = await supabase.auth.signUp({
      email,
      password: 'contract password',
      options: { data: { name: 'Contract', role: 'customer' } },
    })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTypeOf('string')
    expect(data.user).toMatchObject({ email, user_metadata: { name: 'Contract', role: 'customer' } })
    expect((await supabase.auth.getSession()).data.session?.user.id).toBe(data.user?.id)

    const weak = await client().auth.signUp({ email: freshEmail(), password: 'short' })
    expect(weak.error).toMatchObject({ name: 'AuthWeakPasswordError', code: 'weak_password', status: 422 })
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length'])

    const duplicate = await client().auth.signUp({ email, password: 'contract password' })
    expect(duplicate.error).toMatchObject({ name: 'AuthApiError', code: 'user_already_exists', status: 422 })
    expect(duplicate.error?.message).toBe('User already registered')
  })

  test('admin sign-up: refused without the code, an admin with it', async () => {
    const refused = await client().auth.signUp({
      email: freshEmail(),
      password: 'contract password',
      options: { data: { name: 'Boss', role: 'admin' } },
    })
    expect(refused.error).toMatchObject({ code: 'not_admin', status: 403 })
    expect(refused.error?.message).toMatch(/admin sign-up code/)
    const admitted = await client().auth.signUp({
      email: freshEmail(),
      password: 'contract password',
      options: { data: { name: 'Boss', role: 'admin', admin_signup_code: backend.config.adminSignupCode } },
    })
    expect(admitted.error).toBeNull()
    expect(admitted.data.user?.user_metadata).toEqual({ name: 'Boss', role: 'admin' })
  })

  test('signInWithPassword: a session; a wrong password: invalid_credentials', async () => {
    const email = freshEmail()
    await client().auth.signUp({ email, password: 'contract password' })
    const supabase = client()
    const wrong = await supabase.auth.signInWithPassword({ email, password: 'not the password' })
    expect(wrong.error).toMatchObject({ name: 'AuthApiError', code: 'invalid_credentials', status: 400 })
    expect(wrong.error?.message).toBe('Invalid login credentials')
    const { data, error } = await supabase.auth.signInWithPassword({ email, password: 'contract password' })
    expect(error).toBeNull()
    expect(data.session?.expires_in).toBe(3600)
    expect((await supabase.auth.getUser()).data.user?.email).toBe(email)
  })

  test('refreshSession rotates the token; a stolen older token revokes the family', async () => {
    const email = freshEmail()
    const supabase = client()
    const { data } = await supabase.auth.signUp({ email, password: 'contract password' })
    const original = data.session?.refresh_token as string
    const first = await supabase.auth.refreshSession()
    expect(first.error).toBeNull()
    expect(first.data.session?.refresh_token).not.toBe(original)
    const second = await supabase.auth.refreshSession()
    expect(second.error).toBeNull()

    const thief = client()
    const reuse = await thief.auth.refreshSession({ refresh_token: original })
    expect(reuse.error).toMatchObject({ code: 'refresh_token_already_used', status: 400 })
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used')
    const owner = await client().auth.refreshSession({
      refresh_token: second.data.session?.refresh_token as string,
    })
    expect(owner.error).toMatchObject({ code: 'refresh_token_already_used' })
  })

  test('updateUser: metadata merged, a new password that then signs in', async () => {
    const email = freshEmail()
    const supabase = client()
    await supabase.auth.signUp({ email, password: 'contract password', options: { data: { name: 'Old' } } })
    const updated = await supabase.auth.updateUser({ data: { name: 'New' }, password: 'changed password' })
    expect(updated.error).toBeNull()
    expect(updated.data.user?.user_metadata).toMatchObject({ name: 'New', role: 'customer' })
    const again = await client().auth.signInWithPassword({ email, password: 'changed password' })
    expect(again.error).toBeNull()
    const weak = await supabase.auth.updateUser({ password: 'short' })
    expect(weak.error).toMatchObject({ code: 'weak_password' })
  })

  test('signOut (global) ends the session on the server: its refresh token no longer works', async () => {
    const email = freshEmail()
    const supabase = client()
    const { data } = await supabase.auth.signUp({ email, password: 'contract password' })
    const refreshToken = data.session?.refresh_token as string
    const accessToken = data.session?.access_token as string
    expect((await supabase.auth.signOut()).error).toBeNull()
    expect((await supabase.auth.getSession()).data.session).toBeNull()
    const after = await client().auth.refreshSession({ refresh_token: refreshToken })
    expect(after.error).toMatchObject({ code: 'refresh_token_not_found' })
    const user = await client().auth.getUser(accessToken)
    expect(user.error).toMatchObject({ name: 'AuthSessionMissingError' })
  })

  test('confirmation on: email_not_confirmed before the link; the PKCE link and code exchange', async () => {
    const confirmingDir = mkdtempSync(path.join(tmpdir(), 'marketplace-auth-contract-confirm-'))
    const confirming = await startBackend({
      dataDir: confirmingDir,
      port: 0,
      host: '127.0.0.1',
      autoConfirm: false,
    })
    try {
      const supabase = createClient(confirming.url, confirming.config.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as never },
      })
      const email = freshEmail()
      const signUp = await supabase.auth.signUp({ email, password: 'contract password' })
      expect(signUp.error).toBeNull()
      expect(signUp.data.session).toBeNull()
      expect(signUp.data.user?.email).toBe(email)
      const signIn = await supabase.auth.signInWithPassword({ email, password: 'contract password' })
      expect(signIn.error).toMatchObject({ code: 'email_not_confirmed', status: 400 })
      expect(signIn.error?.message).toBe('Email not confirmed')
      const inbox = await fetch(`${confirming.url}/inbox`)
      expect(await inbox.text()).toContain(email)

      // PKCE, as the app runs it: the mailed link redirects with ?code, exchanged with the stored verifier.
      const browser = createClient(confirming.url, confirming.config.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, flowType: 'pkce', detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
      })
      const pkceEmail = freshEmail()
      const callback = `${confirming.url}/auth/callback`
      const pending = await browser.auth.signUp({
        email: pkceEmail,
        password: 'contract password',
        options: { emailRedirectTo: callback },
      })
      expect(pending.error).toBeNull()
      const html = await (await fetch(`${confirming.url}/inbox`)).text()
      const link = html
        .match(/href="([^"]+)"/g)
        ?.map((href) => href.slice(6, -1).replaceAll('&amp;', '&'))
        .find((href) => href.includes('token=pkce_'))
      expect(link).toBeDefined()
      const opened = await fetch(link as string, { redirect: 'manual' })
      expect(opened.status).toBe(303)
      const location = new URL(opened.headers.get('location') as string)
      expect(location.origin + location.pathname).toBe(callback)
      const exchanged = await browser.auth.exchangeCodeForSession(location.searchParams.get('code') as string)
      expect(exchanged.error).toBeNull()
      expect(exchanged.data.user?.email).toBe(pkceEmail)
      expect(exchanged.data.user?.email_confirmed_at).toBeTypeOf('string')
    } finally {
      await confirming.close()
      rmSync(confirmingDir, { recursive: true, force: true })
    }
  })
})
