import { expect, test } from 'vitest'
import { memoryStorage } from './memory-storage.test-support.ts'
import { clearStoredSession, readStoredSession, writeStoredSession } from './stored-session.ts'

test('the four flags are written, read back and cleared together', () => {
  const storage = memoryStorage()
  expect(readStoredSession(storage)).toEqual({ isLoggedIn: false, userName: '', userId: '', userRole: '' })
  writeStoredSession({ isLoggedIn: true, userName: 'Asha', userId: 'u-1', userRole: 'admin' }, storage)
  expect(storage.getItem('isLoggedIn')).toBe('true')
  expect(readStoredSession(storage)).toEqual({
    isLoggedIn: true,
    userName: 'Asha',
    userId: 'u-1',
    userRole: 'admin',
  })
  clearStoredSession(storage)
  expect(storage.length).toBe(0)
})
