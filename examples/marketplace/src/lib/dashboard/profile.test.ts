import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestBackend, type TestBackend } from '../../../server/supabase-test-clients.ts'
import { DEFAULT_PIN_CODE, PROFILE_MESSAGES, Profile, passwordChangeProblem } from './profile.ts'

let backend: TestBackend

beforeAll(async () => {
  backend = await startTestBackend('marketplace-profile-')
})

afterAll(async () => {
  await backend?.close()
})

/** A user signed up and in through the auth server, as the browser has them. */
async function signedIn(email: string, password: string) {
  const client = backend.client()
  const { error } = await client.auth.signUp({ email, password, options: { data: { name: 'Asha' } } })
  if (error) throw new Error(error.message)
  const signIn = await client.auth.signInWithPassword({ email, password })
  if (signIn.error) throw new Error(signIn.error.message)
  return client
}

describe('Profile Settings through supabase-js', () => {
  test('the password change checks before sending', () => {
    expect(passwordChangeProblem({ current: '', next: 'a', confirm: 'a' })).toBe(
      PROFILE_MESSAGES.passwordRequired,
    )
    expect(passwordChangeProblem({ current: 'x', next: 'a', confirm: 'b' })).toBe('Passwords do not match')
    expect(passwordChangeProblem({ current: 'a', next: 'a', confirm: 'a' })).toBe(
      PROFILE_MESSAGES.passwordSame,
    )
    expect(DEFAULT_PIN_CODE).toBe('585101')
  })

  test('the full name is saved; the password changes only with the current one, and then signs in', async () => {
    const client = await signedIn('profile-a@example.com', 'Str0ng-pass-phrase')
    const profile = new Profile(client)
    await profile.saveFullName('  Asha Rao ')
    expect((await client.from('users').select('name').single()).data).toEqual({ name: 'Asha Rao' })

    await expect(
      profile.changePassword({
        current: 'wrong-password',
        next: 'N3w-pass-phrase!',
        confirm: 'N3w-pass-phrase!',
      }),
    ).rejects.toThrow(PROFILE_MESSAGES.passwordWrong)
    await profile.changePassword({
      current: 'Str0ng-pass-phrase',
      next: 'N3w-pass-phrase!',
      confirm: 'N3w-pass-phrase!',
    })
    const fresh = backend.client()
    expect(
      (
        await fresh.auth.signInWithPassword({
          email: 'profile-a@example.com',
          password: 'Str0ng-pass-phrase',
        })
      ).error,
    ).not.toBeNull()
    expect(
      (await fresh.auth.signInWithPassword({ email: 'profile-a@example.com', password: 'N3w-pass-phrase!' }))
        .error,
    ).toBeNull()
  })

  test('signed out: Not authenticated; delete removes the account for good', async () => {
    await expect(new Profile(backend.client()).saveFullName('X')).rejects.toThrow('Not authenticated')
    const client = await signedIn('profile-b@example.com', 'Str0ng-pass-phrase')
    await new Profile(client).deleteAccount()
    const again = await backend
      .client()
      .auth.signInWithPassword({ email: 'profile-b@example.com', password: 'Str0ng-pass-phrase' })
    expect(again.error).not.toBeNull()
  })
})
