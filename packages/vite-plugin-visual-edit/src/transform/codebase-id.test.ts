import { describe, expect, test } from 'vitest'
import { isTaggedCodebaseId } from '../protocol/ids.ts'
import { codebaseIdFor, uuidV5 } from './codebase-id.ts'

describe('uuidV5', () => {
  test('matches the RFC 4122 / Python uuid5 reference value', () => {
    // uuid.uuid5(uuid.NAMESPACE_DNS, 'www.example.com')
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    )
  })

  test('hashes the name as UTF-8', () => {
    expect(uuidV5('ünïcödé 🙂')).not.toBe(uuidV5('unicode'))
    expect(uuidV5('ünïcödé 🙂')).toBe(uuidV5('ünïcödé 🙂'))
  })
})

describe('codebaseIdFor', () => {
  test('is a tempo- id with a version 5 UUID, stable for a path and structural path', () => {
    const id = codebaseIdFor('src/App.tsx', '0.1')
    expect(isTaggedCodebaseId(id)).toBe(true)
    expect(id[14 + 6]).toBe('5')
    expect(codebaseIdFor('src/App.tsx', '0.1')).toBe(id)
    expect(codebaseIdFor('src/App.tsx', '0.2')).not.toBe(id)
    expect(codebaseIdFor('src/Other.tsx', '0.1')).not.toBe(id)
  })
})
