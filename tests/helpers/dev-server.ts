import { createServer, type InlineConfig, type ViteDevServer } from 'vite'

/**
 * A Vite dev server for a test or bench project: no config file, silent, on 127.0.0.1 and a free
 * port, without HMR or a file watcher (the caller's `server` options are merged over those). The
 * caller stops it with `server.close()`.
 */
export async function listenDevServer(config: InlineConfig): Promise<{ server: ViteDevServer; url: string }> {
  const server = await createServer({
    configFile: false,
    logLevel: 'silent',
    ...config,
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null, ...config.server },
  })
  await server.listen()
  const address = server.httpServer?.address()
  if (!address || typeof address === 'string') {
    await server.close()
    throw new Error(`the dev server for ${config.root ?? 'the project'} has no port`)
  }
  return { server, url: `http://127.0.0.1:${address.port}` }
}
