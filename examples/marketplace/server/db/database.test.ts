import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { Database, MIGRATIONS_DIR } from './database.ts'
import { createScratchDatabase } from './scratch-database.ts'
import { describeEachDatabase } from './test-databases.ts'

const made: string[] = []
const temp = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  made.push(dir)
  return dir
}
const dropped: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
  for (const drop of dropped) await drop()
})

/** Each test opens the database up to six times: PGlite's start takes seconds on a busy 2-core machine. */
const OPENS_TIMEOUT_MS = 120_000

/** A copy of the real migrations, which a test may add to. */
function migrationsCopy(): string {
  const dir = temp('marketplace-migrations-')
  cpSync(MIGRATIONS_DIR, dir, { recursive: true })
  return dir
}

describeEachDatabase((target) => {
  /** A data directory, and on PostgreSQL a database of its own (dropped after the file). */
  async function place(): Promise<{ dataDir: string; at: { databaseUrl: string | null } }> {
    const dataDir = temp('marketplace-db-')
    if (!target.serverUrl) return { dataDir, at: { databaseUrl: null } }
    const database = await createScratchDatabase(target.serverUrl)
    dropped.push(database.drop)
    return { dataDir, at: { databaseUrl: database.url } }
  }

  test(
    'data survives a restart; migrations run once; a newer or changed schema stops it, changing nothing',
    async () => {
      const { dataDir, at } = await place()
      const migrations = migrationsCopy()
      const first = await Database.open(dataDir, { ...at, migrationsDir: migrations })
      expect(first.migrations).toEqual(
        readdirSync(MIGRATIONS_DIR)
          .filter((name) => name.endsWith('.sql'))
          .sort(),
      )
      await first.asOwner((tx) =>
        tx.query(
          "insert into auth.users (id, email) values ('33333333-3333-3333-3333-333333333333', 'kept@example.com')",
        ),
      )
      await first.close()

      const again = await Database.open(dataDir, { ...at, migrationsDir: migrations })
      const kept = await again.asOwner((tx) =>
        tx.query<{ email: string; name: string }>('select email, name from public.users'),
      )
      expect(kept.rows).toEqual([{ email: 'kept@example.com', name: 'kept' }])
      await again.close()

      // A database migrated by a newer checkout: a migration this one does not have.
      writeFileSync(
        path.join(migrations, '29990101000000_future.sql'),
        'create table public.future (id int);',
      )
      const newer = await Database.open(dataDir, { ...at, migrationsDir: migrations })
      await newer.close()
      const older = migrationsCopy()
      await expect(Database.open(dataDir, { ...at, migrationsDir: older })).rejects.toMatchObject({
        code: 'DATA_DIR_NEWER_SCHEMA',
      })

      // An applied migration edited afterwards.
      writeFileSync(
        path.join(migrations, '29990101000000_future.sql'),
        'create table public.future (id bigint);',
      )
      await expect(Database.open(dataDir, { ...at, migrationsDir: migrations })).rejects.toMatchObject({
        code: 'MIGRATION_CHANGED',
      })
    },
    OPENS_TIMEOUT_MS,
  )

  test(
    'a failing migration applies nothing of itself and names itself',
    async () => {
      const { dataDir, at } = await place()
      const migrations = migrationsCopy()
      writeFileSync(
        path.join(migrations, '29990102000000_broken.sql'),
        'create table public.half (id int); select nope();',
      )
      await expect(Database.open(dataDir, { ...at, migrationsDir: migrations })).rejects.toMatchObject({
        code: 'MIGRATION_FAILED',
        message: expect.stringContaining('29990102000000_broken.sql'),
      })
      rmSync(path.join(migrations, '29990102000000_broken.sql'))
      const db = await Database.open(dataDir, { ...at, migrationsDir: migrations })
      const half = await db.asOwner((tx) => tx.query("select to_regclass('public.half') as half"))
      expect(half.rows).toEqual([{ half: null }])
      await db.close()
    },
    OPENS_TIMEOUT_MS,
  )
})

test('a data directory that is not a database stops it with what to do, and is left as it was', async () => {
  const dataDir = temp('marketplace-db-')
  mkdirSync(path.join(dataDir, 'pgdata'))
  writeFileSync(path.join(dataDir, 'pgdata', 'notes.txt'), 'not a database')
  await expect(Database.open(dataDir)).rejects.toMatchObject({
    code: 'DATA_DIR_CORRUPT',
    message: expect.stringContaining('Move the folder away'),
  })
  expect(readdirSync(path.join(dataDir, 'pgdata'))).toEqual(['notes.txt'])
})

test('a damaged database stops it with what to do, and its files stay as they were', async () => {
  const dataDir = temp('marketplace-db-')
  await (await Database.open(dataDir)).close()
  const control = path.join(dataDir, 'pgdata', 'global', 'pg_control')
  const garbage = Buffer.alloc(8192, 7)
  writeFileSync(control, garbage)
  await expect(Database.open(dataDir)).rejects.toMatchObject({ code: 'DATA_DIR_CORRUPT' })
  expect(readFileSync(control).equals(garbage)).toBe(true)
})
