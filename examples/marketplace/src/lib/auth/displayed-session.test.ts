import type { User } from '@supabase/supabase-js'
import { expect, test } from 'vitest'
import type { StoredSession } from '../stored-session.ts'
import type { Account } from './account.ts'
import { displayedSession } from './displayed-session.ts'

const user = { id: 'u-1', email: 'asha.rao@example.in', user_metadata: { name: 'Asha' } } as unknown as User
const account: Account = {
  userId: 'u-1',
  email: 'asha.rao@example.in',
  name: 'Asha Rao',
  role: 'premium',
  roleSource: 'users',
}
const flags: StoredSession = { isLoggedIn: true, userName: 'Ravi', userId: 'u-2', userRole: 'admin' }
const none: StoredSession = { isLoggedIn: false, userName: '', userId: '', userRole: '' }

test('no signed-in user: the stored flags as they are', () => {
  expect(displayedSession({ user: null, account: null }, flags)).toBe(flags)
  expect(displayedSession({ user: null, account: null }, none)).toBe(none)
})

test('a signed-in user with their account wins over the flags', () => {
  expect(displayedSession({ user, account }, flags)).toEqual({
    isLoggedIn: true,
    userName: 'Asha Rao',
    userId: 'u-1',
    userRole: 'premium',
  })
})

test("while the role is read: the same user's flags fill in, another user's do not", () => {
  const own = { isLoggedIn: true, userName: 'Asha R.', userId: 'u-1', userRole: 'admin' }
  expect(displayedSession({ user, account: null }, own)).toEqual(own)
  expect(displayedSession({ user, account: null }, flags)).toEqual({
    isLoggedIn: true,
    userName: 'Asha',
    userId: 'u-1',
    userRole: '',
  })
})
