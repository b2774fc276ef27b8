import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js'
import { expect } from 'vitest'
import { startTestBackend, type TestBackend } from '../supabase-test-clients.ts'
import type { TestDatabaseTarget } from './test-databases.ts'
import type { QueryParam } from './transaction.ts'

/** A row of public.admin_actions, as the owner reads it. */
export interface AuditRow {
  id: number
  actor: string
  actor_email: string
  action: string
  target_type: string
  target_id: string
  target_label: string
  detail: Record<string, unknown>
  created_at: Date
}

/**
 * The admin dashboard's tests (issue 30): the local backend with an admin, two customers and the
 * anonymous visitor as supabase-js clients, and the database as its owner for what a client may not see.
 */
export interface AdminFixture {
  backend: TestBackend
  ids: { admin: string; a: string; b: string }
  as: Record<'anon' | 'a' | 'b' | 'admin', SupabaseClient>
  /** Rows of `sql` run as the database owner. */
  owner<T>(sql: string, params?: readonly QueryParam[]): Promise<T[]>
  /** The audit rows written since `afterId` (0: all), oldest first. */
  auditSince(afterId: number): Promise<AuditRow[]>
  /** The newest audit row's id (0 when none). */
  lastAuditId(): Promise<number>
  /** One text of what the admin functions may change, to show a refused call changed nothing. */
  snapshot(): Promise<string>
  close(): Promise<void>
}

export async function openAdminFixture(prefix: string, database: TestDatabaseTarget): Promise<AdminFixture> {
  const backend = await startTestBackend(prefix, database)
  const ids = {
    admin: '30000000-0000-4000-8000-0000000000ad',
    a: '30000000-0000-4000-8000-00000000000a',
    b: '30000000-0000-4000-8000-00000000000b',
  }
  await backend.createUser(ids.admin, 'admin30@example.com', 'Meera Admin', { admin: true })
  await backend.createUser(ids.a, 'asha30@example.com', 'Asha')
  await backend.createUser(ids.b, 'bhim30@example.com', 'Bhim')
  const as = {
    anon: backend.client(),
    a: backend.client(await backend.tokenFor(ids.a)),
    b: backend.client(await backend.tokenFor(ids.b)),
    admin: backend.client(await backend.tokenFor(ids.admin)),
  }
  const owner = async <T>(sql: string, params: readonly QueryParam[] = []) =>
    (await backend.backend.db.asOwner((tx) => tx.query<T>(sql, params))).rows
  return {
    backend,
    ids,
    as,
    owner,
    auditSince: (afterId) =>
      owner<AuditRow>('select * from public.admin_actions where id > $1 order by id', [afterId]),
    async lastAuditId() {
      const [row] = await owner<{ id: number | null }>('select max(id) as id from public.admin_actions')
      return row?.id ?? 0
    },
    async snapshot() {
      const [row] = await owner<{ state: string }>(
        `select concat_ws(' | ',
           (select string_agg(concat_ws(':', id, status, report_count), ',' order by id) from public.listings),
           (select string_agg(concat_ws(':', listing_id, resolution), ',' order by id) from public.listing_reports),
           (select string_agg(to_jsonb(p)::text, ',' order by id) from public.plans p),
           (select string_agg(concat_ws(':', user_id, plan_id, status), ',' order by id) from public.subscriptions),
           (select string_agg(concat_ws(':', id, email, name, role, status), ',' order by id) from public.users),
           (select string_agg(concat_ws(':', id, banned_until), ',' order by id) from auth.users),
           (select count(*) from auth.sessions),
           (select count(*) from public.admin_actions)) as state`,
      )
      return row?.state ?? ''
    },
    close: () => backend.close(),
  }
}

/** What a refused call answers: the SQLSTATE and HTTP status, no data. */
export function expectRefused(
  answer: { data: unknown; error: PostgrestError | null; status: number },
  status: 401 | 403,
  message: string | RegExp,
): void {
  expect(answer.data).toBeNull()
  expect(answer.error?.code).toBe('42501')
  expect(answer.status).toBe(status)
  if (typeof message === 'string') expect(answer.error?.message).toBe(message)
  else expect(answer.error?.message).toMatch(message)
}

/** The answer's data, failing the test with the error's message when the call failed. */
export function dataOf<T>(answer: { data: unknown; error: PostgrestError | null }): T {
  if (answer.error) throw new Error(`${answer.error.code}: ${answer.error.message}`)
  return answer.data as T
}

/** Three pending listings of Asha's (L310000000001 to 3, 'Lamp no. n'): the admin pages' own rows. */
export async function addAshasPendingLamps(fx: AdminFixture): Promise<void> {
  await fx.owner(
    `insert into public.listings (id, title, price, category, location, description, status, created_at, user_id, user_name)
     select 'L31000000000' || n, 'Lamp no. ' || n, 100, 'Furniture', 'Aland', 'A lamp.', 'pending', now(), $1, 'Asha'
     from generate_series(1, 3) n`,
    [fx.ids.a],
  )
}
