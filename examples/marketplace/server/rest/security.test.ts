import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase } from '../db/test-databases.ts'
import { openRestFixture, type RestFixture } from './test-support.ts'

describeEachDatabase((database) => {
  let fx: RestFixture
  let before: string

  const q = (params: Record<string, string>) => new URLSearchParams(params).toString()

  beforeAll(async () => {
    fx = await openRestFixture(database)
    before = await fx.snapshot()
  })

  afterAll(() => fx.close())

  /** Each bad request answers its PostgREST error and leaves users and profiles as they were. */
  async function expectRefused(
    method: string,
    pathAndQuery: string,
    options: Parameters<RestFixture['call']>[2],
    status: number,
    code: string,
  ): Promise<Record<string, unknown>> {
    const res = await fx.call(method, pathAndQuery, options)
    expect(res.status, JSON.stringify(res.data)).toBe(status)
    expect((res.data as { code: string }).code).toBe(code)
    expect(Object.keys(res.data as object).sort()).toEqual(['code', 'details', 'hint', 'message'])
    expect(await fx.snapshot()).toBe(before)
    return res.data as Record<string, unknown>
  }

  describe('row-level security through the API', () => {
    it('anonymous: no row of users or profiles (401 42501)', async () => {
      await expectRefused('GET', '/users', { token: null }, 401, '42501')
      await expectRefused('GET', '/profiles', { token: fx.tokens.anon }, 401, '42501')
    })

    it('user A reads their own row only; B is invisible to A', async () => {
      const all = await fx.call('GET', '/users?select=id')
      expect(all.data).toEqual([{ id: fx.ids.a }])
      const b = await fx.call('GET', `/users?select=name&id=eq.${fx.ids.b}`, {
        headers: { Accept: 'application/vnd.pgrst.object+json' },
      })
      expect(b.status).toBe(406)
      const profiles = await fx.call('GET', '/profiles?select=id', { token: fx.tokens.b })
      expect(profiles.data).toEqual([{ id: fx.ids.b }])
    })

    it('user A cannot change B (no row matches), nor upsert over B', async () => {
      const res = await fx.call('PATCH', `/users?id=eq.${fx.ids.b}`, { body: { name: 'Hacked' } })
      expect(res.status).toBe(204)
      expect(res.headers['content-range']).toBe('*/*')
      await expectRefused(
        'POST',
        '/users?on_conflict=id',
        { headers: { Prefer: 'resolution=merge-duplicates' }, body: { id: fx.ids.b, name: 'Hacked' } },
        403,
        '42501',
      )
      expect(await fx.snapshot()).toBe(before)
    })

    it('the admin reads every row', async () => {
      const res = await fx.call('GET', '/users?select=id', {
        token: fx.tokens.admin,
        headers: { Prefer: 'count=exact' },
      })
      expect(res.headers['content-range']).toBe('0-2/3')
    })

    it('nobody grants admin to themselves (users or profiles, PATCH or upsert)', async () => {
      await expectRefused('PATCH', `/users?id=eq.${fx.ids.a}`, { body: { role: 'admin' } }, 403, '42501')
      await expectRefused(
        'PATCH',
        `/profiles?id=eq.${fx.ids.b}`,
        { token: fx.tokens.b, body: { role: 'admin' } },
        403,
        '42501',
      )
      await expectRefused(
        'POST',
        '/profiles',
        { headers: { Prefer: 'resolution=merge-duplicates' }, body: { id: fx.ids.a, role: 'admin' } },
        403,
        '42501',
      )
      await expectRefused(
        'PATCH',
        `/users?id=eq.${fx.ids.a}`,
        { body: { status: 'suspended' } },
        403,
        '42501',
      )
    })
  })

  describe('bad input changes nothing', () => {
    it('malformed JSON: 400 PGRST102', async () => {
      const body = await expectRefused(
        'PATCH',
        `/users?id=eq.${fx.ids.a}`,
        { body: '{"name": "x",' },
        400,
        'PGRST102',
      )
      expect(body.message).toBe('Empty or invalid json')
      await expectRefused('POST', '/profiles', {}, 400, 'PGRST102')
    })

    it('a body over the limit: 413', async () => {
      await expectRefused('POST', '/profiles', { tooLarge: true }, 413, 'PGRST102')
    })

    it('an unknown column (body, filter, select, order): PGRST204 / 42703', async () => {
      await expectRefused('PATCH', `/users?id=eq.${fx.ids.a}`, { body: { nope: 'x' } }, 400, 'PGRST204')
      await expectRefused('PATCH', '/users?nope=eq.1', { body: { name: 'x' } }, 400, '42703')
      await expectRefused('DELETE', '/users?nope=eq.1', { token: fx.tokens.service }, 400, '42703')
    })

    it('an unknown operator, a broken logic tree: 400 PGRST100', async () => {
      await expectRefused('PATCH', `/users?id=sneaky.${fx.ids.a}`, { body: { name: 'x' } }, 400, 'PGRST100')
      await expectRefused('GET', `/users?${q({ or: '(name.eq.a,name.eq.b' })}`, {}, 400, 'PGRST100')
      await expectRefused('GET', `/users?${q({ name: 'is.maybe' })}`, {}, 400, 'PGRST100')
    })

    it('SQL in filter values is a value', async () => {
      for (const value of [
        "eq.x'); drop table public.users;--",
        `in.("x');drop table public.users;--")`,
        "like.*'; delete from users;--",
      ]) {
        const res = await fx.call('GET', `/users?${q({ name: value })}`, { token: fx.tokens.admin })
        expect(res.status, value).toBe(200)
        expect(res.data).toEqual([])
      }
      await expectRefused(
        'PATCH',
        `/users?${q({ id: "eq.1' or '1'='1" })}`,
        { body: { name: 'x' } },
        400,
        '22P02',
      )
      await expectRefused(
        'GET',
        `/users?${q({ name: "in.(x');drop table public.users;--)" })}`,
        {},
        400,
        'PGRST100',
      )
      await expectRefused(
        'POST',
        '/rpc/set_user_status',
        { token: fx.tokens.admin, body: { target: fx.ids.b, new_status: "active'); drop table users;--" } },
        400,
        '22023',
      )
    })

    it('SQL in identifiers never reaches the database', async () => {
      const select = await expectRefused(
        'GET',
        `/users?${q({ select: 'id;drop table users' })}`,
        {},
        400,
        '42703',
      )
      expect(select.message).toBe('column users.id;drop table users does not exist')
      await expectRefused(
        'GET',
        `/users?${q({ select: 'name:"id"";drop table users;--"' })}`,
        {},
        400,
        '42703',
      )
      await expectRefused('GET', `/users?${q({ order: 'id;drop table users' })}`, {}, 400, '42703')
      await expectRefused('GET', `/users?${q({ 'id;drop table users': 'eq.1' })}`, {}, 400, '42703')
      await expectRefused('GET', `/${encodeURIComponent('users";drop table users;--')}`, {}, 404, 'PGRST205')
      await expectRefused('GET', `/${encodeURIComponent("users'")}`, {}, 404, 'PGRST205')
      await expectRefused(
        'POST',
        `/users?${q({ on_conflict: 'id) do nothing; drop table users;--' })}`,
        { headers: { Prefer: 'resolution=merge-duplicates' }, body: { id: fx.ids.a } },
        400,
        '42703',
      )
      await expectRefused(
        'POST',
        `/users?${q({ columns: 'id,"name; drop table users"' })}`,
        { body: [{ id: fx.ids.a }] },
        400,
        'PGRST204',
      )
      await expectRefused(
        'POST',
        `/rpc/${encodeURIComponent('is_admin(); drop table users;--')}`,
        { body: {} },
        404,
        'PGRST202',
      )
      await expectRefused(
        'POST',
        '/rpc/set_user_status',
        { token: fx.tokens.admin, body: { target: fx.ids.b, 'new_status text); drop table users;--': 'x' } },
        404,
        'PGRST202',
      )
    })
  })

  describe('tokens', () => {
    const withToken = (token: string) => fx.call('GET', '/profiles', { token })

    it('a token signed with another secret: 401 PGRST301', async () => {
      const forged = await new SignJWT({ sub: fx.ids.a, role: 'service_role' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'))
      const res = await withToken(forged)
      expect(res.status).toBe(401)
      expect(res.data).toEqual({
        code: 'PGRST301',
        details: 'None of the keys was able to decode the JWT',
        hint: null,
        message: 'No suitable key or wrong key type',
      })
      expect(res.headers['www-authenticate']).toContain('invalid_token')
    })

    it('an expired token: 401 PGRST303', async () => {
      const expired = await fx.tokenFor(fx.ids.a, { expiresIn: Math.floor(Date.now() / 1000) - 60 })
      const res = await withToken(expired)
      expect(res.status).toBe(401)
      expect(res.data).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' })
    })

    it('a token with alg none, or not three parts: 401 PGRST301', async () => {
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
      const none = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: fx.ids.admin, role: 'service_role' })}.`
      const res = await withToken(none)
      expect(res.status).toBe(401)
      expect(res.data).toMatchObject({ code: 'PGRST301', message: 'Wrong or unsupported encoding algorithm' })
      const parts = await withToken('abc.def')
      expect(parts.data).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 2' })
    })

    it('a forged token changes nothing', async () => {
      const forged = await new SignJWT({ sub: fx.ids.a, role: 'service_role' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'))
      await expectRefused(
        'PATCH',
        `/users?id=eq.${fx.ids.b}`,
        { token: forged, body: { role: 'admin' } },
        401,
        'PGRST301',
      )
      await expectRefused('DELETE', `/users?id=eq.${fx.ids.b}`, { token: forged }, 401, 'PGRST301')
    })

    it('without Authorization, the apikey decides (anon)', async () => {
      const res = await fx.call('GET', '/rpc/is_admin', { token: null })
      expect(res.data).toBe(false)
      const bad = await fx.call('GET', '/rpc/is_admin', { token: null, headers: { apikey: 'a.b.c' } })
      expect(bad.status).toBe(401)
    })
  })
})
