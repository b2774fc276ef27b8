import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { BackendError } from '../errors.ts'

export type { Transaction }

/** The claims of a verified access token (or of the anon key), as PostgREST hands them to Postgres. */
export interface RequestClaims {
  role: 'anon' | 'authenticated' | 'service_role'
  sub?: string
  [claim: string]: unknown
}

const BOOTSTRAP = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8')

/** `supabase/migrations`, beside `server/`. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url))

/**
 * The marketplace's Postgres (PGlite: Postgres compiled to WASM, in this process), with the data in
 * `<dataDir>/pgdata`. Opening it runs the local bootstrap (what Supabase provides) and the migrations
 * not applied yet, each once, recorded with its checksum.
 */
export class Database {
  private constructor(
    private readonly pg: PGlite,
    /** The migrations applied when it opened, oldest first. */
    readonly migrations: readonly string[],
  ) {}

  static async open(dataDir: string, migrationsDir = MIGRATIONS_DIR): Promise<Database> {
    const pgdata = path.join(dataDir, 'pgdata')
    mkdirSync(dataDir, { recursive: true })
    if (
      existsSync(pgdata) &&
      readdirSync(pgdata).length > 0 &&
      !existsSync(path.join(pgdata, 'PG_VERSION'))
    ) {
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
    try {
      await pg.exec(BOOTSTRAP)
      const applied = await migrate(pg, migrationsDir)
      return new Database(pg, applied)
    } catch (error) {
      await pg.close().catch(() => {})
      throw error
    }
  }

  /**
   * Runs `work` in one transaction as the request's role with its claims (`request.jwt.claims`), as
   * PostgREST does: row-level security and grants decide what it sees and may change.
   */
  asRequest<T>(claims: RequestClaims, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pg.transaction(async (tx) => {
      await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
        claims.role,
        JSON.stringify(claims),
      ])
      return work(tx)
    })
  }

  /** Runs `work` in one transaction as the database owner: the auth server's own tables. */
  asOwner<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pg.transaction(work)
  }

  close(): Promise<void> {
    return this.pg.close()
  }
}

function corrupt(pgdata: string, reason: string): BackendError {
  return new BackendError(
    'DATA_DIR_CORRUPT',
    `The database in ${pgdata} cannot be opened (${reason}). Nothing was changed. Move the folder away (or delete it, losing its data) to start with a fresh database.`,
  )
}

const checksum = (text: string) => createHash('sha256').update(text).digest('hex')

async function migrate(pg: PGlite, migrationsDir: string): Promise<string[]> {
  await pg.exec(`create schema if not exists backend_meta;
    create table if not exists backend_meta.migrations (
      name text primary key, checksum text not null, applied_at timestamptz not null default now())`)
  const files = readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
  const applied = new Map(
    (
      await pg.query<{ name: string; checksum: string }>('select name, checksum from backend_meta.migrations')
    ).rows.map((row) => [row.name, row.checksum]),
  )
  const unknown = [...applied.keys()].filter((name) => !files.includes(name))
  if (unknown.length > 0) {
    throw new BackendError(
      'DATA_DIR_NEWER_SCHEMA',
      `The database was migrated by a newer version of the marketplace (it has ${unknown.join(', ')}, which ${migrationsDir} does not). Nothing was changed. Update this checkout, or point MARKETPLACE_DATA_DIR at another folder.`,
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
      await pg.transaction(async (tx) => {
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
