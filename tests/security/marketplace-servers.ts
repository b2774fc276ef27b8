import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build, createServer as createViteServer, type InlineConfig, preview } from 'vite'
import { linkInstalledPackages } from '../helpers/linked-packages.ts'

/**
 * The marketplace's servers as a user runs them, for the attacks of the security suite: plain `vite`
 * (its own vite.config), `visual-edit edit`, `vite preview` after a build, and the standalone backend.
 * Each runs on a copy of the marketplace's own files (the copy is what the attacks are checked
 * against: nothing written), on 127.0.0.1 and a free port.
 */

const REPO = path.resolve(import.meta.dirname, '../..')
const MARKETPLACE = path.join(REPO, 'examples/marketplace')

/** What the copy leaves out: installs, builds, data folders and other runs' copies. */
const NOT_COPIED = new Set(['node_modules', 'dist', '.data'])

/** A folder that a test makes and removes. */
export interface TempDir {
  dir: string
  remove: () => Promise<void>
}

/**
 * A copy of the marketplace's own files beside it (`examples/.run-security-*`, git-ignored), at the
 * same depth, so it resolves the workspace's packages and its tsconfig's `extends` holds. The
 * packages of the marketplace's own node_modules (its pinned supabase-js) are linked one by one, so
 * Vite's cache (`node_modules/.vite`) is the copy's own. `remove()` removes it for good (again, if
 * a late writer brought it back).
 */
export function copyMarketplace(): TempDir {
  const dir = mkdtempSync(path.join(REPO, 'examples', '.run-security-'))
  for (const entry of readdirSync(MARKETPLACE)) {
    if (NOT_COPIED.has(entry) || /^\.(bench|run)-/.test(entry)) continue
    cpSync(path.join(MARKETPLACE, entry), path.join(dir, entry), { recursive: true })
  }
  linkInstalledPackages(MARKETPLACE, dir)
  return { dir, remove: () => removeForGood(dir) }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Waits (at most 30 s) until Vite's dependency optimizer of the app at `root` is done: its cache
 * written (`deps/`) and no run in progress (`deps_temp_*`). A server closed mid-run goes on writing.
 */
async function optimizerDone(root: string): Promise<void> {
  const cache = path.join(root, 'node_modules', '.vite')
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const entries = existsSync(cache) ? readdirSync(cache) : []
    if (entries.includes('deps') && !entries.some((entry) => entry.startsWith('deps_temp'))) return
    await sleep(100)
  }
}

/** Removes a folder, and again if a late writer brought it back. */
async function removeForGood(dir: string): Promise<void> {
  for (let round = 0; round < 10; round++) {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
    await sleep(300)
    if (!existsSync(dir)) return
  }
}

/** A fresh folder in the system's temp directory, outside every project. */
export function tempDir(label: string): TempDir {
  const dir = mkdtempSync(path.join(tmpdir(), `marketplace-security-${label}-`))
  return { dir, remove: async () => rmSync(dir, { recursive: true, force: true }) }
}

/** Runs `start` with these variables in process.env (the marketplace's plugin reads them when its server starts). */
export async function withEnv<T>(
  env: Record<string, string | undefined>,
  start: () => Promise<T>,
): Promise<T> {
  const saved = { ...process.env }
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  try {
    return await start()
  } finally {
    process.env = saved
  }
}

/** A server the test started, and how to stop it. */
export interface Running {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string
  close: () => Promise<void>
}

const LOOPBACK = { host: '127.0.0.1', port: 0, strictPort: false }

const urlOf = (server: Server | null | undefined, what: string) => {
  const address = server?.address() as AddressInfo | null | undefined
  if (!address) throw new Error(`${what} reported no address`)
  return `http://127.0.0.1:${address.port}`
}

/** `npm run dev`: plain Vite with the copy's vite.config. */
export async function startDev(root: string): Promise<Running> {
  const server = await createViteServer({ root, logLevel: 'silent', server: { ...LOOPBACK, watch: null } })
  await server.listen()
  return {
    url: urlOf(server.httpServer as Server, 'the dev server'),
    close: async () => {
      await optimizerDone(root)
      await server.close()
    },
  }
}

/** `npm start`: `visual-edit edit` on the copy (the project's Vite, its config, visual-edit's plugins). */
export async function startEdit(root: string): Promise<Running> {
  const { edit } = await import('../../packages/cli/src/commands/edit.ts')
  const session = await edit({ root, port: 0, host: '127.0.0.1', open: false })
  return {
    url: urlOf(session.server.httpServer as Server, 'visual-edit edit'),
    close: async () => {
      await optimizerDone(root)
      await session.close()
    },
  }
}

/** `vite build` then `vite preview` of the copy. */
export async function startPreview(root: string): Promise<Running> {
  // Vite's build and preview set NODE_ENV=production where it is unset; put back for the other servers.
  const nodeEnv = process.env.NODE_ENV
  const config: InlineConfig = { root, logLevel: 'silent' }
  try {
    await build({ ...config, build: { outDir: path.join(root, 'dist'), emptyOutDir: true } })
    const server = await preview({ ...config, preview: LOOPBACK })
    return { url: urlOf(server.httpServer as Server, 'the preview server'), close: () => server.close() }
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
}

/** What a raw request answered. */
export interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/**
 * A GET (or another method) with the path sent exactly as written (no normalisation of `..`,
 * `%2e` or `\`) and any Host header: what fetch does not let a caller do, and an attacker's client may.
 */
export function rawRequest(
  base: string,
  pathAndQuery: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, method: options.method ?? 'GET', path: pathAndQuery, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/** The `access-control-*` headers of an answer (none means no other origin may read it). */
export const corsHeadersOf = (headers: IncomingHttpHeaders | Headers) => {
  const names = headers instanceof Headers ? [...headers.keys()] : Object.keys(headers)
  return names.filter((name) => name.toLowerCase().startsWith('access-control-'))
}

/** The attacker's own server on another loopback port: it serves `page` and records every request. */
export interface AttackerServer extends Running {
  requests: string[]
}

export async function startAttacker(
  page = '<!doctype html><title>attacker</title>',
): Promise<AttackerServer> {
  const requests: string[] = []
  const server = createServer((req, res) => {
    requests.push(req.url ?? '')
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(page)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: urlOf(server, 'the attacker server'),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Every `backend.json` (the backend's secrets) under these folders, wherever a version of the
 * marketplace keeps it: the app's `.data/` (before) or the user's state folder (after).
 */
export function secretsFilesUnder(...folders: string[]): { file: string; jwtSecret: string }[] {
  const found: { file: string; jwtSecret: string }[] = []
  const walk = (folder: string) => {
    if (!existsSync(folder)) return
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name)
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'pgdata') walk(full)
      else if (entry.name === 'backend.json') {
        const { jwtSecret } = JSON.parse(readFileSync(full, 'utf8')) as { jwtSecret: string }
        found.push({ file: full, jwtSecret })
      }
    }
  }
  for (const folder of folders) walk(folder)
  return found
}
