import { DatabaseError, type QueryResult as PgResult, Pool, type PoolClient } from 'pg'
import { BackendError } from '../errors.ts'
import { checkDatabaseUrl, redactedUrl } from './database-url.ts'
import { ARRAY_TYPES_SQL, type ArrayTypeRow, PgliteTypeParsers } from './postgres-types.ts'
import {
  affectedRowsOf,
  type Driver,
  type QueryResult,
  type Session,
  type Transaction,
} from './transaction.ts'

/**
 * Every session's settings as PGlite has them, whatever the server's defaults: timestamps written in
 * UTC (into JSON bodies too), ISO dates, PostgreSQL intervals, hex bytea. A `options` parameter of
 * DATABASE_URL comes after these, so it wins.
 */
const SESSION_OPTIONS = '-c TimeZone=UTC -c DateStyle=ISO,MDY -c IntervalStyle=postgres -c bytea_output=hex'

/** One key for every process setting up this database: bootstrap and migrations run one at a time. */
const SETUP_LOCK_SQL = `select pg_advisory_lock(hashtext('visual-edit marketplace: bootstrap and migrations'))`

/** Connections the pool keeps at most (node-postgres's default); each request holds one for its transaction. */
const POOL_SIZE = 10
const CONNECT_TIMEOUT_MS = 10_000

export interface PostgresOptions {
  /** Where a one-line note goes when an idle connection fails (the pool drops it and opens another). */
  note: (line: string) => void
}

const shape = <T>(result: PgResult): QueryResult<T> => ({
  rows: result.rows as T[],
  fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
  affectedRows: affectedRowsOf(result.command, result.rowCount),
})

const adapt = (client: PoolClient): Transaction => ({
  query: async <T>(sql: string, params: readonly unknown[] = []) =>
    shape<T>(await client.query(sql, [...params])),
  exec: async (sql) => {
    // A simple query with several statements answers a result for each (node-postgres's types say one).
    const results = (await client.query(sql)) as PgResult | PgResult[]
    return (Array.isArray(results) ? results : [results]).map((result) => shape(result))
  },
})

/** What PGlite throws when COMMIT ends a transaction a failed statement aborted. */
function rolledBack(): DatabaseError {
  const error = new DatabaseError('Transaction was rolled back instead of committed', 0, 'error')
  error.severity = 'ERROR'
  error.code = '25P02'
  return error
}

/**
 * BEGIN, `work`, COMMIT on one connection; ROLLBACK when it throws. When even the ROLLBACK fails, the
 * connection is unusable: `discard` hears of it (the pool closes it), and the work's error is reported.
 */
async function inTransaction<T>(
  client: PoolClient,
  work: (tx: Transaction) => Promise<T>,
  discard: (error: Error) => void,
): Promise<T> {
  await client.query('BEGIN')
  let result: T
  try {
    result = await work(adapt(client))
  } catch (error) {
    await client.query('ROLLBACK').catch(discard)
    throw error
  }
  const commit = await client.query('COMMIT')
  if (commit.command === 'ROLLBACK') throw rolledBack()
  return result
}

const decodedOrAsIs = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text // not percent-encoding: the URL's own spelling is the only one
  }
}

/** The first connection's failure, as a BackendError that says what to check, without the password. */
function unreachable(url: string, error: unknown): BackendError {
  const password = new URL(url).password
  const reasons =
    error instanceof AggregateError ? error.errors : [error] /* each address of a name that has several */
  const reason = reasons
    .map((each: unknown) => {
      const { message, code } = each as { message?: string; code?: string }
      const text = message || code || String(each)
      return code && !text.includes(code) ? `${text} (${code})` : text
    })
    .join('; ')
  // Servers do not repeat a password, but a message quoting the URL would: both spellings go.
  let scrubbed = reason
  for (const spelling of password ? [password, decodedOrAsIs(password)] : []) {
    scrubbed = scrubbed.replaceAll(spelling, '***')
  }
  return new BackendError(
    'DATABASE_UNREACHABLE',
    `The PostgreSQL server of DATABASE_URL (${redactedUrl(url)}) cannot be used: ${scrubbed}. Check the URL's host, port, user, password and database, and that the server runs and lets this user connect from here. Unset DATABASE_URL to use PGlite in the data directory.`,
  )
}

/**
 * The marketplace's Postgres on a PostgreSQL server (DATABASE_URL), through a pool of node-postgres
 * connections: requests run side by side, each transaction on its own connection.
 */
export async function openPostgres(url: string, options: PostgresOptions): Promise<Driver> {
  const target = new URL(checkDatabaseUrl(url))
  const given = target.searchParams.get('options')
  target.searchParams.delete('options')
  const parsers = new PgliteTypeParsers()
  const pool = new Pool({
    connectionString: target.href,
    options: given ? `${SESSION_OPTIONS} ${given}` : SESSION_OPTIONS,
    types: parsers,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'visual-edit-marketplace',
  })
  // Without a listener, an idle connection's failure (a server restart) would end the process.
  pool.on('error', (error) => {
    options.note(`PostgreSQL: an idle connection closed (${error.message}); the next request opens another.`)
  })
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end()
    throw unreachable(url, error)
  }

  const location = `PostgreSQL at ${redactedUrl(url)}`
  return {
    location,
    async transaction(work) {
      const client = await pool.connect()
      let broken: Error | undefined
      try {
        return await inTransaction(client, work, (error) => {
          broken = error
        })
      } finally {
        // A connection goes back to the pool between transactions; a broken one is closed.
        client.release(broken)
      }
    },
    async setup(work) {
      const client = await pool.connect()
      try {
        // Held by this session until it ends: another process starting now waits here, then finds
        // the migrations applied.
        await client.query(SETUP_LOCK_SQL)
        const session: Session = {
          ...adapt(client),
          // The connection is closed below whatever happens to it here.
          transaction: (inner) => inTransaction(client, inner, () => {}),
        }
        return await work(session)
      } finally {
        // Closed, not given back: that ends the lock, and whatever the setup set on its session.
        client.release(true)
      }
    },
    async refreshTypes() {
      parsers.learnArrays((await pool.query<ArrayTypeRow>(ARRAY_TYPES_SQL)).rows)
    },
    close: () => pool.end(),
  }
}
