/**
 * The admin dashboard's data (issue 30) with 10,000 listings, 10,000 users, 10,000 payments and 3,000
 * subscriptions over a year, each figure beside a baseline measured in the same run:
 *
 *   npm run bench -- marketplace-admin
 *
 * 1. Manage Listings and Manage Users: a page of 10 from `public.admin_listings` / `public.admin_users`
 *    with the tabs, filters and searches the pages offer, run in the database as the admin's request
 *    (role authenticated, the admin's claims), 200 runs each. Baseline: `select 1` the same way.
 *    Goal: p95 < 50 ms. The same calls through supabase-js over HTTP, no goal of their own.
 * 2. Analytics: `public.admin_analytics` over a year and over 30 days. Goal: p95 < 200 ms.
 * 3. The dashboard's stat cards and recent activity: no goal of their own.
 * 4. EXPLAIN of the two statements a page runs (the count and the page, their filters from
 *    `private.admin_listing_filter` / `private.admin_user_filter`): how the table is read.
 *
 * On PGlite; then, when BENCH_DATABASE_URL (else TEST_DATABASE_URL) names a PostgreSQL server whose
 * user may create databases (.ci/with-postgres sets it), again on a fresh database of that server.
 */
import type { Transaction } from '../examples/marketplace/server/db/database.ts'
import { PGLITE, type TestDatabaseTarget } from '../examples/marketplace/server/db/test-databases.ts'
import { startTestBackend, type TestBackend } from '../examples/marketplace/server/supabase-test-clients.ts'
import { CATEGORIES } from '../examples/marketplace/src/data/categories.ts'
import { literal, timed, LISTING_TITLE_WORDS as WORDS } from './marketplace-data.ts'
import { type ReportBar, recordChart } from './report/record.ts'
import { median, percentile, printTable, ratio } from './report.ts'

const ROWS = 10_000
const SUBSCRIPTIONS = 3_000
const PAGE_GOAL_P95_MS = 50
const ANALYTICS_GOAL_P95_MS = 200
const ADMIN = '40000000-0000-4000-8000-0000000000ad'

const FIRST_NAMES = ['Asha', 'Bhim', 'Chitra', 'Dev', 'Farah', 'Girish', 'Heena', 'Imran', 'Jyoti', 'Kiran']
const LAST_NAMES = ['Patil', 'Kulkarni', 'Khan', 'Biradar', 'Desai', 'Joshi', 'Kumar', 'Reddy', 'Shetty']

type Call = {
  group: 'listings' | 'users' | 'analytics' | 'dashboard'
  name: string
  sql: string
  args: unknown[]
}

const LISTINGS_SQL = 'select public.admin_listings($1, $2, $3, $4, $5) as answer'
const USERS_SQL = 'select public.admin_users($1, $2, $3, $4, $5) as answer'

function calls(): Call[] {
  const today = new Date()
  const daysAgo = (days: number) => new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10)
  const listings = (
    name: string,
    tab: string,
    q: string | null,
    category: string | null,
    skip = 0,
  ): Call => ({
    group: 'listings',
    name,
    sql: LISTINGS_SQL,
    args: [tab, q, category, 10, skip],
  })
  const users = (
    name: string,
    q: string | null,
    status: string | null,
    role: string | null,
    skip = 0,
  ): Call => ({
    group: 'users',
    name,
    sql: USERS_SQL,
    args: [q, status, role, 10, skip],
  })
  return [
    listings('Pending (default), page 1', 'pending', null, null),
    listings('All, page 50', 'all', null, null, 490),
    listings('Approved, Electronics', 'approved', null, 'Electronics'),
    listings('Reported', 'reported', null, null),
    listings('All, search "phone"', 'all', 'phone', null),
    listings('Pending, Vehicles, search "patil"', 'pending', 'patil', 'Vehicles'),
    users('first page', null, null, null),
    users('page 100', null, null, null, 990),
    users('status suspended', null, 'suspended', null),
    users('role premium, search "kumar"', 'kumar', null, 'premium'),
    users('search "user-1234"', 'user-1234', null, null),
    {
      group: 'analytics',
      name: 'a year',
      sql: 'select public.admin_analytics($1::date, $2::date) as answer',
      args: [daysAgo(364), daysAgo(0)],
    },
    {
      group: 'analytics',
      name: '30 days',
      sql: 'select public.admin_analytics($1::date, $2::date) as answer',
      args: [daysAgo(29), daysAgo(0)],
    },
    {
      group: 'dashboard',
      name: 'stat cards',
      sql: 'select public.admin_dashboard_stats() as answer',
      args: [],
    },
    {
      group: 'dashboard',
      name: 'recent activity (10)',
      sql: 'select public.admin_recent_activity(10) as answer',
      args: [],
    },
  ]
}

