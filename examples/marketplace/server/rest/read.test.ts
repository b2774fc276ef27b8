import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase } from '../db/test-databases.ts'
import { openRestFixture, type RestFixture } from './test-support.ts'

describeEachDatabase((database) => {
  let fx: RestFixture
  let carol: string
  let dave: string

  /** As the admin (who reads every row), the names a query returns, in order. */
  async function names(query: string): Promise<unknown> {
    const res = await fx.call('GET', `/users?select=name&${query}`, { token: fx.tokens.admin })
    expect(res.status, JSON.stringify(res.data)).toBe(200)
    return (res.data as { name: string }[]).map((row) => row.name)
  }

  const q = (params: Record<string, string>) => new URLSearchParams(params).toString()

  beforeAll(async () => {
    fx = await openRestFixture(database)
    carol = await fx.createUser('carol@example.com', 'Smith, Jr')
    dave = await fx.createUser('dave@example.net', 'dave (lower)', { phone: '+912222222222' })
    await fx.db.asOwner(async (tx) => {
      for (const [id, day] of [
        [fx.ids.a, '2024-01-01'],
        [fx.ids.b, '2024-02-01'],
        [fx.ids.admin, '2024-03-01'],
        [carol, '2024-04-01'],
        [dave, '2024-05-01'],
      ] as [string, string][]) {
        await tx.query('update public.users set created_at = $2::timestamptz where id = $1', [
          id,
          `${day}T00:00:00Z`,
        ])
      }
    })
  })

  afterAll(() => fx.close())

  describe('select', () => {
    it('returns the chosen columns only', async () => {
      const res = await fx.call('GET', `/users?select=name,role&id=eq.${fx.ids.a}`)
      expect(res.status).toBe(200)
      expect(res.data).toEqual([{ name: 'Alice', role: 'customer' }])
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.headers['content-range']).toBe('0-0/*')
    })

    it('renames with alias:column and renders values as Postgres writes them', async () => {
      const res = await fx.call('GET', `/users?select=fullName:name,created_at&id=eq.${fx.ids.a}`)
      expect(res.data).toEqual([{ fullName: 'Alice', created_at: '2024-01-01T00:00:00+00:00' }])
    })

    it('returns every column for * (and without select)', async () => {
      const star = await fx.call('GET', `/users?select=*&id=eq.${fx.ids.a}`)
      const none = await fx.call('GET', `/users?id=eq.${fx.ids.a}`)
      expect(star.data).toEqual(none.data)
      expect(Object.keys((star.data as object[])[0] ?? {})).toEqual([
        'id',
        'email',
        'name',
        'phone',
        'role',
        'password',
        'status',
        'created_at',
        'last_active_at',
        'avatar_url',
      ])
    })

    it('answers 42703 for a column the table does not have, with Postgres hint', async () => {
      const res = await fx.call('GET', '/users?select=nope')
      expect(res.status).toBe(400)
      expect(res.data).toEqual({
        code: '42703',
        details: null,
        hint: 'Perhaps you meant to reference the column "users.name" or the column "users.role".',
        message: 'column users.nope does not exist',
      })
    })

    it('refuses embedded resources, casts and JSON paths with PGRST100', async () => {
      for (const select of ['id,profiles(*)', 'id::text', 'email->>x', '...profiles(role)', 'count()']) {
        const res = await fx.call('GET', `/users?${q({ select })}`)
        expect(res.status, select).toBe(400)
        expect((res.data as { code: string }).code).toBe('PGRST100')
        expect((res.data as { message: string }).message).toBe(`failed to parse select parameter (${select})`)
      }
    })

    it('answers 404 PGRST205 for an unknown table, suggesting the near one', async () => {
      const res = await fx.call('GET', '/user')
      expect(res.status).toBe(404)
      expect(res.data).toEqual({
        code: 'PGRST205',
        details: null,
        hint: "Perhaps you meant the table 'public.users'",
        message: "Could not find the table 'public.user' in the schema cache",
      })
    })

    it('refuses another schema (Accept-Profile) with 406 PGRST106', async () => {
      const res = await fx.call('GET', '/users', { headers: { 'Accept-Profile': 'auth' } })
      expect(res.status).toBe(406)
      expect((res.data as { code: string }).code).toBe('PGRST106')
    })
  })

  describe('filters', () => {
    it('eq, neq', async () => {
      expect(await names('name=eq.Alice')).toEqual(['Alice'])
      expect(await names('role=neq.customer')).toEqual(['Ada Admin'])
    })

    it('gt, gte, lt, lte', async () => {
      const order = 'order=created_at'
      expect(await names(`created_at=gt.2024-03-01&${order}`)).toEqual(['Smith, Jr', 'dave (lower)'])
      expect(await names(`created_at=gte.2024-03-01&${order}`)).toEqual([
        'Ada Admin',
        'Smith, Jr',
        'dave (lower)',
      ])
      expect(await names(`created_at=lt.2024-02-01&${order}`)).toEqual(['Alice'])
      expect(await names(`created_at=lte.2024-02-01&${order}`)).toEqual(['Alice', 'Bob'])
    })

    it('like and ilike with * as the wildcard', async () => {
      expect(await names(`${q({ email: 'like.*@example.com' })}&order=name`)).toEqual([
        'Alice',
        'Bob',
        'Smith, Jr',
      ])
      expect(await names(q({ name: 'like.D*' }))).toEqual([])
      expect(await names(q({ name: 'ilike.D*' }))).toEqual(['dave (lower)'])
    })

    it('is null, not_null, true, false; not.is.null', async () => {
      expect(await names('phone=is.null&order=name')).toEqual(['Ada Admin', 'Bob', 'Smith, Jr'])
      expect(await names('phone=not.is.null&order=name')).toEqual(['Alice', 'dave (lower)'])
      expect(await names('phone=is.not_null&order=name')).toEqual(['Alice', 'dave (lower)'])
      expect(await names('last_active_at=is.null&name=eq.Bob')).toEqual(['Bob'])
    })

    it('in with quoted values holding commas, and not.in', async () => {
      expect(await names(`${q({ name: 'in.("Smith, Jr",Bob)' })}&order=name`)).toEqual(['Bob', 'Smith, Jr'])
      expect(await names(`${q({ name: 'not.in.(Alice,Bob,"Smith, Jr")' })}&order=name`)).toEqual([
        'Ada Admin',
        'dave (lower)',
      ])
      expect(await names(q({ name: 'in.()' }))).toEqual([])
    })

    it('not. before any operator', async () => {
      expect(await names('name=not.eq.Alice&order=name')).toEqual([
        'Ada Admin',
        'Bob',
        'Smith, Jr',
        'dave (lower)',
      ])
      expect(await names(`${q({ name: 'not.ilike.*a*' })}&order=name`)).toEqual(['Bob', 'Smith, Jr'])
    })

    it('match, imatch, isdistinct and the (any)/(all) modifiers', async () => {
      expect(await names(`${q({ name: 'match.^[AB]' })}&order=name`)).toEqual(['Ada Admin', 'Alice', 'Bob'])
      expect(await names(q({ name: 'imatch.^d' }))).toEqual(['dave (lower)'])
      expect(await names(`${q({ phone: 'isdistinct.+911111111111' })}&order=name`)).toEqual([
        'Ada Admin',
        'Bob',
        'Smith, Jr',
        'dave (lower)',
      ])
      expect(await names(`${q({ name: 'eq(any).{Alice,Bob}' })}&order=name`)).toEqual(['Alice', 'Bob'])
      expect(await names(`${q({ name: 'like(all).{A*,*e}' })}`)).toEqual(['Alice'])
    })

    it('or and and logic trees, nested and negated', async () => {
      expect(await names(`${q({ or: '(name.eq.Alice,name.eq.Bob)' })}&order=name`)).toEqual(['Alice', 'Bob'])
      expect(
        await names(`${q({ or: '(name.eq."Smith, Jr",and(role.eq.admin,status.eq.active))' })}&order=name`),
      ).toEqual(['Ada Admin', 'Smith, Jr'])
      expect(
        await names(`${q({ 'not.or': '(name.eq.Alice,name.eq.Bob)', role: 'eq.customer' })}&order=name`),
      ).toEqual(['Smith, Jr', 'dave (lower)'])
    })

    it('answers 400 PGRST100 for an unknown operator, naming it', async () => {
      const res = await fx.call('GET', '/users?name=foo.bar')
      expect(res.status).toBe(400)
      expect(res.data).toMatchObject({ code: 'PGRST100', message: 'failed to parse filter (foo.bar)' })
      expect((res.data as { details: string }).details).toContain('Unknown operator "foo"')
    })

    it('answers 42703 for a filter or order on an unknown column', async () => {
      for (const query of ['nope=eq.1', 'order=nope.desc']) {
        const res = await fx.call('GET', `/users?${query}`)
        expect(res.status, query).toBe(400)
        expect((res.data as { code: string }).code).toBe('42703')
      }
    })

    it('answers Postgres 22P02 for a value of the wrong type', async () => {
      const res = await fx.call('GET', '/users?id=eq.not-a-uuid')
      expect(res.status).toBe(400)
      expect(res.data).toEqual({
        code: '22P02',
        details: null,
        hint: null,
        message: 'invalid input syntax for type uuid: "not-a-uuid"',
      })
    })
  })

  describe('order, limit, offset, count', () => {
    it('orders by several columns with nulls first or last', async () => {
      expect(await names('order=created_at.desc')).toEqual([
        'dave (lower)',
        'Smith, Jr',
        'Ada Admin',
        'Bob',
        'Alice',
      ])
      expect(await names('order=phone.asc.nullsfirst,name.desc')).toEqual([
        'Smith, Jr',
        'Bob',
        'Ada Admin',
        'Alice',
        'dave (lower)',
      ])
      expect(await names('order=phone.desc.nullslast,name')).toEqual([
        'dave (lower)',
        'Alice',
        'Ada Admin',
        'Bob',
        'Smith, Jr',
      ])
    })

    it('limits and offsets', async () => {
      expect(await names('order=created_at&limit=2')).toEqual(['Alice', 'Bob'])
      expect(await names('order=created_at&limit=2&offset=3')).toEqual(['Smith, Jr', 'dave (lower)'])
    })

    it('counts with Prefer: count=exact (206 when partial, */0 when empty)', async () => {
      const page = await fx.call('GET', '/users?select=id&order=created_at&limit=2&offset=1', {
        token: fx.tokens.admin,
        headers: { Prefer: 'count=exact' },
      })
      expect(page.status).toBe(206)
      expect(page.headers['content-range']).toBe('1-2/5')
      const all = await fx.call('GET', '/users?select=id', {
        token: fx.tokens.admin,
        headers: { Prefer: 'count=exact' },
      })
      expect(all.status).toBe(200)
      expect(all.headers['content-range']).toBe('0-4/5')
      const none = await fx.call('GET', '/users?name=eq.nobody', {
        token: fx.tokens.admin,
        headers: { Prefer: 'count=exact' },
      })
      expect(none.headers['content-range']).toBe('*/0')
      expect(none.data).toEqual([])
    })

    it('answers 416 PGRST103 for an offset past the count', async () => {
      const res = await fx.call('GET', '/users?offset=9', {
        token: fx.tokens.admin,
        headers: { Prefer: 'count=exact' },
      })
      expect(res.status).toBe(416)
      expect(res.data).toMatchObject({
        code: 'PGRST103',
        details: 'An offset of 9 was requested, but there are only 5 rows.',
      })
    })

    it('honours a Range header', async () => {
      const res = await fx.call('GET', '/users?select=name&order=created_at', {
        token: fx.tokens.admin,
        headers: { Range: '1-2' },
      })
      expect(res.data).toEqual([{ name: 'Bob' }, { name: 'Ada Admin' }])
      expect(res.headers['content-range']).toBe('1-2/*')
    })

    it('answers HEAD with the headers and no body', async () => {
      const res = await fx.call('HEAD', '/users?select=id', {
        token: fx.tokens.admin,
        headers: { Prefer: 'count=exact' },
      })
      expect(res.status).toBe(200)
      expect(res.raw).toBeUndefined()
      expect(res.headers['content-range']).toBe('0-4/5')
    })
  })

  describe('singular responses (Accept: application/vnd.pgrst.object+json)', () => {
    const single = { Accept: 'application/vnd.pgrst.object+json' }

    it('answers the one row as an object', async () => {
      const res = await fx.call('GET', `/users?select=name,role&id=eq.${fx.ids.a}`, { headers: single })
      expect(res.status).toBe(200)
      expect(res.data).toEqual({ name: 'Alice', role: 'customer' })
      expect(res.headers['content-type']).toBe('application/vnd.pgrst.object+json; charset=utf-8')
    })

    it('answers 406 PGRST116 on no row', async () => {
      const res = await fx.call('GET', `/users?select=name&id=eq.${fx.ids.b}`, { headers: single })
      expect(res.status).toBe(406)
      expect(res.data).toEqual({
        code: 'PGRST116',
        details: 'The result contains 0 rows',
        hint: null,
        message: 'Cannot coerce the result to a single JSON object',
      })
    })

    it('answers 406 PGRST116 on more than one row', async () => {
      const res = await fx.call('GET', '/users?select=name', { token: fx.tokens.admin, headers: single })
      expect(res.status).toBe(406)
      expect((res.data as { details: string }).details).toBe('The result contains 5 rows')
    })

    it('strips nulls when asked', async () => {
      const res = await fx.call('GET', `/users?select=name,phone&id=eq.${fx.ids.b}`, {
        token: fx.tokens.b,
        headers: { Accept: 'application/vnd.pgrst.object+json;nulls=stripped' },
      })
      expect(res.data).toEqual({ name: 'Bob' })
    })

    it('refuses media types it does not render with 406 PGRST107', async () => {
      const res = await fx.call('GET', '/users', { headers: { Accept: 'text/csv' } })
      expect(res.status).toBe(406)
      expect((res.data as { code: string }).code).toBe('PGRST107')
    })
  })
})
