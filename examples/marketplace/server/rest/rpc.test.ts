import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase } from '../db/test-databases.ts'
import { openRestFixture, type RestFixture } from './test-support.ts'

describeEachDatabase((database) => {
  let fx: RestFixture

  beforeAll(async () => {
    fx = await openRestFixture(database)
  })

  afterAll(() => fx.close())

  async function status(id: string): Promise<unknown> {
    const { rows } = await fx.db.asOwner((tx) =>
      tx.query<{ status: string; banned_until: unknown }>(
        'select u.status, a.banned_until from public.users u join auth.users a using (id) where id = $1',
        [id],
      ),
    )
    return rows[0]
  }

  describe('rpc', () => {
    it('set_user_status as an admin: the row as an object (a function returning one composite)', async () => {
      const res = await fx.call('POST', '/rpc/set_user_status', {
        token: fx.tokens.admin,
        body: { target: fx.ids.b, new_status: 'suspended' },
      })
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ id: fx.ids.b, name: 'Bob', status: 'suspended' })
      expect(await status(fx.ids.b)).toMatchObject({ status: 'suspended' })
      const back = await fx.call('POST', '/rpc/set_user_status?select=status', {
        token: fx.tokens.admin,
        body: { target: fx.ids.b, new_status: 'active' },
      })
      expect(back.data).toEqual({ status: 'active' })
      expect(await status(fx.ids.b)).toEqual({ status: 'active', banned_until: null })
    })

    it('set_user_status as a customer: 403 42501 and nothing changes; as anon: 401', async () => {
      const before = await fx.snapshot()
      const res = await fx.call('POST', '/rpc/set_user_status', {
        body: { target: fx.ids.b, new_status: 'suspended' },
      })
      expect(res.status).toBe(403)
      expect(res.data).toEqual({
        code: '42501',
        details: null,
        hint: null,
        message: "Only an admin can change an account's status",
      })
      const anon = await fx.call('POST', '/rpc/set_user_status', {
        token: null,
        body: { target: fx.ids.b, new_status: 'suspended' },
      })
      expect(anon.status).toBe(401)
      // The migration takes EXECUTE back from anon (Supabase's default privileges grant it): 42501 as anon is 401.
      expect(anon.data).toMatchObject({
        code: '42501',
        message: 'permission denied for function set_user_status',
      })
      expect(anon.headers['www-authenticate']).toBe('Bearer')
      expect(await fx.snapshot()).toBe(before)
    })

    it('maps raised errors as PostgREST: 22023 -> 400, PT404 -> 404, bad uuid -> 400 22P02', async () => {
      const unknownStatus = await fx.call('POST', '/rpc/set_user_status', {
        token: fx.tokens.admin,
        body: { target: fx.ids.b, new_status: 'banana' },
      })
      expect(unknownStatus.status).toBe(400)
      expect(unknownStatus.data).toMatchObject({ code: '22023', message: 'Unknown status banana' })
      const missing = await fx.call('POST', '/rpc/set_user_status', {
        token: fx.tokens.admin,
        body: { target: '00000000-0000-4000-8000-00000000ffff', new_status: 'active' },
      })
      expect(missing.status).toBe(404)
      expect(missing.data).toMatchObject({
        code: 'PT404',
        message: 'No user 00000000-0000-4000-8000-00000000ffff',
      })
      const badUuid = await fx.call('POST', '/rpc/set_user_status', {
        token: fx.tokens.admin,
        body: { target: 'nope', new_status: 'active' },
      })
      expect(badUuid.status).toBe(400)
      expect(badUuid.data).toMatchObject({
        code: '22P02',
        message: 'invalid input syntax for type uuid: "nope"',
      })
    })

    it('a scalar function answers its value, by POST and by GET', async () => {
      expect((await fx.call('POST', '/rpc/is_admin', { token: fx.tokens.admin })).data).toBe(true)
      expect((await fx.call('POST', '/rpc/is_admin', { body: {} })).data).toBe(false)
      const get = await fx.call('GET', '/rpc/is_admin', { token: null })
      expect(get.status).toBe(200)
      expect(get.data).toBe(false)
    })

    it('admin_save_user with its defaults, GET arguments from the query string', async () => {
      const created = await fx.call('POST', '/rpc/admin_save_user?select=email,name,role,status', {
        token: fx.tokens.admin,
        body: { target: null, email: 'New@Example.com', name: 'Newcomer' },
      })
      expect(created.status).toBe(200)
      expect(created.data).toEqual({
        email: 'new@example.com',
        name: 'Newcomer',
        role: 'customer',
        status: 'active',
      })
      // GET runs read-only, as PostgREST: a function that writes answers 25006 -> 405.
      const viaGet = await fx.call('GET', `/rpc/set_user_status?target=${fx.ids.b}&new_status=suspended`, {
        token: fx.tokens.admin,
      })
      expect(viaGet.status).toBe(405)
      expect(viaGet.data).toMatchObject({ code: '25006' })
      expect(await status(fx.ids.b)).toMatchObject({ status: 'active' })
    })

    it('a void function answers 204 No Content', async () => {
      const id = await fx.createUser('leaving@example.com', 'Leaving')
      const res = await fx.call('POST', '/rpc/delete_own_account', { token: await fx.tokenFor(id) })
      expect(res.status).toBe(204)
      expect(res.raw).toBeUndefined()
      const { rows } = await fx.db.asOwner((tx) => tx.query('select 1 from public.users where id = $1', [id]))
      expect(rows).toEqual([])
    })

    it('answers 404 PGRST202 for an unknown function or arguments', async () => {
      const unknown = await fx.call('POST', '/rpc/is_admn', { body: {} })
      expect(unknown.status).toBe(404)
      expect(unknown.data).toEqual({
        code: 'PGRST202',
        details:
          'Searched for the function public.is_admn without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.is_admin',
        message: 'Could not find the function public.is_admn without parameters in the schema cache',
      })
      const wrongArgs = await fx.call('POST', '/rpc/set_user_status', {
        body: { target: fx.ids.b, status: 'x' },
      })
      expect(wrongArgs.status).toBe(404)
      expect(wrongArgs.data).toMatchObject({
        code: 'PGRST202',
        message: 'Could not find the function public.set_user_status(status, target) in the schema cache',
        hint: 'Perhaps you meant to call the function public.set_user_status(new_status, target)',
      })
      const trigger = await fx.call('POST', '/rpc/guard_account_row', { body: {} })
      expect(trigger.status).toBe(404)
    })

    it('answers 405 PGRST101 for other methods, and PGRST102 for arguments that are not an object', async () => {
      const patch = await fx.call('PATCH', '/rpc/is_admin', { body: {} })
      expect(patch.status).toBe(405)
      expect(patch.data).toMatchObject({ code: 'PGRST101', message: 'Cannot use the PATCH method on RPC' })
      const array = await fx.call('POST', '/rpc/is_admin', { body: [1] })
      expect(array.status).toBe(400)
      expect((array.data as { code: string }).code).toBe('PGRST102')
    })

    it('sees functions created later once the schema cache is reloaded; shapes set-returning results', async () => {
      await fx.db.asOwner((tx) =>
        tx.exec(`create function public.pairs() returns table(k text, v int) language sql stable
                   as $$ values ('a', 1), ('b', 2), ('c', 3) $$;
                 create function public.tags(t text[], n int default 1) returns setof text language sql stable
                   as $$ select unnest(t) limit n $$;`),
      )
      expect((await fx.call('POST', '/rpc/pairs', { body: {} })).status).toBe(404)
      await fx.handler.reloadSchemaCache()

      const rows = await fx.call('GET', '/rpc/pairs?v=gt.1&order=k.desc&select=k', {
        headers: { Prefer: 'count=exact' },
      })
      expect(rows.data).toEqual([{ k: 'c' }, { k: 'b' }])
      expect(rows.headers['content-range']).toBe('0-1/2')
      const one = await fx.call('POST', '/rpc/pairs?k=eq.b', {
        body: {},
        headers: { Accept: 'application/vnd.pgrst.object+json' },
      })
      expect(one.data).toEqual({ k: 'b', v: 2 })
      const many = await fx.call('POST', '/rpc/pairs', {
        body: {},
        headers: { Accept: 'application/vnd.pgrst.object+json' },
      })
      expect(many.status).toBe(406)

      expect((await fx.call('GET', '/rpc/tags?t=x&t=y&n=2')).data).toEqual(['x', 'y'])
      expect(
        (await fx.call('POST', '/rpc/tags?limit=2', { body: { t: ['p', 'q', 'r'], n: 9 } })).data,
      ).toEqual(['p', 'q'])
      const filtered = await fx.call('GET', '/rpc/tags?t=x&name=eq.1')
      expect(filtered.status).toBe(400)
      expect(filtered.data).toMatchObject({ code: 'PGRST100', message: 'failed to parse filter (name=eq.1)' })
    })
  })
})