/** As the owner: 10,000 users (their auth rows, whose triggers make the users rows), listings, payments over a year. */
async function seed(tx: Transaction): Promise<void> {
  const categories = CATEGORIES.map((category) => category.name)
  await tx.query(
    `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data)
       select ('40000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'bench-user-' || n || '@example.com', now(),
              jsonb_build_object('name', ($1::text[])[1 + n % cardinality($1::text[])] || ' '
                || ($2::text[])[1 + (n / 10) % cardinality($2::text[])], 'phone', '98450' || lpad(n::text, 5, '0'))
       from generate_series(1, $3::int) n`,
    [FIRST_NAMES, LAST_NAMES, ROWS],
  )
  // Joined over the last year; a few suspended or pending; a tenth premium.
  await tx.query(
    `update public.users u
       set created_at = now() - make_interval(secs => n * 3153.6),
           status = case when n % 20 = 0 then 'suspended' when n % 50 = 1 then 'pending' else 'active' end,
           role = case when n % 10 = 3 then 'premium' else 'customer' end
       from (select ('40000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid as id, n
             from generate_series(1, $1::int) n) s
       where u.id = s.id`,
    [ROWS],
  )
  await tx.query(
    `insert into public.listings (id, title, price, category, location, description, status, created_at, user_id,
         user_name, views, report_count, report_reasons)
       select 'L' || (1700000000000 + n)::text,
              ($1::text[])[1 + n % cardinality($1::text[])] || ' ' || ($1::text[])[1 + (n / 7) % cardinality($1::text[])] || ' no. ' || n,
              (n * 7919) % 900000,
              -- The category by the tens digit, the status by the units: every category has every status.
              ($2::text[])[1 + (n / 10) % cardinality($2::text[])],
              'Aland',
              'Listing ' || n || ' for the admin benchmark.',
              case when n % 20 = 0 then 'approved'
                   when n % 10 < 3 then 'pending'
                   when n % 10 < 5 then (case when n % 2 = 0 then 'rejected' else 'expired' end)
                   else (case when n % 2 = 0 then 'approved' else 'active' end) end,
              now() - make_interval(secs => n * 3153.6),
              u.id::text, u.name, n % 300,
              case when n % 20 = 0 then 1 else 0 end,
              case when n % 20 = 0 then array['Spam'] else '{}'::text[] end
       from generate_series(1, $3::int) n
         join public.users u on u.id = ('40000000-0000-4000-8000-' || lpad((1 + n % $3::int)::text, 12, '0'))::uuid`,
    [WORDS, categories, ROWS],
  )
  await tx.query(
    `insert into public.listing_reports (listing_id, reporter, reason, created_at)
       select l.id, null, 'Spam', l.created_at + interval '1 hour' from public.listings l where l.report_count > 0`,
  )
  await tx.query(
    `insert into public.payments (id, user_id, date, amount, description, status, method)
       select 'PAYB' || n, ('40000000-0000-4000-8000-' || lpad((1 + n % $1::int)::text, 12, '0'))::uuid,
              now() - make_interval(secs => n * 3153.6),
              case when n % 3 = 0 then 999 else 499 end,
              case when n % 3 = 0 then 'Premium plan subscription' else 'Basic plan subscription' end,
              case when n % 25 = 0 then 'failed' else 'successful' end,
              case when n % 4 = 0 then 'paypal' else 'card' end
       from generate_series(1, $1::int) n`,
    [ROWS],
  )
  await tx.query(
    `insert into public.subscriptions (user_id, user_name, plan_id, plan_name, start_date, end_date, status, amount)
       select u.id, u.name, case when n % 3 = 0 then 'premium' else 'basic' end,
              case when n % 3 = 0 then 'Premium' else 'Basic' end,
              now() - make_interval(days => n % 365), now() - make_interval(days => n % 365) + interval '30 days',
              case when n % 365 < 30 then 'active' else 'expired' end,
              case when n % 3 = 0 then 999 else 499 end
       from generate_series(1, $1::int) n
         join public.users u on u.id = ('40000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid`,
    [SUBSCRIPTIONS],
  )
  await tx.query(
    `insert into public.admin_actions (actor, actor_email, action, target_type, target_id, target_label, detail, created_at)
       select $1, 'bench-admin@example.com', 'listing.approve', 'listing', 'L' || (1700000000000 + n)::text, 'a listing',
              '{"from": "pending", "to": "approved", "bulk": 1}', now() - make_interval(secs => n * 3153.6)
       from generate_series(1, 2000) n`,
    [ADMIN],
  )
  await tx.query('analyze')
}

