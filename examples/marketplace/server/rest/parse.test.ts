import { describe, expect, it } from 'vitest'
import { RestError, statusForSqlState } from './errors.ts'
import { parseFilterParam } from './filters.ts'
import { negotiate } from './media.ts'
import { parseOrder, parseRange } from './order.ts'
import { parsePrefer } from './prefer.ts'
import { splitQuery } from './query-params.ts'
import { parseSelect } from './select.ts'
import { splitTopLevel } from './syntax.ts'

const codeOf = (work: () => unknown) => {
  try {
    work()
  } catch (error) {
    return error instanceof RestError ? `${error.status} ${error.code}` : String(error)
  }
  return 'no error'
}

describe('filters', () => {
  it('reads operator, value and not.', () => {
    expect(parseFilterParam('name', 'not.ilike.*a.b*')).toEqual({
      kind: 'condition',
      column: 'name',
      negate: true,
      condition: { op: 'ilike', value: '*a.b*' },
    })
    expect(parseFilterParam('id', 'in.(1,"2,3",)')).toMatchObject({
      condition: { op: 'in', values: ['1', '2,3', ''] },
    })
    expect(parseFilterParam('n', 'gt(any).{1,2}')).toMatchObject({
      condition: { op: 'gt', quantifier: 'any', values: ['1', '2'] },
    })
    expect(parseFilterParam('t', 'fts(english).cat')).toMatchObject({
      condition: { op: 'fts', config: 'english' },
    })
    expect(parseFilterParam('x', 'is.NULL')).toMatchObject({ condition: { op: 'is', value: 'null' } })
  })

  it('takes values literally at the top level, unquoted in logic trees', () => {
    expect(parseFilterParam('name', 'eq."a,b"')).toMatchObject({ condition: { value: '"a,b"' } })
    expect(parseFilterParam('or', '(name.eq."a,b",and(x.is.null,not.or(y.eq.1,z.eq.2)))')).toEqual({
      kind: 'logic',
      op: 'or',
      negate: false,
      children: [
        { kind: 'condition', column: 'name', negate: false, condition: { op: 'eq', value: 'a,b' } },
        {
          kind: 'logic',
          op: 'and',
          negate: false,
          children: [
            { kind: 'condition', column: 'x', negate: false, condition: { op: 'is', value: 'null' } },
            {
              kind: 'logic',
              op: 'or',
              negate: true,
              children: [
                { kind: 'condition', column: 'y', negate: false, condition: { op: 'eq', value: '1' } },
                { kind: 'condition', column: 'z', negate: false, condition: { op: 'eq', value: '2' } },
              ],
            },
          ],
        },
      ],
    })
  })

  it('refuses what it cannot read, or does not implement, with 400 PGRST100', () => {
    for (const [key, value] of [
      ['name', 'foo.bar'],
      ['name', 'eq'],
      ['name', 'is.maybe'],
      ['name', 'in.1,2'],
      ['name', 'eq(some).{1}'],
      ['name', 'in.("a)'],
      ['or', 'name.eq.1'],
      ['or', '(name.eq.1,)'],
      ['and', '(name.eq.1'],
      ['profiles.role', 'eq.admin'],
      ['data->>x', 'eq.1'],
    ] as const) {
      expect(
        codeOf(() => parseFilterParam(key, value)),
        `${key}=${value}`,
      ).toBe('400 PGRST100')
    }
  })
})

describe('select, order, range', () => {
  it('reads columns, aliases and quoted names', () => {
    expect(parseSelect('id,fullName:name,"odd,name"')).toEqual([
      { kind: 'column', column: 'id', alias: null },
      { kind: 'column', column: 'name', alias: 'fullName' },
      { kind: 'column', column: 'odd,name', alias: null },
    ])
    expect(parseSelect(null)).toEqual([{ kind: 'star' }])
    for (const select of ['id,', 'a(*)', 'id::text', 'x:y::int', 'j->k', '...a(b)', 'count()', 'a!fk(*)']) {
      expect(
        codeOf(() => parseSelect(select)),
        select,
      ).toBe('400 PGRST100')
    }
  })

  it('reads order terms', () => {
    expect(parseOrder('a,b.desc,c.asc.nullslast,d.nullsfirst')).toEqual([
      { column: 'a', direction: null, nulls: null },
      { column: 'b', direction: 'desc', nulls: null },
      { column: 'c', direction: 'asc', nulls: 'last' },
      { column: 'd', direction: null, nulls: 'first' },
    ])
    for (const order of ['a.up', 'a.desc.asc', '', 'a.nullslast.desc', 'rel(col)']) {
      expect(
        codeOf(() => parseOrder(order)),
        order,
      ).toBe('400 PGRST100')
    }
  })

  it('intersects limit/offset with a Range header', () => {
    expect(parseRange('10', '5', {})).toEqual({ offset: 5, limit: 10 })
    expect(parseRange(null, null, { range: '2-4' })).toEqual({ offset: 2, limit: 3 })
    expect(parseRange('2', null, { range: '1-9' })).toEqual({ offset: 1, limit: 1 })
    expect(codeOf(() => parseRange('-1', null, {}))).toBe('416 PGRST103')
    expect(codeOf(() => parseRange('x', null, {}))).toBe('400 PGRST100')
    expect(codeOf(() => parseRange(null, null, { range: '5-1' }))).toBe('416 PGRST103')
  })
})

