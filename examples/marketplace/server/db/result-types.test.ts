import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { Database, type QueryResult } from './database.ts'
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts'
import { describePostgres } from './test-databases.ts'

// What the backend's code reads from a query, the same on PGlite and on a PostgreSQL server
// (db/transaction.ts): each statement below runs on both, and the answers are compared whole. Case
// mapping is the C library's: upper('ß') is 'ẞ' in PGlite and 'ß' with glibc, so no ß here.

const VALUES_SQL = `select
  42::int8 as int8, 9007199254740993::int8 as int8_past_2_53, 2::int4 as int4, 3::int2 as int2,
  1.50::numeric as numeric, 1.5::float8 as float8, 0.1::float4 as float4, 'NaN'::float8 as nan,
  '2020-01-01 12:00:00.123456+05'::timestamptz as timestamptz, '2020-01-01 12:00'::timestamp as timestamp,
  '2020-02-29'::date as date, 'infinity'::timestamptz as infinity, '-infinity'::date as minus_infinity,
  to_json('2020-01-01 12:00+05'::timestamptz)::text as timestamptz_in_json, now()::text like '%+00' as utc,
  '12:00'::time as time, '12:00+02'::timetz as timetz, '1 day 02:00'::interval as interval,
  '{"a":[1,{"b":null}],"c":"é"}'::json as json, '{"big":12345678901234567890,"n":1.50}'::jsonb as jsonb,
  array['{"a":1}'::jsonb, null] as jsonb_array, '\\x0102ff'::bytea as bytea,
  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid as uuid, array['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid] as uuid_array,
  array[1, 2]::int4[] as int4_array, array[1, null]::int8[] as int8_array, '{{1,2},{3,4}}'::int[] as nested,
  array['a', 'b,c', null, 'q"', 'NULL', ''] as text_array, array[1.5]::numeric[] as numeric_array,
  array[true, false] as bool_array, array['2020-01-01'::date] as date_array,
  array['2020-01-01 00:00+00'::timestamptz] as timestamptz_array,
  true as bool, 'x'::varchar(5) as varchar, 'ab'::char(3) as bpchar, 'x'::name as name, 1::oid as oid,
  null::int as null_int, '127.0.0.1'::inet as inet, 'pg_class'::regclass as regclass,
  '(1,2)'::point as point, 'a & b'::tsquery as tsquery, 'ä' ilike 'Ä' as ilike, upper('déjà vu') as upper`

const PARAMS_SQL = `select $1::text as text, $2::int as int, $3::bool as bool, $4::text[] as text_array,
  $5::jsonb as jsonb, $6::uuid as uuid, $7::bool as yes, $8 as untyped, $9::int as null_int`
const PARAMS = [
  'x',
  5,
  true,
  ['a', null, 'b,c'],
  '{"k":[1]}',
  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
  'yes',
  'u',
  null,
]

type Outcome = QueryResult | { error: string | undefined; message: string }

/** What each statement answers (or the error it raises), in one database. */
async function answers(db: Database): Promise<Record<string, Outcome | Outcome[]>> {
  const run = (work: () => Promise<QueryResult | QueryResult[]>) =>
    work().catch((error: Error & { code?: string }) => ({ error: error.code, message: error.message }))
  return {
    values: await run(() => db.asOwner((tx) => tx.query(VALUES_SQL))),
    params: await run(() => db.asOwner((tx) => tx.query(PARAMS_SQL, PARAMS))),
    badBool: await run(() => db.asOwner((tx) => tx.query('select $1::bool as b', ['maybe']))),
    badUuid: await run(() => db.asOwner((tx) => tx.query('select $1::uuid as u', ['nope']))),
    writes: await run(() =>
      db.asOwner(async (tx) => {
        await tx.exec('create temp table t (a int) on commit drop')
        const inserted = await tx.query('insert into t values (1), (2) returning a')
        return [inserted, ...(await tx.exec('update t set a = a + 1; select * from t; delete from t'))]
      }),
    ),
    request: await run(() =>
      db.asRequest({ role: 'authenticated', sub: '11111111-1111-4111-8111-111111111111' }, (tx) =>
        tx.query('select current_user as role, auth.uid() as uid, auth.role() as claim'),
      ),
    ),
    // A failed statement caught inside the transaction: COMMIT cannot commit it.
    abortedCommit: await run(() =>
      db.asOwner(async (tx) => {
        await tx.query('select nope').catch(() => null)
        return tx.query('select 1 as one').catch(() => ({ rows: [], fields: [], affectedRows: -1 }))
      }),
    ),
  }
}

const made: string[] = []
let databases: ScratchDatabase[] = []
let pglite: Awaited<ReturnType<typeof answers>>

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-types-'))
  made.push(dataDir)
  const db = await Database.open(dataDir)
  pglite = await answers(db)
  await db.close()
})

afterAll(async () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
  for (const database of databases) await database.drop()
  databases = []
})

test('PGlite: values come back as the backend reads them', () => {
  const [row] = (pglite.values as QueryResult).rows
  expect(row).toMatchObject({
    int8: 42,
    int8_past_2_53: 9007199254740993n,
    numeric: '1.50',
    timestamptz: new Date('2020-01-01T07:00:00.123Z'),
    infinity: Number.POSITIVE_INFINITY,
    timestamptz_in_json: '"2020-01-01T07:00:00+00:00"',
    utc: true,
    json: { a: [1, { b: null }], c: 'é' },
    bytea: new Uint8Array([1, 2, 255]),
    uuid: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
    text_array: ['a', 'b,c', null, 'q"', 'NULL', ''],
    nested: [
      [1, 2],
      [3, 4],
    ],
  })
  expect(pglite.badBool).toMatchObject({ error: '22P02' })
  expect((pglite.writes as QueryResult[]).map((result) => result.affectedRows)).toEqual([2, 2, 0, 2])
  expect((pglite.request as QueryResult).rows).toEqual([
    { role: 'authenticated', uid: '11111111-1111-4111-8111-111111111111', claim: 'authenticated' },
  ])
  expect(pglite.abortedCommit).toMatchObject({ error: '25P02' })
})

describePostgres((target) => {
  test('the same answers as PGlite, value for value, type for type', async () => {
    const database = await createScratchDatabase(target.serverUrl as string)
    databases.push(database)
    const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-types-'))
    made.push(dataDir)
    const db = await Database.open(dataDir, { databaseUrl: database.url })
    const postgres = await answers(db)
    await db.close()
    for (const [name, outcome] of Object.entries(pglite)) {
      expect(postgres[name], name).toStrictEqual(outcome)
    }
  })
})
