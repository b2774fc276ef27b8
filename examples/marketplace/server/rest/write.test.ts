import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase } from '../db/test-databases.ts'
import { openRestFixture, type RestFixture } from './test-support.ts'

describeEachDatabase((database) => {
  let fx: RestFixture

  const representation = { Prefer: 'return=representation' }
  const single = { Accept: 'application/vnd.pgrst.object+json' }

  /** An auth user whose users and profiles rows are gone: what the app's sign-up then inserts. */
  async function userWithoutRows(email: string): Promise<{ id: string; token: string }> {
    const id = await fx.createUser(email, 'x')
    await fx.db.asOwner(async (tx) => {
      await tx.query('delete from public.users where id = $1', [id])
      await tx.query('delete from public.profiles where id = $1', [id])
    })
    return { id, token: await fx.tokenFor(id) }
  }

  async function userRow(id: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await fx.db.asOwner((tx) =>
      tx.query<Record<string, unknown>>('select name, role, status, phone from public.users where id = $1', [
        id,
      ]),
    )
    return rows[0]
  }

  beforeAll(async () => {
    fx = await openRestFixture(database)
  })

  afterAll(() => fx.close())

  describe('insert (POST)', () => {
    it('inserts one object and answers 201 with the representation', async () => {
      const user = await userWithoutRows('eve@example.com')
      const res = await fx.call('POST', '/users?select=id,name,role,password', {
        token: user.token,
        headers: representation,
        body: {
          id: user.id,
          email: 'eve@example.com',
          name: 'Eve',
          phone: null,
          role: 'customer',
          password: '',
        },
      })
      expect(res.status).toBe(201)
      expect(res.data).toEqual([{ id: user.id, name: 'Eve', role: 'customer', password: '' }])
      const again = await fx.call('POST', '/users', { token: user.token, body: { id: user.id, name: 'Eve' } })
      expect(again.status).toBe(409)
      // Postgres leaves out the key's values (the detail) when row-level security is on for the role.
      expect(again.data).toEqual({
        code: '23505',
        details: null,
        hint: null,
        message: 'duplicate key value violates unique constraint "users_pkey"',
      })
      const asService = await fx.call('POST', '/users', {
        token: fx.tokens.service,
        body: { id: user.id, name: 'Eve' },
      })
      expect(asService.data).toMatchObject({
        code: '23505',
        details: `Key (id)=(${user.id}) already exists.`,
      })
    })

    it('answers 201 with no body for return=minimal (the default)', async () => {
      const user = await userWithoutRows('frank@example.com')
      const res = await fx.call('POST', '/profiles', {
        token: user.token,
        body: { id: user.id, email: 'frank@example.com' },
      })
      expect(res.status).toBe(201)
      expect(res.raw).toBeUndefined()
    })

    it('inserts an array with the columns parameter (missing keys are null)', async () => {
      const user = await userWithoutRows('gina@example.com')
      const res = await fx.call('POST', '/users?columns=%22id%22,%22name%22,%22phone%22&select=name,phone', {
        token: user.token,
        headers: representation,
        body: [{ id: user.id, name: 'Gina', ignored: 1 }],
      })
      expect(res.status).toBe(201)
      expect(res.data).toEqual([{ name: 'Gina', phone: null }])
    })

    it('uses column defaults for missing keys with Prefer: missing=default', async () => {
      const user = await userWithoutRows('hal@example.com')
      const res = await fx.call('POST', '/users?columns=id,name,role&select=name,role', {
        token: user.token,
        headers: { Prefer: 'return=representation, missing=default' },
        body: [{ id: user.id, name: 'Hal' }],
      })
      expect(res.status).toBe(201)
      expect(res.data).toEqual([{ name: 'Hal', role: 'customer' }])
    })

    it('answers the object for .single() and Location for return=headers-only', async () => {
      const user = await userWithoutRows('ida@example.com')
      const res = await fx.call('POST', '/profiles?select=id,role', {
        token: user.token,
        headers: { ...representation, ...single },
        body: { id: user.id, email: 'ida@example.com' },
      })
      expect(res.data).toEqual({ id: user.id, role: 'customer' })
      const other = await userWithoutRows('jo@example.com')
      const headersOnly = await fx.call('POST', '/profiles', {
        token: other.token,
        headers: { Prefer: 'return=headers-only' },
        body: { id: other.id },
      })
      expect(headersOnly.status).toBe(201)
      expect(headersOnly.headers.location).toBe(`/profiles?id=eq.${other.id}`)
    })

    it('refuses a row for another user (row-level security): 403 as authenticated, 401 as anon', async () => {
      const user = await userWithoutRows('kim@example.com')
      const before = await fx.snapshot()
      const res = await fx.call('POST', '/users', {
        token: fx.tokens.a,
        body: { id: user.id, name: 'Not Alice' },
      })
      expect(res.status).toBe(403)
      expect(res.data).toEqual({
        code: '42501',
        details: null,
        hint: null,
        message: 'new row violates row-level security policy for table "users"',
      })
      const anon = await fx.call('POST', '/users', { token: null, body: { id: user.id, name: 'Anon' } })
      expect(anon.status).toBe(401)
      expect(anon.data).toMatchObject({ code: '42501', message: 'permission denied for table users' })
      expect(anon.headers['www-authenticate']).toBe('Bearer')
      expect(await fx.snapshot()).toBe(before)
    })

    it('refuses keys the table does not have with PGRST204, and arrays whose keys differ with PGRST102', async () => {
      const res = await fx.call('POST', '/profiles', { body: { id: fx.ids.a, nope: 1 } })
      expect(res.status).toBe(400)
      expect(res.data).toEqual({
        code: 'PGRST204',
        details: null,
        hint: null,
        message: "Could not find the 'nope' column of 'profiles' in the schema cache",
      })
      const mixed = await fx.call('POST', '/profiles', { body: [{ id: fx.ids.a }, { email: 'x' }] })
      expect(mixed.data).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' })
    })
  })

  describe('upsert (POST with Prefer: resolution)', () => {
    it('merges duplicates on on_conflict and returns the row', async () => {
      const res = await fx.call(
        'POST',
        '/users?on_conflict=id&columns=%22id%22,%22email%22,%22name%22,%22role%22&select=id,name,role',
        {
          headers: { Prefer: 'resolution=merge-duplicates,return=representation' },
          body: [{ id: fx.ids.a, email: 'alice@example.com', name: 'Alice Merged', role: 'customer' }],
        },
      )
      expect(res.status).toBe(201)
      expect(res.data).toEqual([{ id: fx.ids.a, name: 'Alice Merged', role: 'customer' }])
      expect(res.headers['preference-applied']).toContain('resolution=merge-duplicates')
      expect((await userRow(fx.ids.a))?.name).toBe('Alice Merged')
    })

    it('upserts with the primary key when on_conflict is absent, and inserts new rows', async () => {
      const user = await userWithoutRows('lea@example.com')
      const res = await fx.call('POST', '/profiles?select=id,email', {
        token: user.token,
        headers: { Prefer: 'resolution=merge-duplicates,return=representation' },
        body: { id: user.id, email: 'lea@example.com' },
      })
      expect(res.status).toBe(201)
      expect(res.data).toEqual([{ id: user.id, email: 'lea@example.com' }])
    })

    it('ignores duplicates with resolution=ignore-duplicates', async () => {
      const res = await fx.call('POST', '/users?on_conflict=id', {
        headers: { Prefer: 'resolution=ignore-duplicates,return=representation' },
        body: { id: fx.ids.a, name: 'Ignored' },
      })
      expect(res.status).toBe(201)
      expect(res.data).toEqual([])
      expect((await userRow(fx.ids.a))?.name).toBe('Alice Merged')
    })

    it('cannot grant the admin role to oneself', async () => {
      const before = await fx.snapshot()
      const res = await fx.call('POST', '/users?on_conflict=id', {
        headers: { Prefer: 'resolution=merge-duplicates' },
        body: { id: fx.ids.a, role: 'admin' },
      })
      expect(res.status).toBe(403)
      expect(res.data).toMatchObject({ code: '42501', message: 'Only an admin can give the admin role' })
      expect(await fx.snapshot()).toBe(before)
    })

    it('answers 42703 for an unknown on_conflict column', async () => {
      const res = await fx.call('POST', '/users?on_conflict=nope', {
        headers: { Prefer: 'resolution=merge-duplicates' },
        body: { id: fx.ids.a },
      })
      expect(res.status).toBe(400)
      expect(res.data).toMatchObject({ code: '42703', message: 'column "nope" does not exist' })
    })
  })

  describe('update (PATCH)', () => {
    it('updates the filtered row and answers 200 with the representation', async () => {
      const res = await fx.call('PATCH', `/users?id=eq.${fx.ids.a}&select=name`, {
        headers: representation,
        body: { name: 'Alice Updated' },
      })
      expect(res.status).toBe(200)
      expect(res.data).toEqual([{ name: 'Alice Updated' }])
    })

    it('answers 204 for return=minimal, with the count when asked', async () => {
      const res = await fx.call('PATCH', `/users?id=eq.${fx.ids.a}`, {
        headers: { Prefer: 'count=exact' },
        body: { phone: '+913333333333' },
      })
      expect(res.status).toBe(204)
      expect(res.headers['content-range']).toBe('0-0/1')
      expect((await userRow(fx.ids.a))?.phone).toBe('+913333333333')
    })

    it("changes nothing of another user's row (row-level security)", async () => {
      const before = await fx.snapshot()
      const res = await fx.call('PATCH', `/users?id=eq.${fx.ids.b}`, {
        headers: representation,
        body: { name: 'Hacked' },
      })
      expect(res.status).toBe(200)
      expect(res.data).toEqual([])
      const singular = await fx.call('PATCH', `/users?id=eq.${fx.ids.b}`, {
        headers: { ...representation, ...single },
        body: { name: 'Hacked' },
      })
      expect(singular.status).toBe(406)
      expect(singular.data).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' })
      expect(await fx.snapshot()).toBe(before)
    })

    it('rolls back a .single() update that touches more than one row', async () => {
      const before = await fx.snapshot()
      const res = await fx.call('PATCH', '/users?role=eq.customer', {
        token: fx.tokens.admin,
        headers: { ...representation, ...single },
        body: { avatar_url: 'https://example.com/a.png' },
      })
      expect(res.status).toBe(406)
      expect(await fx.snapshot()).toBe(before)
    })

    it("never lets a user change their own role or status; an admin changes anyone's", async () => {
      const before = await fx.snapshot()
      const role = await fx.call('PATCH', `/users?id=eq.${fx.ids.a}`, { body: { role: 'admin' } })
      expect(role.status).toBe(403)
      expect(role.data).toMatchObject({ code: '42501', message: 'Only an admin can change a role' })
      const profile = await fx.call('PATCH', `/profiles?id=eq.${fx.ids.a}`, { body: { role: 'premium' } })
      expect(profile.status).toBe(403)
      const status = await fx.call('PATCH', `/users?id=eq.${fx.ids.a}`, {
        body: { status: 'active', name: 'x' },
      })
      expect(status.status).toBe(204)
      const suspend = await fx.call('PATCH', `/users?id=eq.${fx.ids.a}`, { body: { status: 'suspended' } })
      expect(suspend.status).toBe(403)
      await fx.call('PATCH', `/users?id=eq.${fx.ids.a}`, { body: { name: 'Alice Updated' } })
      expect(await fx.snapshot()).toBe(before)

      const byAdmin = await fx.call('PATCH', `/users?id=eq.${fx.ids.b}&select=role`, {
        token: fx.tokens.admin,
        headers: representation,
        body: { role: 'premium' },
      })
      expect(byAdmin.data).toEqual([{ role: 'premium' }])
    })

    it('keeps everything with Prefer: tx=rollback', async () => {
      const before = await fx.snapshot()
      const res = await fx.call('PATCH', `/users?id=eq.${fx.ids.a}&select=name`, {
        headers: { Prefer: 'return=representation,tx=rollback' },
        body: { name: 'Rolled Back' },
      })
      expect(res.data).toEqual([{ name: 'Rolled Back' }])
      expect(await fx.snapshot()).toBe(before)
    })

    it('changes nothing for an empty body', async () => {
      const res = await fx.call('PATCH', `/users?id=eq.${fx.ids.a}`, { headers: representation, body: {} })
      expect(res.status).toBe(200)
      expect(res.data).toEqual([])
    })

    it('refuses limit and order on PATCH and DELETE with PGRST100', async () => {
      const res = await fx.call('PATCH', `/users?id=eq.${fx.ids.a}&limit=1`, { body: { name: 'x' } })
      expect(res.status).toBe(400)
      expect((res.data as { code: string }).code).toBe('PGRST100')
    })
  })

  describe('delete', () => {
    it('is not granted to users (403), and deletes as the service role', async () => {
      const id = await fx.createUser('temp@example.com', 'Temp')
      const before = await fx.snapshot()
      const res = await fx.call('DELETE', `/profiles?id=eq.${id}`, { token: await fx.tokenFor(id) })
      expect(res.status).toBe(403)
      expect(res.data).toMatchObject({ code: '42501', message: 'permission denied for table profiles' })
      expect(await fx.snapshot()).toBe(before)

      const deleted = await fx.call('DELETE', `/profiles?id=eq.${id}&select=email`, {
        token: fx.tokens.service,
        headers: representation,
      })
      expect(deleted.status).toBe(200)
      expect(deleted.data).toEqual([{ email: 'temp@example.com' }])
      const minimal = await fx.call('DELETE', `/users?id=eq.${id}`, { token: fx.tokens.service })
      expect(minimal.status).toBe(204)
      expect(await userRow(id)).toBeUndefined()
    })
  })
})
