import path from 'node:path'
import { type Logger, loadEnv, type Plugin, type PreviewServer, type ViteDevServer } from 'vite'
import { printBanner } from './banner.ts'
import { loadBackendConfig } from './config.ts'
import { routeOf } from './http/server.ts'
import { type Backend, createBackend, DEFAULT_DATA_DIR } from './index.ts'

/**
 * Mounts the local Supabase-compatible backend on the app's own Vite dev and preview servers, so
 * `npm start`, `dev` and `preview` need no second terminal: /auth/v1, /rest/v1 and /inbox on the
 * app's origin, which is where the app's client points by default. The anon key reaches the app as
 * `import.meta.env.VITE_SUPABASE_ANON_KEY`.
 *
 * When VITE_SUPABASE_URL is set (a real Supabase project), nothing is mounted. MARKETPLACE_BACKEND=lazy
 * opens the database on the first request instead of at start (tests start many servers).
 */
export function marketplaceBackend(): Plugin {
  let dataDir = DEFAULT_DATA_DIR
  let external = false
  let backend: Promise<Backend> | null = null
  let failure: Error | null = null

  const start = (logger: Logger) => {
    backend ??= createBackend({ dataDir }).catch((error: Error) => {
      failure = error
      logger.error(`\n  Marketplace backend did not start.\n  ${error.message}\n`, { timestamp: true })
      throw error
    })
    return backend
  }

  /** The same for the dev and the preview server: the middleware, the banner once listening, the close. */
  const mount = (server: ViteDevServer | PreviewServer) => {
    if (external) return
    const logger = server.config.logger
    const lazy = process.env.MARKETPLACE_BACKEND === 'lazy'
    if (!lazy) start(logger).catch(() => {})
    server.middlewares.use((req, res, next) => {
      if (!routeOf(new URL(req.url ?? '/', 'http://localhost').pathname)) return next()
      start(logger)
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
        start(logger)
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
      const root = path.resolve(userConfig.root ?? process.cwd())
      const env = { ...loadEnv(mode, root, ['VITE_', 'MARKETPLACE_']), ...process.env }
      external = Boolean(env.VITE_SUPABASE_URL)
      if (env.MARKETPLACE_DATA_DIR) dataDir = path.resolve(root, env.MARKETPLACE_DATA_DIR)
      if (external || env.VITE_SUPABASE_ANON_KEY) return
      // The local backend's anon key (made with its secrets on the first start) is the app's default.
      const config = await loadBackendConfig(dataDir, env)
      return { define: { 'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify(config.anonKey) } }
    },
    configureServer: mount,
    configurePreviewServer: mount,
  }
}
