/**
 * The marketplace's search in Postgres (issue 29) with 10,000 public listings in the local backend
 * (PGlite), each figure beside a baseline measured in the same run:
 *
 *   npm run bench -- marketplace-search
 *
 * 1. The query: `public.search_listings` as the search page and a category page call it (newest first,
 *    a text match, a category with a price range), run as the anonymous role in the database.
 *    Baseline: `select 1` the same way. Goal: p95 < 20 ms.
 * 2. The same calls through supabase-js over HTTP (the REST server, RLS, JSON), beside the smallest
 *    REST read (one plan by id). No goal of its own: what a page waits for.
 * 3. EXPLAIN of the count and the page the function runs for each call (its filter, from
 *    `public.listing_search_filter`): the listings are read through an index (no sequential scan).
 * 4. The first results painted on the pages, the spec's 1 s delay taken out (marketplace-paint.ts).
 *    Goal: p95 < 300 ms.
 */
import type { Transaction } from '../examples/marketplace/server/db/database.ts'
import { startTestBackend, type TestBackend } from '../examples/marketplace/server/supabase-test-clients.ts'
import { CATEGORIES } from '../examples/marketplace/src/data/categories.ts'
import { LOCATIONS } from '../examples/marketplace/src/data/locations.ts'
import { searchListingsArguments } from '../examples/marketplace/src/lib/listings/search-arguments.ts'
import type { ListingFilters, SortOrder } from '../examples/marketplace/src/lib/search.ts'
import { literal, timed, LISTING_TITLE_WORDS as WORDS } from './marketplace-data.ts'
import { benchFirstResultsPainted } from './marketplace-paint.ts'
import { type ReportBar, recordChart } from './report/record.ts'
import { median, percentile, printTable, ratio } from './report.ts'

const LISTINGS = 10_000
const QUERY_GOAL_P95_MS = 20

const CALLS: { name: string; filters: ListingFilters; sort: SortOrder; limit: number }[] = [
  { name: '/search, newest, first 8', filters: {}, sort: 'newest', limit: 8 },
  { name: '/search?q=phone, first 8', filters: { q: 'phone' }, sort: 'newest', limit: 8 },
  {
    name: '/category/electronics, first 10',
    filters: { category: 'electronics' },
    sort: 'newest',
    limit: 10,
  },
  {
    name: '/category/vehicles, 1-5 lakh, by price',
    filters: { category: 'vehicles', priceRange: '100000-plus' },
    sort: 'price-low',
    limit: 10,
  },
]

/** 10,000 public listings (approved or active), spread over the categories and locations, as the owner. */
async function seed(tx: Transaction): Promise<void> {
  const categories = CATEGORIES.map((category) => category.name)
  const locations = LOCATIONS.filter((location) => location.id !== 'all').map((location) => location.name)
  await tx.query(
    `insert into public.listings (id, title, price, category, location, description, status, created_at, user_id, user_name, views)
       select 'L' || (1700000000000 + n)::text,
              ($1::text[])[1 + n % cardinality($1::text[])] || ' ' || ($1::text[])[1 + (n / 7) % cardinality($1::text[])] || ' no. ' || n,
              (n * 7919) % 900000,
              ($2::text[])[1 + n % cardinality($2::text[])],
              ($3::text[])[1 + n % cardinality($3::text[])],
              'Listing ' || n || ' for the search benchmark.',
              case when n % 2 = 0 then 'approved' else 'active' end,
              now() - (n || ' minutes')::interval,
              'bench-user-' || (n % 50),
              'Bench Seller',
              n % 300
       from generate_series(1, $4::int) n`,
    [WORDS, categories, locations, LISTINGS],
  )
  await tx.query('analyze public.listings')
}

/** Runs `sql` as the anonymous role, as the REST server does for a visitor. */
const asAnon = (backend: TestBackend, sql: string, params: Parameters<Transaction['query']>[1] = []) =>
  backend.backend.db.asRequest({ role: 'anon' }, (tx) => tx.query(sql, params))

const SEARCH_SQL = 'select public.search_listings($1, $2, $3, $4, $5, $6::text[], $7, $8, $9) as answer'

/**
 * The plans of the two statements search_listings runs for these arguments (the count and the page,
 * over its filter from public.listing_search_filter): the node types that read public.listings, per
 * statement.
 */
