import { describe, expect, test, vi } from 'vitest'
import { type AccountSource, homeFor, normalizeRole, resolveAccount, storedSessionFor } from './account.ts'

const user = (metadata: Record<string, unknown> = {}) => ({
  id: 'u-1',
  email: 'asha.rao@example.in',
  user_metadata: metadata,
})

/** A source answering from fixed values, recording which reads were made in which order. */
function source(
  row: { name: string | null; role: string | null } | null | Error,
  profile: string | null | Error,
) {
  const calls: string[] = []
  const answer = <T>(value: T | Error) =>
    value instanceof Error ? Promise.reject(value) : Promise.resolve(value)
  const lookups: AccountSource = {
    userRow: (id) => {
      calls.push(`users:${id}`)
      return answer(row)
    },
    profileRole: (id) => {
      calls.push(`profiles:${id}`)
      return answer(profile)
    },
  }
  return { lookups, calls }
}

describe('role lookup: users, then profiles, then metadata, else customer', () => {
  test('the users row wins, and profiles is not asked', async () => {
    const { lookups, calls } = source({ name: 'Asha Rao', role: 'admin' }, 'customer')
    const account = await resolveAccount(user({ role: 'customer' }), lookups)
    expect(account).toEqual({
      userId: 'u-1',
      email: 'asha.rao@example.in',
      name: 'Asha Rao',
      role: 'admin',
      roleSource: 'users',
    })
    expect(calls).toEqual(['users:u-1'])
  })

  test('no users row: the profile role', async () => {
    const { lookups, calls } = source(null, 'premium')
    const account = await resolveAccount(user({ name: 'Asha', role: 'customer' }), lookups)
    expect(account).toMatchObject({ role: 'premium', roleSource: 'profiles', name: 'Asha' })
    expect(calls).toEqual(['users:u-1', 'profiles:u-1'])
  })

  test('no rows: the sign-up metadata role', async () => {
    const { lookups } = source(null, null)
    expect(await resolveAccount(user({ role: 'premium' }), lookups)).toMatchObject({
      role: 'premium',
      roleSource: 'metadata',
    })
  })

  test('nothing anywhere: customer, named after the e-mail', async () => {
    const { lookups } = source(null, null)
    expect(await resolveAccount(user(), lookups)).toMatchObject({
      role: 'customer',
      roleSource: 'default',
      name: 'asha.rao',
    })
  })

  test("'user' is shown and stored as customer, in every source", async () => {
    expect((await resolveAccount(user(), source({ name: 'A', role: 'user' }, null).lookups)).role).toBe(
      'customer',
    )
    expect((await resolveAccount(user(), source(null, 'user').lookups)).role).toBe('customer')
    expect((await resolveAccount(user({ role: 'user' }), source(null, null).lookups)).role).toBe('customer')
  })

  test('an admin role only in the metadata (which its user can write) is not trusted', async () => {
    const account = await resolveAccount(user({ role: 'admin' }), source(null, null).lookups)
    expect(account).toMatchObject({ role: 'customer', roleSource: 'metadata' })
    expect(homeFor(account)).toBe('/dashboard')
  })

  test('a failed read is logged and the next source is asked', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { lookups, calls } = source(new Error('network down'), 'admin')
    const account = await resolveAccount(user({ name: 'Asha' }), lookups)
    expect(account).toMatchObject({ role: 'admin', roleSource: 'profiles', name: 'Asha' })
    expect(calls).toEqual(['users:u-1', 'profiles:u-1'])
    expect(log).toHaveBeenCalledTimes(1)
    log.mockRestore()
  })

  test('an unknown role in a row counts as none; a row without a name takes the metadata name', async () => {
    const account = await resolveAccount(
      user({ name: 'Asha' }),
      source({ name: '', role: 'owner' }, 'premium').lookups,
    )
    expect(account).toMatchObject({ role: 'premium', roleSource: 'profiles', name: 'Asha' })
  })
})

test('normalizeRole', () => {
  expect(['user', 'customer', 'premium', 'admin', 'owner', null, 3].map(normalizeRole)).toEqual([
    'customer',
    'customer',
    'premium',
    'admin',
    null,
    null,
    null,
  ])
})

test('admins land on /admin, everyone else on /dashboard', () => {
  const base = { userId: 'u', email: 'e', name: 'n', roleSource: 'users' as const }
  expect(homeFor({ ...base, role: 'admin' })).toBe('/admin')
  expect(homeFor({ ...base, role: 'premium' })).toBe('/dashboard')
  expect(homeFor({ ...base, role: 'customer' })).toBe('/dashboard')
  expect(homeFor(null)).toBe('/dashboard')
})

test('the stored flags of an account', () => {
  expect(
    storedSessionFor({ userId: 'u-1', email: 'e', name: 'Asha', role: 'admin', roleSource: 'profiles' }),
  ).toEqual({ isLoggedIn: true, userName: 'Asha', userId: 'u-1', userRole: 'admin' })
})
