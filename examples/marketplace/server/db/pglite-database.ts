import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'
import {
  PGlite,
  type Transaction as PGliteTransaction,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { BackendError } from '../errors.ts'
import { affectedRowsOf, type Driver, type QueryResult, type Transaction } from './transaction.ts'

/**
 * PGlite would check booleans and bytea itself, in JavaScript, with its own error; sent as their text
 * instead, Postgres reads them and answers with its SQLSTATE (22P02), as a PostgreSQL server does to
 * node-postgres (and to PostgREST's unknown-typed literals).
 */
const asText = (value: unknown) => String(value)
const TEXT_PARAMS: QueryOptions = { serializers: { 16: asText, 17: asText } }

const shape = <T>(result: Results<T>): QueryResult<T> => ({
  rows: result.rows,
  fields: result.fields,
  affectedRows: affectedRowsOf(result.command, result.rowCount),
})

const adapt = (tx: PGliteTransaction | PGlite): Transaction => ({
  query: async <T>(sql: string, params: readonly unknown[] = []) =>
    shape(await tx.query<T>(sql, [...params], TEXT_PARAMS)),
  exec: async (sql) => (await tx.exec(sql)).map((result) => shape(result)),
})

/**
 * The marketplace's Postgres in this process (PGlite: Postgres compiled to WASM), with the data in
 * `<dataDir>/pgdata`; one connection, so each transaction runs alone.
 */
export async function openPglite(dataDir: string): Promise<Driver> {
  const pgdata = path.join(dataDir, 'pgdata')
  mkdirSync(dataDir, { recursive: true })
  if (existsSync(pgdata) && readdirSync(pgdata).length > 0 && !existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw corrupt(pgdata, 'it has files but no PG_VERSION')
  }
  let pg: PGlite
  try {
    // pg_trgm: the listings' text match is served by trigram indexes (as on Supabase).
    pg = await PGlite.create(pgdata, { extensions: { pg_trgm } })
    await pg.query('select 1')
  } catch (error) {
    throw corrupt(pgdata, (error as Error).message || String(error))
  }
  const transaction = <T>(work: (tx: Transaction) => Promise<T>) => pg.transaction((tx) => work(adapt(tx)))
  return {
    location: `PGlite in ${pgdata}`,
    transaction,
    // One connection, in this process: nobody else runs a setup on it meanwhile.
    setup: (work) => work({ ...adapt(pg), transaction }),
    refreshTypes: () => pg.refreshArrayTypes(),
    close: () => pg.close(),
  }
}

function corrupt(pgdata: string, reason: string): BackendError {
  return new BackendError(
    'DATA_DIR_CORRUPT',
    `The database in ${pgdata} cannot be opened (${reason}). Nothing was changed. Move the folder away (or delete it, losing its data) to start with a fresh database.`,
  )
}
