import { describe, expect, test } from 'vitest'
import { toCsv } from './csv.ts'
import { MAX_CUSTOM_DAYS, rangeSpan, spanDays } from './date-range.ts'

const now = new Date('2026-11-27T18:30:00Z')

describe('analytics ranges', () => {
  test('7, 30 and 90 days and a year end today and count today', () => {
    expect(rangeSpan('7d', now)).toEqual({ from: '2026-11-21', to: '2026-11-27' })
    expect(rangeSpan('30d', now)).toEqual({ from: '2026-10-29', to: '2026-11-27' })
    expect(spanDays(rangeSpan('90d', now) as { from: string; to: string })).toBe(90)
    expect(rangeSpan('year', now)).toEqual({ from: '2025-11-28', to: '2026-11-27' })
  })

  test('a custom range is checked', () => {
    expect(rangeSpan('custom', now, { from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    })
    expect(rangeSpan('custom', now, { from: '', to: '2026-01-31' })).toEqual({
      problem: 'Choose a start and an end date',
    })
    expect(rangeSpan('custom', now, { from: '2026-02-30', to: '2026-03-01' })).toEqual({
      problem: 'Choose a start and an end date',
    })
    expect(rangeSpan('custom', now, { from: '2026-02-01', to: '2026-01-01' })).toEqual({
      problem: 'The start date is after the end date',
    })
    expect(rangeSpan('custom', now, { from: '2026-11-01', to: '2026-11-28' })).toEqual({
      problem: 'The end date is in the future',
    })
    expect(rangeSpan('custom', now, { from: '2020-01-01', to: '2026-01-01' })).toEqual({
      problem: `Choose at most ${MAX_CUSTOM_DAYS} days`,
    })
  })
})

describe('CSV', () => {
  test('quotes what needs quoting, doubles quotes, CRLF rows', () => {
    expect(
      toCsv(
        ['date', 'title', 'amount'],
        [
          ['2026-11-27', 'Sofa, "teak"', 499],
          ['2026-11-28', null, 0],
        ],
      ),
    ).toBe('date,title,amount\r\n2026-11-27,"Sofa, ""teak""",499\r\n2026-11-28,,0\r\n')
  })

  test('a cell a spreadsheet would run as a formula is written as text', () => {
    expect(toCsv(['title'], [['=HYPERLINK("x")'], ['+91 98765'], ['-5'], ['@SUM(A1)'], ['plain']])).toBe(
      `title\r\n"'=HYPERLINK(""x"")"\r\n'+91 98765\r\n'-5\r\n'@SUM(A1)\r\nplain\r\n`,
    )
    expect(toCsv(['n'], [[-5], [Number.NaN]])).toBe('n\r\n-5\r\n\r\n')
  })
})
