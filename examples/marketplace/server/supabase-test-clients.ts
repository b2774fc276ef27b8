import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import WebSocket from 'ws'
import { createScratchDatabase } from './db/scratch-database.ts'
import { PGLITE, type TestDatabaseTarget } from './db/test-databases.ts'
import { type RunningBackend, startBackend } from './index.ts'

/**
 * The local backend on a free port in a temp dir, for tests that talk to it with the real supabase-js:
 * accounts made as the database owner, access tokens signed with its secret, and clients as the app has
 * them after sign-in (the anon key, the user's token on every request). On PGlite in the temp dir, or
 * on a database of its own on the test server (db/test-databases.ts), dropped by `close`.
 */
export interface TestBackend {
  backend: RunningBackend
  /** An auth user (and, by the triggers, its users and profiles rows); `admin` makes it an admin. */
  createUser(id: string, email: string, name: string, options?: { admin?: boolean }): Promise<void>
  tokenFor(sub: string, expiresIn?: string | number): Promise<string>
  /** supabase-js with the anon key, and `token` as the bearer when given. */
  client(token?: string): SupabaseClient
  close(): Promise<void>
}

export async function startTestBackend(
  prefix: string,
  target: TestDatabaseTarget = PGLITE,
): Promise<TestBackend> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix))
  const database = target.serverUrl ? await createScratchDatabase(target.serverUrl) : null
  // DATABASE_URL as the target says, whatever this shell has.
  const env = { ...process.env, DATABASE_URL: database?.url ?? '' }
  let backend: RunningBackend
  try {
    backend = await startBackend({ dataDir, port: 0, host: '127.0.0.1', env })
  } catch (error) {
    await database?.drop()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  const secret = new TextEncoder().encode(backend.config.jwtSecret)
  return {
    backend,
    async createUser(id, email, name, options = {}) {
      await backend.db.asOwner(async (tx) => {
        await tx.query(
          `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data)
           values ($1, $2, now(), jsonb_build_object('name', $3::text))`,
          [id, email, name],
        )
        if (options.admin) await tx.query(`update public.users set role = 'admin' where id = $1`, [id])
      })
    },
    tokenFor: (sub, expiresIn = '1h') =>
      new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(secret),
    client: (token) => supabaseClientAt(backend.url, backend.config.anonKey, token),
    async close() {
      await backend.close()
      await database?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * supabase-js in Node as a test uses it: the anon key, `token` as the bearer when given, no stored
 * session, and `ws` for its realtime socket (Node 20 has no WebSocket of its own).
 */
export function supabaseClientAt(url: string, anonKey: string, token?: string): SupabaseClient {
  return createClient(url, anonKey, {
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  })
}
