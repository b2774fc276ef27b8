import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type BackendConfig, loadBackendConfig } from '../config.ts'
import { Database } from '../db/database.ts'
import { createScratchDatabase } from '../db/scratch-database.ts'
import { PGLITE, type TestDatabaseTarget } from '../db/test-databases.ts'
import { type ApiRequest, type ApiResponse, BodyError } from '../http/types.ts'
import { type AuthHandler, createAuthHandler, prepareAuth } from './index.ts'

/** The origin the fake requests come from (the app's dev server, where the backend is mounted). */
export const ORIGIN = 'http://localhost:5173'

/**
 * A database prepared as at start, and handlers over it with any config: PGlite in a temporary
 * folder, or a database of its own on the test server (dropped by `close`).
 */
export interface TestBackend {
  db: Database
  config: BackendConfig
  /** An auth handler with this config changed (each has its own rate limits); closed with the backend. */
  handler(overrides?: Partial<BackendConfig>): AuthHandler
  close(): Promise<void>
}

export async function openTestBackend(target: TestDatabaseTarget = PGLITE): Promise<TestBackend> {
  const dir = mkdtempSync(path.join(tmpdir(), 'marketplace-auth-'))
  const database = target.serverUrl ? await createScratchDatabase(target.serverUrl) : null
  const config = await loadBackendConfig(
    dir,
    {},
    { rateLimits: { tokenPerWindow: 10_000, mailPerWindow: 10_000, windowMs: 300_000 } },
  )
  const db = await Database.open(dir, { databaseUrl: database?.url ?? null })
  await prepareAuth({ config, db })
  const handlers: AuthHandler[] = []
  return {
    db,
    config,
    handler(overrides = {}) {
      const handler = createAuthHandler({ config: { ...config, ...overrides }, db })
      handlers.push(handler)
      return handler
    },
    async close() {
      await Promise.all(handlers.map((handler) => handler.close()))
      await db.close()
      await database?.drop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface FakeRequest {
  /** A value is sent as JSON; a string as the raw body (so it may be malformed); 'too-large' as a body over the limit. */
  body?: unknown
  raw?: string
  tooLarge?: boolean
  query?: Record<string, string>
  /** An access token for Authorization: Bearer. */
  token?: string
  headers?: Record<string, string>
  ip?: string
}

/** An ApiRequest as the gateway builds it, for `METHOD /path` below /auth/v1. */
export function fakeRequest(method: string, pathAndQuery: string, options: FakeRequest = {}): ApiRequest {
  const url = new URL(`/auth/v1${pathAndQuery}`, ORIGIN)
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value)
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  return {
    method,
    url,
    path: url.pathname.slice('/auth/v1'.length),
    headers,
    ip: options.ip ?? '127.0.0.1',
    body: async () => Buffer.from(options.raw ?? ''),
    async json() {
      if (options.tooLarge) throw new BodyError(413, 'The request body is larger than 1048576 bytes')
      if (options.raw !== undefined) {
        try {
          return JSON.parse(options.raw)
        } catch (error) {
          throw new BodyError(400, (error as Error).message)
        }
      }
      return options.body === undefined ? undefined : JSON.parse(JSON.stringify(options.body))
    },
  }
}

/** A JSON body as tests read it: loosely, field by field; the assertions check it. */
// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
export type Json = Record<string, any>

/** A response's body as an object (for toMatchObject). */
export const bodyOf = (response: ApiResponse) => response.body as Json

/** Calls a handler with a fake request. */
export const call = (handler: AuthHandler, method: string, pathAndQuery: string, options?: FakeRequest) =>
  handler(fakeRequest(method, pathAndQuery, options))

let counter = 0
/** An e-mail address no other test uses. */
export const freshEmail = (label = 'user') => `${label}-${Date.now().toString(36)}-${counter++}@example.com`

/** Signs up (auto-confirm) and returns the session body. */
export async function signUpSession(
  handler: AuthHandler,
  email = freshEmail(),
  password = 'correct horse 1',
) {
  const response = await call(handler, 'POST', '/signup', {
    body: { email, password, data: { name: 'Test' } },
  })
  if (response.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(response.body)}`)
  return { email, password, session: bodyOf(response) }
}

/** The newest mail to `to` in the local inbox. */
export async function lastMailTo(db: Database, to: string) {
  const result = await db.asOwner((tx) =>
    tx.query<{ link: string; kind: string; subject: string }>(
      'select link, kind, subject from auth.local_mails where to_address = $1 order by id desc limit 1',
      [to],
    ),
  )
  return result.rows[0]
}
