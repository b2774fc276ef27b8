import { afterEach, expect, test, vi } from 'vitest'
import { isUuid } from '../../protocol/ids.ts'
import { newChangeId } from './change-id.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

test('a change id is a UUID, with or without crypto.randomUUID (insecure contexts lack it)', () => {
  expect(isUuid(newChangeId())).toBe(true)
  vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => array.fill(0xff) })
  const id = newChangeId()
  expect(isUuid(id)).toBe(true)
  expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff')
})
