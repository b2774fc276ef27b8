import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { describeEachDatabase } from '../db/test-databases.ts'
import { startTestBackend, type TestBackend } from '../supabase-test-clients.ts'

// The real supabase-js client against the local backend's /rest/v1 over HTTP: the URLs, headers and
// bodies it sends, and what it makes of the answers (data, error codes, counts, single/maybeSingle).

describeEachDatabase((database) => {
  let backend: TestBackend
  const ids = {
    a: '10000000-0000-4000-8000-00000000000a',
    b: '10000000-0000-4000-8000-00000000000b',
    admin: '10000000-0000-4000-8000-0000000000ad',
  }
  const tokens = { a: '', b: '', admin: '' }
  const signToken = (sub: string, expiresIn?: string | number) => backend.tokenFor(sub, expiresIn)
  /** A client as the app has it after sign-in: the anon key, and the user's access token on every request. */
  const client = (token?: string) => backend.client(token)

  beforeAll(async () => {
    backend = await startTestBackend('marketplace-rest-contract-', database)
    await backend.createUser(ids.a, 'contract-a@example.com', 'Contract A')
    await backend.createUser(ids.b, 'contract-b@example.com', 'Contract B')
    await backend.createUser(ids.admin, 'contract-admin@example.com', 'Contract Admin', { admin: true })
    tokens.a = await signToken(ids.a)
    tokens.b = await signToken(ids.b)
    tokens.admin = await signToken(ids.admin)
  })

  afterAll(async () => {
    await backend?.close()
  })

  describe('supabase-js against the local REST server', () => {
    test('.select().eq().single(): the row; on no row, PGRST116 (406)', async () => {
      const own = await client(tokens.a).from('users').select('name, role').eq('id', ids.a).single()
      expect(own.error).toBeNull()
      expect(own.status).toBe(200)
      expect(own.data).toEqual({ name: 'Contract A', role: 'customer' })

      const other = await client(tokens.a).from('users').select('name, role').eq('id', ids.b).single()
      expect(other.data).toBeNull()
      expect(other.status).toBe(406)
      expect(other.error).toMatchObject({
        code: 'PGRST116',
        details: 'The result contains 0 rows',
        message: 'Cannot coerce the result to a single JSON object',
      })
    })

    test('.maybeSingle(): null without error on no row, the object on one', async () => {
      const none = await client(tokens.a).from('profiles').select('role').eq('id', ids.b).maybeSingle()
      expect(none).toMatchObject({ data: null, error: null, status: 200 })
      const one = await client(tokens.a).from('profiles').select('role').eq('id', ids.a).maybeSingle()
      expect(one.data).toEqual({ role: 'customer' })
    })

    test('.upsert(..., { onConflict: "id" }).select(): the merged row', async () => {
      const { data, error, status } = await client(tokens.a)
        .from('users')
        .upsert(
          {
            id: ids.a,
            email: 'contract-a@example.com',
            name: 'Contract A2',
            phone: null,
            role: 'customer',
            password: '',
          },
          { onConflict: 'id' },
        )
        .select()
      expect(error).toBeNull()
      expect(status).toBe(201)
      expect(data).toMatchObject([{ id: ids.a, name: 'Contract A2', role: 'customer', status: 'active' }])
      const profile = await client(tokens.a)
        .from('profiles')
        .upsert({ id: ids.a, email: 'contract-a@example.com', role: 'customer' }, { onConflict: 'id' })
      expect(profile).toMatchObject({ error: null, status: 201 })
    })

    test('.update().eq(): own row yes, another user no, own role never', async () => {
      const own = await client(tokens.a)
        .from('users')
        .update({ name: 'Contract A3' })
        .eq('id', ids.a)
        .select('name')
        .single()
      expect(own).toMatchObject({ data: { name: 'Contract A3' }, error: null })
      const other = await client(tokens.a).from('users').update({ name: 'Hacked' }).eq('id', ids.b).select()
      expect(other).toMatchObject({ data: [], error: null })
      const role = await client(tokens.a).from('users').update({ role: 'admin' }).eq('id', ids.a)
      expect(role.status).toBe(403)
      expect(role.error).toMatchObject({ code: '42501', message: 'Only an admin can change a role' })
      const b = await client(tokens.b).from('users').select('name').eq('id', ids.b).single()
      expect(b.data).toEqual({ name: 'Contract B' })
    })

    test('.rpc(): set_user_status as admin, and 403 as a customer; scalars', async () => {
      const asAdmin = await client(tokens.admin).rpc('set_user_status', {
        target: ids.b,
        new_status: 'suspended',
      })
      expect(asAdmin.error).toBeNull()
      expect(asAdmin.data).toMatchObject({ id: ids.b, status: 'suspended' })
      const back = await client(tokens.admin).rpc('set_user_status', { target: ids.b, new_status: 'active' })
      expect(back.data).toMatchObject({ status: 'active' })

      const asCustomer = await client(tokens.a).rpc('set_user_status', {
        target: ids.b,
        new_status: 'suspended',
      })
      expect(asCustomer.status).toBe(403)
      expect(asCustomer.error).toMatchObject({
        code: '42501',
        message: "Only an admin can change an account's status",
      })

      expect((await client(tokens.admin).rpc('is_admin')).data).toBe(true)
      expect((await client(tokens.a).rpc('is_admin')).data).toBe(false)
      expect((await client(tokens.a).rpc('is_admin', undefined, { get: true })).data).toBe(false)
      const missing = await client(tokens.a).rpc('no_such_function')
      expect(missing.error).toMatchObject({ code: 'PGRST202' })
    })

    test('anonymous: 401 on users; counts with head: true; bad input answers its code', async () => {
      const anon = await client().from('users').select('*')
      expect(anon.status).toBe(401)
      expect(anon.error).toMatchObject({ code: '42501', message: 'permission denied for table users' })

      const counted = await client(tokens.admin).from('users').select('*', { count: 'exact', head: true })
      expect(counted.error).toBeNull()
      expect(counted.count).toBe(5)

      const unknownColumn = await client(tokens.a).from('users').update({ nope: 1 }).eq('id', ids.a)
      expect(unknownColumn.error).toMatchObject({ code: 'PGRST204' })
      const unknownOperator = await client(tokens.a).from('users').select().filter('name', 'nope', 'x')
      expect(unknownOperator.error).toMatchObject({ code: 'PGRST100' })
      const embedded = await client(tokens.a).from('users').select('id, profiles(*)')
      expect(embedded.error).toMatchObject({ code: 'PGRST100' })
      const filtered = await client(tokens.admin)
        .from('users')
        .select('name')
        .in('id', [ids.a, ids.b])
        .order('name', { ascending: false })
        .limit(1)
      expect(filtered.data).toEqual([{ name: 'Contract B' }])
    })

    test('an expired token: PGRST303 (401)', async () => {
      const expired = await signToken(ids.a, Math.floor(Date.now() / 1000) - 60)
      const res = await client(expired).from('users').select('name').eq('id', ids.a)
      expect(res.status).toBe(401)
      expect(res.error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
    })
  })
})
