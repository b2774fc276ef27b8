import { describe, expect, test, vi } from 'vitest'
import { memoByString } from './memo.ts'

describe('memoByString', () => {
  test('computes once per string, falsy answers included', () => {
    const compute = vi.fn((key: string) => (key === 'no' ? false : key.length))
    const cached = memoByString<number | false>(compute)
    expect([cached('abc'), cached('abc'), cached('no'), cached('no')]).toEqual([3, 3, false, false])
    expect(compute).toHaveBeenCalledTimes(2)
  })

  test('starts over when it holds `limit` answers', () => {
    const compute = vi.fn((key: string) => key.toUpperCase())
    const cached = memoByString(compute, 2)
    cached('a')
    cached('b')
    cached('c') // full: emptied, then holds c
    cached('a')
    expect(compute.mock.calls.map(([key]) => key)).toEqual(['a', 'b', 'c', 'a'])
    cached('c')
    expect(compute).toHaveBeenCalledTimes(4)
  })
})
