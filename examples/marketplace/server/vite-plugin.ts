import path from 'node:path'
import {
  type Logger,
  loadEnv,
  type Plugin,
  type PreviewServer,
  type UserConfig,
  type ViteDevServer,
} from 'vite'
import { printBanner } from './banner.ts'
import { loadBackendConfig } from './config.ts'
import { resolveDataDir } from './data-dir.ts'
import type { AllowedHosts } from './http/host-check.ts'
import { requestUrl, routeOf } from './http/server.ts'
import { type Backend, createBackend } from './index.ts'
import { createServeGuard, fsDenyPatterns, VITE_DEFAULT_FS_DENY } from './serve-guard.ts'

/**
 * The server settings the plugin adds. Vite's default CORS answers every loopback origin, any port,
 * so a page another local server serves could read the app's files: off, unless the config sets it
 * (the app and its backend are on one origin; the backend sends the API's CORS itself). fs.deny gets
 * the data directory (serve-guard.ts), with Vite's defaults when the config had none.
 *
 *   {}  ->  { server: { cors: false, fs: { deny: [...Vite's, '**\/.data', '**\/.data/**', <dataDir>, <dataDir>/**] } }, preview: { cors: false } }
 */
function serverSettings(config: UserConfig, dataDir: string | null): UserConfig {
  const ownDeny = config.server?.fs?.deny === undefined ? VITE_DEFAULT_FS_DENY : []
  const settings: UserConfig = { server: { fs: { deny: [...ownDeny, ...fsDenyPatterns(dataDir)] } } }
  if (config.server?.cors === undefined) {
    settings.server = { ...settings.server, cors: false }
    if (config.preview?.cors === undefined) settings.preview = { cors: false }
  }
  return settings
}

/**
 * Mounts the local Supabase-compatible backend on the app's own Vite dev and preview servers, so
 * `npm start`, `dev` and `preview` need no second terminal: /auth/v1, /rest/v1 and /inbox on the
 * app's origin, which is where the app's client points by default. The anon key reaches the app as
 * `import.meta.env.VITE_SUPABASE_ANON_KEY`.
 *
 * The data directory is outside the app (data-dir.ts: an old `.data/` there is moved out on the first
 * start), and these servers refuse it anyway (serve-guard.ts). The backend answers the Host names the
 * server does (its allowedHosts).
 *
 * When VITE_SUPABASE_URL is set (a real Supabase project), no backend is mounted (the `.data` guard
 * stays). MARKETPLACE_BACKEND=lazy opens the database on the first request instead of at start.
 */
export function marketplaceBackend(): Plugin {
  let root = process.cwd()
  let dataDir: string | null = null
  let backend: Promise<Backend> | null = null
  let failure: Error | null = null

  const start = (logger: Logger, allowedHosts: AllowedHosts) => {
    backend ??= createBackend({
      dataDir: dataDir as string,
      appRoot: root,
      allowedHosts,
      note: (line) => logger.info(`  ${line}`),
    }).catch((error: Error) => {
      failure = error
      logger.error(`\n  Marketplace backend did not start.\n  ${error.message}\n`, { timestamp: true })
      throw error
    })
    return backend
  }

  /**
   * The same for the dev and the preview server: the guard, the middleware, the banner once listening,
   * the close. The backend answers the Host names that server does.
   */
  const mount = (server: ViteDevServer | PreviewServer, allowedHosts: AllowedHosts) => {
    // Added here, not in a returned function: in front of every middleware of the server's own.
    server.middlewares.use(createServeGuard(dataDir))
    if (dataDir === null) return
    const logger = server.config.logger
    const lazy = process.env.MARKETPLACE_BACKEND === 'lazy'
    if (!lazy) start(logger, allowedHosts).catch(() => {})
    server.middlewares.use((req, res, next) => {
      if (!routeOf(requestUrl(req.url, undefined).pathname)) return next()
      start(logger, allowedHosts)
        .then((ready) => ready.handle(req, res))
        .then((handled) => {
          if (!handled) next()
        })
        .catch(() => {
          res.writeHead(503, { 'content-type': 'application/json' })
          res.end(
            JSON.stringify({
              code: 'backend_unavailable',
              message: failure?.message ?? 'The backend did not start',
            }),
          )
        })
    })
    server.httpServer?.once('listening', () =>
      setImmediate(() => {
        if (lazy) return
        start(logger, allowedHosts)
          .then((ready) =>
            printBanner(ready.config, server.resolvedUrls?.local[0] ?? '', (line) => logger.info(line)),
          )
          .catch(() => {})
      }),
    )
    server.httpServer?.on('close', () => {
      backend?.then((ready) => ready.close()).catch(() => {})
    })
  }

  return {
    name: 'marketplace-backend',
    async config(userConfig, { mode }) {
      root = path.resolve(userConfig.root ?? process.cwd())
      const env = { ...loadEnv(mode, root, ['VITE_', 'MARKETPLACE_']), ...process.env }
      if (env.VITE_SUPABASE_URL) return serverSettings(userConfig, null)
      dataDir = resolveDataDir({ appRoot: root, env, note: (line) => this.info(line) })
      const settings = serverSettings(userConfig, dataDir)
      if (env.VITE_SUPABASE_ANON_KEY) return settings
      // The local backend's anon key (made with its secrets on the first start) is the app's default.
      const config = await loadBackendConfig(dataDir, env)
      return {
        ...settings,
        define: { 'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify(config.anonKey) },
      }
    },
    configureServer: (server) => mount(server, server.config.server.allowedHosts),
    configurePreviewServer: (server) => mount(server, server.config.preview.allowedHosts),
  }
}
