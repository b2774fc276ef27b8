import { describe, expect, test } from 'vitest'
import {
  baseStep,
  convertUnit,
  formatFieldValue,
  nudge,
  parseFieldValue,
  scrub,
  stepOf,
} from './css-values.ts'

const px = (value: number) => ({ kind: 'number' as const, value, unit: 'px' })

describe('values typed or computed', () => {
  test('numbers with units, a bare number in the field unit, keywords, nonsense', () => {
    expect(parseFieldValue('1.5rem', 'px')).toEqual({ kind: 'number', value: 1.5, unit: 'rem' })
    expect(parseFieldValue(' 12 ', 'px')).toEqual(px(12))
    expect(parseFieldValue('12 PX', 'rem')).toEqual(px(12))
    expect(parseFieldValue('-.5em', 'px')).toEqual({ kind: 'number', value: -0.5, unit: 'em' })
    expect(parseFieldValue('50%', 'px')).toEqual({ kind: 'number', value: 50, unit: '%' })
    expect(parseFieldValue('0.5', '')).toEqual({ kind: 'number', value: 0.5, unit: '' })
    expect(parseFieldValue('Auto', 'px')).toEqual({ kind: 'keyword', keyword: 'auto' })
    expect(parseFieldValue('12px;color:red', 'px')).toBeNull()
    expect(formatFieldValue({ kind: 'number', value: 0.1 + 0.2, unit: 'rem' })).toBe('0.3rem')
  })

  test('units converted at 16 px a rem; a percentage keeps its number; auto is a keyword unit', () => {
    expect(convertUnit(px(24), 'rem')).toEqual({ kind: 'number', value: 1.5, unit: 'rem' })
    expect(convertUnit({ kind: 'number', value: 2, unit: 'rem' }, 'px')).toEqual(px(32))
    expect(convertUnit(px(24), '%')).toEqual({ kind: 'number', value: 24, unit: '%' })
    expect(convertUnit(px(24), 'auto')).toEqual({ kind: 'keyword', keyword: 'auto' })
    expect(convertUnit({ kind: 'keyword', keyword: 'auto' }, 'px', { value: 240, unit: 'px' })).toEqual(
      px(240),
    )
  })
})

describe('arrow keys and scrubbing', () => {
  test('a step of 1 px (0.1 rem), Shift x10, Alt /10, bounded', () => {
    expect(baseStep('px')).toBe(1)
    expect(baseStep('rem')).toBe(0.1)
    expect(stepOf(1, { shiftKey: true })).toBe(10)
    expect(stepOf(1, { altKey: true })).toBe(0.1)
    expect(nudge(px(16), 1, 10, px(0))).toEqual(px(26))
    expect(nudge(px(4), -1, 10, px(0), { min: 0 })).toEqual(px(0))
    expect(nudge({ kind: 'number', value: 1, unit: 'rem' }, 1, 0.1, px(0))).toEqual({
      kind: 'number',
      value: 1.1,
      unit: 'rem',
    })
  })

  test('a keyword steps from the computed number', () => {
    expect(nudge({ kind: 'keyword', keyword: 'auto' }, 1, 1, { value: 240, unit: 'px' })).toEqual(px(241))
  })

  test('a scrub: one step a pixel from the value at the press', () => {
    expect(scrub({ value: 16, unit: 'px' }, 12.4, 1)).toEqual(px(28))
    expect(scrub({ value: 16, unit: 'px' }, -40, 1, { min: 0 })).toEqual(px(0))
    expect(scrub({ value: 1, unit: 'rem' }, 5, 0.1)).toEqual({ kind: 'number', value: 1.5, unit: 'rem' })
  })
})
