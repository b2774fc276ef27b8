import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { BackendError } from '../errors.ts'
import type { Driver, Session, Transaction } from './transaction.ts'

export type { QueryResult, Transaction } from './transaction.ts'

/** The claims of a verified access token (or of the anon key), as PostgREST hands them to Postgres. */
export interface RequestClaims {
  role: 'anon' | 'authenticated' | 'service_role'
  sub?: string
  [claim: string]: unknown
}

const BOOTSTRAP = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8')

/** `supabase/migrations`, beside `server/`. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url))

export interface DatabaseOptions {
  /** A PostgreSQL server (DATABASE_URL, checked by config.ts); else PGlite in `<dataDir>/pgdata`. */
  databaseUrl?: string | null
  migrationsDir?: string
  /** Where a one-line note goes (a server's idle connection lost); console.log unless given. */
  note?: (line: string) => void
}

/**
 * The marketplace's Postgres: PGlite in this process, with the data in `<dataDir>/pgdata`, or a
 * PostgreSQL server when `databaseUrl` is given. Opening it runs the local bootstrap (what Supabase
 * provides) and the migrations not applied yet, each once, recorded with its checksum; the same
 * files and the same checks on both.
 */
export class Database {
  private constructor(
    private readonly driver: Driver,
    /** The migrations applied when it opened, oldest first. */
    readonly migrations: readonly string[],
  ) {}

  static async open(dataDir: string, options: DatabaseOptions = {}): Promise<Database> {
    const driver = options.databaseUrl
      ? await (await import('./postgres-database.ts')).openPostgres(options.databaseUrl, {
          note: options.note ?? ((line) => console.log(line)),
        })
      : await (await import('./pglite-database.ts')).openPglite(dataDir)
    let applied: string[]
    try {
      applied = await driver.setup(async (session) => {
        await bootstrap(session, driver.location)
        const elsewhere = options.databaseUrl
          ? 'point DATABASE_URL at another database'
          : 'point MARKETPLACE_DATA_DIR at another folder'
        return migrate(session, options.migrationsDir ?? MIGRATIONS_DIR, elsewhere)
      })
      await driver.refreshTypes()
    } catch (error) {
      // The setup's error is the one to report; the connections are closed either way.
      await driver.close().catch(() => {})
      throw error
    }
    return new Database(driver, applied)
  }

  /**
   * Runs `work` in one transaction as the request's role with its claims (`request.jwt.claims`), as
   * PostgREST does: row-level security and grants decide what it sees and may change.
   */
  asRequest<T>(claims: RequestClaims, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.driver.transaction(async (tx) => {
      await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
        claims.role,
        JSON.stringify(claims),
      ])
      return work(tx)
    })
  }

  /** Runs `work` in one transaction as the database owner: the auth server's own tables. */
  asOwner<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.driver.transaction(work)
  }

  close(): Promise<void> {
    return this.driver.close()
  }
}

/** The bootstrap, with a server's missing privileges said as what the database user needs. */
async function bootstrap(session: Session, location: string): Promise<void> {
  try {
    await session.exec(BOOTSTRAP)
  } catch (error) {
    if ((error as { code?: unknown }).code !== '42501') throw error
    throw new BackendError(
      'DATABASE_PRIVILEGES',
      `The database user of ${location} cannot set the backend up (${(error as Error).message}). It needs to create the roles anon, authenticated and service_role (BYPASSRLS) and be a member of them, or a superuser to do it; and to create schemas and the pg_trgm extension in the database (its owner). docs/MARKETPLACE-BACKEND.md lists the grants.`,
    )
  }
}

const checksum = (text: string) => createHash('sha256').update(text).digest('hex')

/** Applies the migrations not applied yet; `elsewhere` is how to start on another database instead. */
async function migrate(session: Session, migrationsDir: string, elsewhere: string): Promise<string[]> {
  await session.exec(`create schema if not exists backend_meta;
    create table if not exists backend_meta.migrations (
      name text primary key, checksum text not null, applied_at timestamptz not null default now())`)
  const files = readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
  const applied = new Map(
    (
      await session.query<{ name: string; checksum: string }>(
        'select name, checksum from backend_meta.migrations',
      )
    ).rows.map((row) => [row.name, row.checksum]),
  )
  const unknown = [...applied.keys()].filter((name) => !files.includes(name))
  if (unknown.length > 0) {
    throw new BackendError(
      'DATA_DIR_NEWER_SCHEMA',
      `The database was migrated by a newer version of the marketplace (it has ${unknown.join(', ')}, which ${migrationsDir} does not). Nothing was changed. Update this checkout, or ${elsewhere}.`,
    )
  }
  for (const name of files) {
    const sql = readFileSync(path.join(migrationsDir, name), 'utf8')
    const sum = checksum(sql)
    const before = applied.get(name)
    if (before === sum) continue
    if (before !== undefined) {
      throw new BackendError(
        'MIGRATION_CHANGED',
        `Migration ${name} changed after it was applied to this database. Put it back as it was and add a new migration file for the change.`,
      )
    }
    try {
      await session.transaction(async (tx) => {
        await tx.exec(sql)
        await tx.query('insert into backend_meta.migrations (name, checksum) values ($1, $2)', [name, sum])
      })
    } catch (error) {
      throw new BackendError(
        'MIGRATION_FAILED',
        `Migration ${name} failed: ${(error as Error).message}. Nothing of it was applied.`,
      )
    }
  }
  return files
}
