import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { visualEdit } from 'vite-plugin-visual-edit'

export interface EditOptions {
  /** Project folder. */
  root: string
  port: number
  host: string
  open: boolean
}

export interface EditSession {
  root: string
  server: ViteDevServer
  urls: string[]
  close: () => Promise<void>
}

/**
 * Starts the project's own dev server (its vite.config applies) with visual-edit added. A config that
 * already lists `visualEdit()` keeps its own instance and options; the one added here stands down.
 */
export async function edit(options: EditOptions): Promise<EditSession> {
  const root = path.resolve(options.root)
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new Error(
      `Project folder ${root} does not exist. Pass the folder that holds the project's vite.config.`,
    )
  }
  const server = await createServer({
    root,
    plugins: [visualEdit()],
    server: { port: options.port, host: options.host, strictPort: options.port !== 0, open: options.open },
  })
  await server.listen()
  const urls = [...(server.resolvedUrls?.local ?? []), ...(server.resolvedUrls?.network ?? [])]
  return { root, server, urls, close: () => server.close() }
}
