import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { SignJWT } from 'jose'
import { type BackendConfig, loadBackendConfig } from '../config.ts'
import { Database } from '../db/database.ts'
import { createScratchDatabase } from '../db/scratch-database.ts'
import { PGLITE, type TestDatabaseTarget } from '../db/test-databases.ts'
import { type ApiRequest, BodyError } from '../http/types.ts'
import { createRestHandler, type RestHandler } from './index.ts'

/**
 * A database with three accounts (A, B, an admin) and the handler over it, one per test file and
 * database: PGlite in a temp dir, or a database of its own on the test server (dropped by `close`).
 */
export interface RestFixture {
  config: BackendConfig
  db: Database
  handler: RestHandler
  ids: { a: string; b: string; admin: string }
  tokens: { a: string; b: string; admin: string; anon: string; service: string }
  call(method: string, pathAndQuery: string, options?: CallOptions): Promise<TestResponse>
  /** Creates an auth user (and, by the triggers, its users and profiles rows) as the database owner. */
  createUser(
    email: string,
    name: string,
    options?: { role?: 'admin' | 'customer'; phone?: string },
  ): Promise<string>
  tokenFor(id: string, options?: { expiresIn?: string | number }): Promise<string>
  /** The users and profiles tables as the owner sees them: compare before and after a bad request. */
  snapshot(): Promise<string>
  close(): Promise<void>
}

export interface CallOptions {
  /** The bearer token; `null` sends no Authorization header (the apikey alone). Default: A's. */
  token?: string | null
  headers?: Record<string, string>
  /** An object is the parsed JSON; a string is the raw body (parsed here, BodyError when not JSON). */
  body?: unknown
  /** Makes `json()` throw the server's 413 BodyError. */
  tooLarge?: boolean
}

export interface TestResponse {
  status: number
  headers: Record<string, string>
  /** The body parsed as JSON (undefined when there is none). */
  data: unknown
  raw: string | undefined
}

export async function openRestFixture(target: TestDatabaseTarget = PGLITE): Promise<RestFixture> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rest-'))
  const database = target.serverUrl ? await createScratchDatabase(target.serverUrl) : null
  const config = await loadBackendConfig(dir, {})
  const db = await Database.open(dir, { databaseUrl: database?.url ?? null })
  const handler = createRestHandler({ config, db })
  await handler.ready

  const secret = new TextEncoder().encode(config.jwtSecret)
  const tokenFor = (id: string, options: { expiresIn?: string | number } = {}) =>
    new SignJWT({ sub: id, role: 'authenticated', aud: 'authenticated', email: `${id}@test.local` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(secret)

  let counter = 0
  async function createUser(
    email: string,
    name: string,
    options: { role?: 'admin' | 'customer'; phone?: string } = {},
  ) {
    counter++
    const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`
    await db.asOwner(async (tx) => {
      await tx.query(
        `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data)
         values ($1, $2, now(), jsonb_build_object('name', $3::text, 'phone', $4::text))`,
        [id, email, name, options.phone ?? null],
      )
      if (options.role === 'admin') {
        await tx.query(`update public.users set role = 'admin' where id = $1`, [id])
        await tx.query(`update public.profiles set role = 'admin' where id = $1`, [id])
      }
    })
    return id
  }

  const ids = {
    a: await createUser('alice@example.com', 'Alice', { phone: '+911111111111' }),
    b: await createUser('bob@example.com', 'Bob'),
    admin: await createUser('admin@example.org', 'Ada Admin', { role: 'admin' }),
  }
  const tokens = {
    a: await tokenFor(ids.a),
    b: await tokenFor(ids.b),
    admin: await tokenFor(ids.admin),
    anon: config.anonKey,
    service: config.serviceRoleKey,
  }

  async function call(
    method: string,
    pathAndQuery: string,
    options: CallOptions = {},
  ): Promise<TestResponse> {
    const url = new URL(`http://localhost/rest/v1${pathAndQuery}`)
    const token = options.token === undefined ? tokens.a : options.token
    const headers: Record<string, string> = { apikey: config.anonKey, ...options.headers }
    if (token !== null) headers.authorization = `Bearer ${token}`
    const lower = Object.fromEntries(
      Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]),
    )
    const req: ApiRequest = {
      method,
      url,
      path: url.pathname.slice('/rest/v1'.length),
      headers: lower,
      ip: '127.0.0.1',
      body: async () =>
        Buffer.from(typeof options.body === 'string' ? options.body : JSON.stringify(options.body ?? '')),
      async json() {
        if (options.tooLarge) throw new BodyError(413, 'The body is larger than 1 MiB.')
        if (options.body === undefined) return undefined
        if (typeof options.body !== 'string') return options.body
        try {
          return JSON.parse(options.body)
        } catch {
          throw new BodyError(400, 'The body is not valid JSON.')
        }
      },
    }
    const res = await handler(req)
    const raw =
      typeof res.body === 'string' ? res.body : res.body === undefined ? undefined : JSON.stringify(res.body)
    return {
      status: res.status,
      headers: res.headers ?? {},
      data: raw === undefined ? undefined : JSON.parse(raw),
      raw,
    }
  }

  async function snapshot(): Promise<string> {
    const { rows } = await db.asOwner((tx) =>
      tx.query<{ users: string; profiles: string }>(
        `select (select coalesce(json_agg(u order by u.id), '[]')::text from public.users u) as users,
                (select coalesce(json_agg(p order by p.id), '[]')::text from public.profiles p) as profiles`,
      ),
    )
    return JSON.stringify(rows[0])
  }

  return {
    config,
    db,
    handler,
    ids,
    tokens,
    call,
    createUser,
    tokenFor,
    snapshot,
    async close() {
      await db.close()
      await database?.drop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
