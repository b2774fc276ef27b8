import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Client } from 'pg'
import { afterAll, expect, test } from 'vitest'
import { Database, MIGRATIONS_DIR } from './database.ts'
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts'
import { describePostgres } from './test-databases.ts'

// The backend on a PostgreSQL server (DATABASE_URL): what PGlite in one process never meets. The
// tests both databases run are in database.test.ts and the suites through supabase-js.

const made: string[] = []
const temp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'marketplace-postgres-'))
  made.push(dir)
  return dir
}
const databases: ScratchDatabase[] = []
afterAll(async () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
  for (const database of databases) await database.drop()
})

const failureOf = (opening: Promise<Database>) =>
  opening.then(
    (db) => {
      void db.close()
      throw new Error('it opened')
    },
    (error: Error & { code?: string }) => error,
  )

test('a server that cannot be reached: DATABASE_UNREACHABLE, with what to check, never the password', async () => {
  const error = await failureOf(
    Database.open(temp(), { databaseUrl: 'postgres://market:s3cret-word@127.0.0.1:1/nowhere' }),
  )
  expect(error.code).toBe('DATABASE_UNREACHABLE')
  expect(error.message).toContain('postgres://market:***@127.0.0.1:1/nowhere')
  expect(error.message).toContain('ECONNREFUSED')
  expect(error.message).toContain('Unset DATABASE_URL to use PGlite')
  expect(JSON.stringify(error)).not.toContain('s3cret-word')
  expect(error.message).not.toContain('s3cret-word')
})

test('a URL that is not a PostgreSQL one: CONFIG_INVALID, the password left out', async () => {
  const error = await failureOf(
    Database.open(temp(), { databaseUrl: 'mysql://market:s3cret-word@127.0.0.1/market' }),
  )
  expect(error.code).toBe('CONFIG_INVALID')
  expect(error.message).toContain('it starts with mysql:')
  expect(error.message).not.toContain('s3cret-word')
})

describePostgres((target) => {
  const serverUrl = () => target.serverUrl as string
  const fresh = async () => {
    const database = await createScratchDatabase(serverUrl())
    databases.push(database)
    return database.url
  }
  const asServer = async (sql: string) => {
    const client = new Client({ connectionString: serverUrl() })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }

  test('two backends starting together on a new database: the setup runs once, both open', async () => {
    const url = await fresh()
    const opened = await Promise.all([
      Database.open(temp(), { databaseUrl: url }),
      Database.open(temp(), { databaseUrl: url }),
    ])
    const files = readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'))
    for (const db of opened) expect(db.migrations).toHaveLength(files.length)
    const recorded = await opened[0]?.asOwner((tx) =>
      tx.query<{ count: number }>('select count(*)::int as count from backend_meta.migrations'),
    )
    expect(recorded?.rows).toEqual([{ count: files.length }])
    await Promise.all(opened.map((db) => db.close()))
  })

  test('transactions run side by side, each on a connection of its own', async () => {
    const db = await Database.open(temp(), { databaseUrl: await fresh() })
    let secondStarted = () => {}
    const started = new Promise<void>((resolve) => {
      secondStarted = resolve
    })
    // The first waits inside its transaction for the second to begin: one connection would never get there.
    const first = db.asOwner(async (tx) => {
      await tx.query('select 1')
      await started
      return 'first'
    })
    const second = db.asRequest({ role: 'anon' }, async (tx) => {
      secondStarted()
      return (await tx.query<{ role: string }>('select current_user as role')).rows[0]?.role
    })
    expect(await Promise.all([first, second])).toEqual(['first', 'anon'])
    // The role was the transaction's only: the connection goes back as the owner.
    const owner = await db.asOwner((tx) => tx.query<{ role: string }>('select current_user as role'))
    expect(owner.rows[0]?.role).not.toBe('anon')
    await db.close()
  })

  test('a wrong password: DATABASE_UNREACHABLE saying so, never the password', async () => {
    const url = new URL(await fresh())
    url.password = 'not-the-password'
    const error = await failureOf(Database.open(temp(), { databaseUrl: url.href }))
    expect(error.code).toBe('DATABASE_UNREACHABLE')
    expect(error.message).toContain('password authentication failed')
    expect(error.message).not.toContain('not-the-password')
  })

  test('a user with the documented privileges runs it; one without is told what it needs', async () => {
    const suffix = randomBytes(4).toString('hex')
    const [owner, stranger] = [`visual_edit_owner_${suffix}`, `visual_edit_stranger_${suffix}`]
    const url = await fresh()
    // The API roles exist (the first backend made them); a database owned by each user.
    await (await Database.open(temp(), { databaseUrl: url })).close()
    const own = new URL(await fresh())
    const theirs = new URL(await fresh())
    try {
      for (const [role, database] of [
        [owner, own],
        [stranger, theirs],
      ] as const) {
        await asServer(`create role ${role} login password 'pw-${suffix}'`)
        await asServer(`alter database ${database.pathname.slice(1)} owner to ${role}`)
        database.username = role
        database.password = `pw-${suffix}`
      }
      await asServer(`grant anon, authenticated, service_role to ${owner}`)

      const db = await Database.open(temp(), { databaseUrl: own.href })
      const asAnon = await db.asRequest({ role: 'anon' }, (tx) =>
        tx.query<{ role: string }>('select current_user as role'),
      )
      expect(asAnon.rows).toEqual([{ role: 'anon' }])
      await db.close()

      const error = await failureOf(Database.open(temp(), { databaseUrl: theirs.href }))
      expect(error.code).toBe('DATABASE_PRIVILEGES')
      expect(error.message).toContain('anon, authenticated and service_role')
      expect(error.message).not.toContain(`pw-${suffix}`)
    } finally {
      for (const database of databases.splice(-2)) await database.drop()
      await asServer(`drop role if exists ${owner}`)
      await asServer(`drop role if exists ${stranger}`)
    }
  })
})