describe('query string, Prefer, Accept', () => {
  it('splits reserved parameters from filters, and refuses options of embedded resources', () => {
    const parts = splitQuery(new URLSearchParams('select=id&id=eq.1&id=neq.2&on_conflict=id&not.or=(a.eq.1)'))
    expect(parts).toMatchObject({
      select: 'id',
      onConflict: 'id',
      filters: [
        ['id', 'eq.1'],
        ['id', 'neq.2'],
        ['not.or', '(a.eq.1)'],
      ],
    })
    expect(codeOf(() => splitQuery(new URLSearchParams('profiles.limit=1')))).toBe('400 PGRST100')
  })

  it('reads Prefer as supabase-js joins it; strict handling refuses the unknown', () => {
    expect(
      parsePrefer('return=representation, resolution=merge-duplicates,count=exact, missing=default'),
    ).toMatchObject({
      return: 'representation',
      resolution: 'merge-duplicates',
      count: 'exact',
      missing: 'default',
    })
    expect(parsePrefer(['tx=rollback', 'max-affected=3', 'bogus'])).toMatchObject({
      tx: 'rollback',
      maxAffected: 3,
    })
    expect(codeOf(() => parsePrefer('handling=strict, bogus=1'))).toBe('400 PGRST122')
  })

  it('negotiates JSON arrays and objects; 406 PGRST107 for the rest', () => {
    expect(negotiate(undefined)).toEqual({ singular: false, stripNulls: false })
    expect(negotiate('application/vnd.pgrst.object+json')).toEqual({ singular: true, stripNulls: false })
    expect(negotiate('text/csv;q=0.9, application/vnd.pgrst.object+json;nulls=stripped')).toEqual({
      singular: true,
      stripNulls: true,
    })
    expect(codeOf(() => negotiate('text/csv'))).toBe('406 PGRST107')
  })

  it('splits at top-level commas only', () => {
    expect(splitTopLevel('a,b(c,d),{e,f},"g,\\"h"')).toEqual(['a', 'b(c,d)', '{e,f}', '"g,\\"h"'])
    expect(splitTopLevel('a)')).toBeNull()
    expect(splitTopLevel('"a')).toBeNull()
  })
})

describe("PostgREST's status for a SQLSTATE", () => {
  it.each([
    ['42501', 'x', 'anon', 401],
    ['42501', 'x', 'authenticated', 403],
    ['42501', 'x', 'service_role', 403],
    ['23505', 'x', 'anon', 409],
    ['23503', 'x', 'anon', 409],
    ['23502', 'x', 'anon', 400],
    ['23514', 'x', 'anon', 400],
    ['22P02', 'x', 'anon', 400],
    ['22023', 'Unknown status', 'anon', 400],
    ['22023', 'role "nobody" does not exist', 'anon', 401],
    ['42703', 'x', 'anon', 400],
    ['42883', 'x', 'anon', 404],
    ['42P01', 'x', 'anon', 404],
    ['42P17', 'x', 'anon', 500],
    ['P0001', 'x', 'anon', 400],
    ['P0002', 'x', 'anon', 500],
    ['PT404', 'x', 'anon', 404],
    ['25006', 'x', 'anon', 405],
    ['40001', 'x', 'anon', 500],
    ['53300', 'x', 'anon', 503],
    ['08006', 'x', 'anon', 503],
    ['28000', 'x', 'anon', 403],
    ['0P000', 'x', 'anon', 403],
    ['21000', 'x', 'anon', 500],
    ['XX000', 'x', 'anon', 500],
  ])('%s (%s, as %s) -> %i', (code, message, role, status) => {
    expect(statusForSqlState(code, message, role)).toBe(status)
  })
})