async function scansOf(
  backend: TestBackend,
  args: ReturnType<typeof searchListingsArguments>,
): Promise<{ count: string[]; page: string[] }> {
  const pattern = args.q ? `%${args.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const filterRows = await asAnon(
    backend,
    'select public.listing_search_filter($1, $2, $3, $4, $5, $6) as filter',
    [
      pattern !== null,
      args.category_name !== null,
      args.location_name !== null,
      args.min_price !== null,
      args.max_price !== null,
      args.title_words.length > 0,
    ],
  )
  const values = [
    pattern,
    args.category_name,
    args.location_name,
    args.min_price,
    args.max_price,
    args.title_words,
  ]
  const filter = (filterRows.rows[0] as { filter: string }).filter.replace(/\$(\d)/g, (_, n: string) =>
    literal(values[Number(n) - 1]),
  )
  const ordering =
    args.sort === 'newest'
      ? 'listing_number desc'
      : `price ${args.sort === 'price-low' ? 'asc' : 'desc'}, listing_number desc`
  const scans = async (statement: string) => {
    const found: string[] = []
    // As the function runs them: security definer, as the database owner.
    const plan = await backend.backend.db.asOwner((tx) => tx.query(`explain (format json) ${statement}`))
    const walk = (node: Record<string, unknown>) => {
      if (node['Relation Name'] === 'listings') found.push(String(node['Node Type']))
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child)
    }
    walk((plan.rows[0] as { 'QUERY PLAN': { Plan: Record<string, unknown> }[] })['QUERY PLAN'][0]?.Plan ?? {})
    return [...new Set(found)]
  }
  return {
    count: await scans(`select count(*) ${filter}`),
    page: await scans(
      `select l.* ${filter} order by ${ordering} limit ${args.max_rows} offset ${args.skip_rows}`,
    ),
  }
}

export async function benchMarketplaceSearch(): Promise<boolean> {
  const backend = await startTestBackend('marketplace-search-bench-')
  let ok = true
  try {
    await backend.backend.db.asOwner(seed)
    const anon = backend.client()
    const ms = (value: number) => `${value.toFixed(2)} ms`

    const baseline = await timed(() => asAnon(backend, 'select 1'))
    const restBaseline = await timed(async () => {
      const { error } = await anon.from('plans').select('id').eq('id', 'free')
      if (error) throw new Error(error.message)
    })
    // Over HTTP first, for every call: a pause longer than the server's keep-alive (the SQL runs)
    // would leave the client a closed connection to reuse.
    const rest = new Map<string, number[]>()
    for (const call of CALLS) {
      const args = searchListingsArguments(call.filters, call.sort, { limit: call.limit })
      rest.set(
        call.name,
        await timed(async () => {
          const { error } = await anon.rpc('search_listings', args)
          if (error) throw new Error(`search_listings over HTTP: ${error.message}`)
        }),
      )
    }
    const rows: string[][] = []
    const bars: ReportBar[] = []
    for (const call of CALLS) {
      const args = searchListingsArguments(call.filters, call.sort, { limit: call.limit })
      const params = [
        args.q,
        args.category_name,
        args.location_name,
        args.min_price,
        args.max_price,
        args.title_words,
        args.sort,
        args.max_rows,
        args.skip_rows,
      ]
      const sample = await asAnon(backend, SEARCH_SQL, params)
      const total = (sample.rows[0] as { answer: { total: number } }).answer.total
      const query = await timed(() => asAnon(backend, SEARCH_SQL, params))
      const http = rest.get(call.name) ?? []
      const scans = await scansOf(backend, args)
      // The results a page shows come through an index. The count reads every match; when every
      // public listing matches, reading the table through is what Postgres rightly chooses.
      const indexed = scans.page.length > 0 && !scans.page.includes('Seq Scan')
      const met = percentile(query, 95) < QUERY_GOAL_P95_MS && indexed
      ok = ok && met
      bars.push({ label: call.name, value: percentile(query, 95), baseline: percentile(baseline, 95) })
      rows.push([
        call.name,
        String(total),
        ms(median(query)),
        ms(percentile(query, 95)),
        ratio(percentile(query, 95), percentile(baseline, 95)),
        ms(percentile(http, 95)),
        ratio(percentile(http, 95), percentile(restBaseline, 95)),
        scans.page.join(' + '),
        scans.count.join(' + '),
        met ? 'met' : 'MISSED',
      ])
    }
    recordChart('marketplace-search', {
      title: `Search queries on ${LISTINGS.toLocaleString('en')} listings, as the anonymous role (p95)`,
      unit: 'ms',
      valueName: 'search_listings',
      baselineName: 'select 1',
      lowerIsBetter: true,
      bars,
      goal: QUERY_GOAL_P95_MS,
    })
    printTable(
      'marketplace-search',
      `marketplace search: ${LISTINGS.toLocaleString('en')} public listings in the local backend (PGlite)`,
      [
        'call',
        'matches',
        'query p50',
        'query p95',
        'p95 / select 1',
        'HTTP p95',
        'HTTP / REST read',
        'page read by',
        'count read by',
        `p95 < ${QUERY_GOAL_P95_MS} ms, indexed`,
      ],
      rows,
    )
    console.log(
      `baseline: select 1 as anon p95 ${ms(percentile(baseline, 95))}; the smallest REST read p95 ${ms(percentile(restBaseline, 95))}`,
    )
  } finally {
    await backend.close()
  }
  return (await benchFirstResultsPainted(LISTINGS, seed)) && ok
}
