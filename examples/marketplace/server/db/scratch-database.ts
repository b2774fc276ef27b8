import { randomBytes } from 'node:crypto'
import { Client } from 'pg'

/** A database made for one test file or benchmark run on a PostgreSQL server, and dropped after it. */
export interface ScratchDatabase {
  /** The new database's URL (the server's, with its name). */
  url: string
  drop(): Promise<void>
}

async function onServer<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * A database of its own on the server at `serverUrl` (whose user may create databases), so test files
 * running side by side never meet: `<prefix>_<random>`, made as PGlite's is (UTF8, C collation,
 * C.UTF-8 character classes).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'visual_edit_test',
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await onServer(serverUrl, async (client) => {
    const made = `create database ${name} template template0 encoding 'UTF8' lc_collate 'C'`
    try {
      await client.query(`${made} lc_ctype 'C.UTF-8'`)
    } catch (error) {
      // 42809: a server without the C.UTF-8 locale (macOS): its own character classes, still UTF8 and C.
      if ((error as { code?: string }).code !== '42809') throw error
      await client.query(made)
    }
  })
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.href,
    async drop() {
      // WITH (FORCE): connections a failed test left open do not keep it.
      await onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`))
    },
  }
}
