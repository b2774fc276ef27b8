import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type AddressInfo, isIP } from 'node:net'
import { createAuthHandler, createInboxHandler, prepareAuth } from './auth/index.ts'
import { type BackendConfig, loadBackendConfig, type RateLimits } from './config.ts'
import { MARKETPLACE_ROOT, resolveDataDir } from './data-dir.ts'
import { Database } from './db/database.ts'
import { BackendError } from './errors.ts'
import type { AllowedHosts } from './http/host-check.ts'
import { createGateway, refuseHost } from './http/server.ts'
import { createRestHandler } from './rest/index.ts'
import { createStorageHandler } from './storage/index.ts'

export type { BackendConfig } from './config.ts'
export { BackendError } from './errors.ts'

export interface BackendOptions {
  /** Else MARKETPLACE_DATA_DIR, else the user's state folder (data-dir.ts); never inside a served folder. */
  dataDir?: string
  /** The app the data belongs to: the marketplace's folder unless mounted on another copy's server. */
  appRoot?: string
  /** Names answered besides loopback ones and IP addresses (host-check.ts). */
  allowedHosts?: AllowedHosts
  /** Where one-line notes go (an old data folder moved, a PostgreSQL connection lost); console.log unless given. */
  note?: (line: string) => void
  /** E-mail confirmation off (the default) or on; else MARKETPLACE_CONFIRM_EMAIL=1 turns it on. */
  autoConfirm?: boolean
  rateLimits?: RateLimits
  /** The settings (DATABASE_URL, MARKETPLACE_*, JWT_SECRET, ...); process.env unless given. */
  env?: NodeJS.ProcessEnv
}

/** The backend without its own port: mounted on another server (the Vite dev and preview servers). */
export interface Backend {
  config: BackendConfig
  db: Database
  /** Answers a backend path (/auth/v1, /rest/v1, /storage/v1, /inbox) and returns true; false for any other path. */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
  close: () => Promise<void>
}

/** Opens the database (bootstrap, migrations, demo accounts) and builds the services. */
export async function createBackend(options: BackendOptions = {}): Promise<Backend> {
  const env = options.env ?? process.env
  const note = options.note ?? ((line: string) => console.log(line))
  const dataDir = resolveDataDir({
    appRoot: options.appRoot ?? MARKETPLACE_ROOT,
    env,
    dataDir: options.dataDir,
    note,
  })
  const overrides: Parameters<typeof loadBackendConfig>[2] = {}
  if (options.autoConfirm !== undefined) overrides.autoConfirm = options.autoConfirm
  if (options.rateLimits) overrides.rateLimits = options.rateLimits
  const config = await loadBackendConfig(dataDir, env, overrides)
  // DATABASE_URL: a PostgreSQL server; else PGlite in the data directory.
  const db = await Database.open(dataDir, { databaseUrl: config.databaseUrl, note })
  const ctx = { config, db }
  const auth = createAuthHandler(ctx)
  const rest = createRestHandler(ctx)
  try {
    await prepareAuth(ctx)
    await rest.ready
  } catch (error) {
    await auth.close()
    await db.close()
    throw error
  }
  const handle = createGateway(
    config,
    { auth, rest, inbox: createInboxHandler(ctx), storage: createStorageHandler(ctx) },
    { allowedHosts: options.allowedHosts ?? [] },
  )
  return {
    config,
    db,
    handle,
    close: async () => {
      await auth.close()
      await db.close()
    },
  }
}

export interface RunningBackend extends Backend {
  /** `http://host:port`, what VITE_SUPABASE_URL points at. */
  url: string
  server: Server
}

/**
 * The backend on its own HTTP server (`npm run backend`, tests). The port is taken first: a busy one
 * fails at once. Every request's Host is checked, whatever its path (host-check.ts): loopback names,
 * IP addresses, `allowedHosts`, and `host` when it is a name.
 */
export async function startBackend(
  options: BackendOptions & { port?: number; host?: string } = {},
): Promise<RunningBackend> {
  const host = options.host ?? '127.0.0.1'
  const allowedHosts: AllowedHosts =
    options.allowedHosts === true ? true : [...(options.allowedHosts ?? []), ...(isIP(host) ? [] : [host])]
  let ready: Backend | null = null
  const server = createServer((req, res) => {
    if (refuseHost(req, res, allowedHosts)) return
    if (!ready) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' })
      res.end(JSON.stringify({ message: 'The backend is starting; try again in a moment.' }))
      return
    }
    ready.handle(req, res).then((answered) => {
      if (answered) return
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: 'Not found: the backend serves /auth/v1, /rest/v1 and /inbox' }))
    })
  })
  const port = options.port ?? 54321
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => resolve())
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new BackendError(
        'PORT_IN_USE',
        `Port ${port} on ${host} is in use (another backend running?). Stop what uses it, or choose another port: --port <n> (or MARKETPLACE_BACKEND_PORT).`,
      )
    }
    throw error
  }
  const closeServer = () => {
    server.closeAllConnections()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  }
  let backend: Backend
  try {
    backend = await createBackend({ ...options, allowedHosts })
  } catch (error) {
    await closeServer()
    throw error
  }
  ready = backend
  const address = server.address() as AddressInfo
  return {
    ...backend,
    url: `http://${host}:${address.port}`,
    server,
    close: async () => {
      await closeServer()
      await backend.close()
    },
  }
}
