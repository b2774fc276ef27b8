import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { boundedJson } from './node-props.ts'

describe('boundedJson', () => {
  test('is always JSON, whatever the value', () => {
    fc.assert(
      fc.property(
        fc.anything({ withBoxedValues: true, withMap: true, withSet: true, withDate: true }),
        (value) => {
          expect(() => JSON.parse(boundedJson(value))).not.toThrow()
        },
      ),
      { numRuns: 500 },
    )
  })

  test('is exactly JSON.stringify for small plain values', () => {
    const small = fc.jsonValue({ maxDepth: 2 }).filter((value) => {
      const text = JSON.stringify(value)
      // Within the bounds: few values, short strings, no -0 (JSON writes it as 0 either way).
      return (text.match(/[,:[{]/g)?.length ?? 0) < 12 && !/"[^"]{81,}"/.test(text)
    })
    fc.assert(
      fc.property(small, (value) => {
        expect(JSON.parse(boundedJson(value))).toEqual(JSON.parse(JSON.stringify(value)))
      }),
      { numRuns: 500 },
    )
  })

  test('cycles, functions and non-finite numbers', () => {
    const cyclic: Record<string, unknown> = { n: Number.NaN, f: function named() {}, big: 10n }
    cyclic.self = cyclic
    expect(JSON.parse(boundedJson(cyclic))).toEqual({
      n: 'NaN',
      f: '[Function named]',
      big: '10',
      self: '[Circular]',
    })
  })
})