/**
 * How the two statements a page runs read their table (the count and the page, as the function builds
 * them, run as the owner as the security definer function does): the node types per statement.
 */
async function scansOf(backend: TestBackend, call: Call): Promise<{ count: string[]; page: string[] }> {
  const owner = <T>(sql: string, params: Parameters<Transaction['query']>[1] = []) =>
    backend.backend.db.asOwner((tx) => tx.query<T>(sql, params))
  const [pattern] = (
    await owner<{ pattern: string | null }>('select private.admin_search_pattern($1) as pattern', [
      call.group === 'listings' ? (call.args[1] as string | null) : (call.args[0] as string | null),
    ])
  ).rows.map((row) => row.pattern)
  let filter: string
  let page: string
  let table: string
  if (call.group === 'listings') {
    const [tab, , category, rows, skip] = call.args
    filter = (
      await owner<{ filter: string }>(
        'select private.admin_listing_filter($1, $2) || private.admin_listing_tab($3) as filter',
        [pattern !== null, category !== null, tab as string],
      )
    ).rows[0]?.filter as string
    filter = filter.replace(/\$(\d)/g, (_, n: string) => literal([pattern, category][Number(n) - 1]))
    page = `select l.* ${filter} order by l.listing_number desc limit ${rows} offset ${skip}`
    table = 'listings'
  } else {
    const [, status, role, rows, skip] = call.args
    filter = (
      await owner<{ filter: string }>('select private.admin_user_filter($1, $2, $3) as filter', [
        pattern !== null,
        status !== null,
        role !== null,
      ])
    ).rows[0]?.filter as string
    filter = filter.replace(/\$(\d)/g, (_, n: string) => literal([pattern, status, role][Number(n) - 1]))
    page = `select u.* ${filter} order by u.created_at desc, u.id limit ${rows} offset ${skip}`
    table = 'users'
  }
  const scans = async (statement: string) => {
    const found: string[] = []
    const plan = await owner<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }>(
      `explain (format json) ${statement}`,
    )
    const walk = (node: Record<string, unknown>) => {
      if (node['Relation Name'] === table) {
        const index = node['Index Name'] ? ` (${String(node['Index Name'])})` : ''
        found.push(`${String(node['Node Type'])}${index}`)
      }
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child)
    }
    walk(plan.rows[0]?.['QUERY PLAN'][0]?.Plan ?? {})
    return [...new Set(found)]
  }
  // The tab counts are one pass over the filter without the tab's condition.
  const countFilter =
    call.group === 'listings' ? filter.replace(/ and l\.(status|report_count) .*$/, '') : filter
  return { count: await scans(`select count(*) ${countFilter}`), page: await scans(page) }
}

