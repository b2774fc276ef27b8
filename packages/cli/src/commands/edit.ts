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
  /** What the user should know about how the server runs (printed by the CLI). */
  warnings: string[]
  close: () => Promise<void>
}

export const PRODUCTION_NODE_ENV =
  "NODE_ENV is 'production' in this shell: React runs its production build and Fast Refresh is off, so every edit reloads the page and loses its state. Unset NODE_ENV (or set it to development) to edit with the page's state kept."

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
  // Read before Vite sets NODE_ENV=development where it is unset.
  const warnings = process.env.NODE_ENV === 'production' ? [PRODUCTION_NODE_ENV] : []
  const server = await createServer({
    root,
    plugins: [visualEdit()],
    server: { port: options.port, host: options.host, strictPort: options.port !== 0, open: options.open },
  })
  await server.listen()
  const urls = [...(server.resolvedUrls?.local ?? []), ...(server.resolvedUrls?.network ?? [])]
  return { root, server, urls, warnings, close: () => server.close() }
}
