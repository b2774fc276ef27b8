import { expect, test } from 'vitest'
import { clearStoredSession, readStoredSession, writeStoredSession } from './stored-session.ts'

function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key)
    },
    setItem: (key, value) => {
      map.set(key, String(value))
    },
  }
}

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