async function benchOn(target: TestDatabaseTarget): Promise<boolean> {
  const backend = await startTestBackend('marketplace-admin-bench-', target)
  let ok = true
  try {
    await backend.createUser(ADMIN, 'bench-admin@example.com', 'Bench Admin', { admin: true })
    const seeding = performance.now()
    await backend.backend.db.asOwner(seed)
    console.log(
      `\nmarketplace admin on ${target.name}: seeded ${ROWS.toLocaleString('en')} users, listings and payments, ${SUBSCRIPTIONS.toLocaleString('en')} subscriptions in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    )
    const claims = { role: 'authenticated' as const, sub: ADMIN }
    const asAdmin = (sql: string, params: Parameters<Transaction['query']>[1] = []) =>
      backend.backend.db.asRequest(claims, (tx) => tx.query(sql, params))
    const admin = backend.client(await backend.tokenFor(ADMIN, '2h'))
    const ms = (value: number) => `${value.toFixed(2)} ms`

    const baseline = await timed(() => asAdmin('select 1'))
    const restBaseline = await timed(async () => {
      const { error } = await admin.from('plans').select('id').eq('id', 'free')
      if (error) throw new Error(error.message)
    })
    const all = calls()
    // Over HTTP first, for every page call: a pause longer than the server's keep-alive would leave the
    // client a closed connection to reuse.
    const http = new Map<string, number[]>()
    for (const call of all.filter((entry) => entry.group === 'listings' || entry.group === 'users')) {
      const [a, b, c, d, e] = call.args
      const args =
        call.group === 'listings'
          ? { tab: a, q: b, category_name: c, max_rows: d, skip_rows: e }
          : { q: a, status_filter: b, role_filter: c, max_rows: d, skip_rows: e }
      const name = call.group === 'listings' ? 'admin_listings' : 'admin_users'
      http.set(
        call.name,
        await timed(async () => {
          const { error } = await admin.rpc(name, args)
          if (error) throw new Error(`${name} over HTTP: ${error.message}`)
        }),
      )
    }

    const rows: string[][] = []
    const bars: ReportBar[] = []
    for (const call of all) {
      const sample = (await asAdmin(call.sql, call.args as Parameters<Transaction['query']>[1])).rows[0] as {
        answer: { total?: number }
      }
      const query = await timed(() => asAdmin(call.sql, call.args as Parameters<Transaction['query']>[1]))
      const goal =
        call.group === 'analytics'
          ? ANALYTICS_GOAL_P95_MS
          : call.group === 'dashboard'
            ? null
            : PAGE_GOAL_P95_MS
      const met = goal === null || percentile(query, 95) < goal
      ok = ok && met
      const scans = call.group === 'listings' || call.group === 'users' ? await scansOf(backend, call) : null
      const overHttp = http.get(call.name)
      bars.push({
        label: `${call.group}: ${call.name}`,
        value: percentile(query, 95),
        baseline: percentile(baseline, 95),
        ...(goal === null ? {} : { goal }),
      })
      rows.push([
        `${call.group}: ${call.name}`,
        sample.answer.total === undefined ? '' : String(sample.answer.total),
        ms(median(query)),
        ms(percentile(query, 95)),
        ratio(percentile(query, 95), percentile(baseline, 95)),
        overHttp ? ms(percentile(overHttp, 95)) : '',
        scans ? scans.page.join(' + ') : '',
        scans ? scans.count.join(' + ') : '',
        goal === null ? 'no goal' : `${met ? 'met' : 'MISSED'} (< ${goal} ms)`,
      ])
    }
    printTable(
      'marketplace-admin',
      `marketplace admin on ${target.name}: the dashboard's calls as the admin's request`,
      [
        'call',
        'total',
        'p50',
        'p95',
        'p95 / select 1',
        'HTTP p95',
        'page read by',
        'count read by',
        'goal p95',
      ],
      rows,
    )
    console.log(
      `baseline: select 1 as the admin p95 ${ms(percentile(baseline, 95))}; the smallest REST read p95 ${ms(percentile(restBaseline, 95))}`,
    )
    recordChart('marketplace-admin', {
      title: `The admin dashboard's calls on ${target.name}, ${ROWS.toLocaleString('en')} rows each (p95, in the database)`,
      unit: 'ms',
      valueName: 'the call',
      baselineName: 'select 1 as the admin',
      lowerIsBetter: true,
      bars,
    })
  } finally {
    await backend.close()
  }
  return ok
}

export async function benchMarketplaceAdmin(): Promise<boolean> {
  let ok = await benchOn(PGLITE)
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
  if (serverUrl) ok = (await benchOn({ name: 'PostgreSQL', serverUrl })) && ok
  else
    console.log(
      '\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL, or run under .ci/with-postgres)',
    )
  return ok
}
