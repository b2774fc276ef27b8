import { existsSync, statSync } from 'node:fs'
import { createServer as createNetServer } from 'node:net'
import path from 'node:path'
import type { ViteDevServer } from 'vite'
import { VisualEditError, visualEdit } from 'vite-plugin-visual-edit'
import { loadProjectVite } from '../project-vite.ts'
import { servedFolders } from '../served-folders.ts'

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
  /** The Vite that runs the project, and whose it is. */
  vite: { version: string; from: 'project' | 'visual-edit' }
  /** What the user should know about how the server runs (printed by the CLI). */
  warnings: string[]
  close: () => Promise<void>
}

export const PRODUCTION_NODE_ENV =
  "NODE_ENV is 'production' in this shell: React runs its production build and Fast Refresh is off, so every edit reloads the page and loses its state. Unset NODE_ENV (or set it to development) to edit with the page's state kept."

export const OWN_VITE_NOTE = (version: string) =>
  `The project does not install vite, so visual-edit runs its own Vite ${version}. Install vite in the project (npm i -D vite) to run the version the project is built for.`

/** A port the OS says is free on `host` (Vite 5 and 6 read port 0 as their default, 5173). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer()
    probe.once('error', reject)
    probe.listen(0, host, () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/**
 * Starts the project's own dev server, with the project's own Vite and its vite.config, in the
 * project's folder (tools such as Tailwind's PostCSS plugin look for files from the working
 * directory), with visual-edit added. A config that already lists `visualEdit()` keeps its own
 * instance and options; the one added here stands down. Wherever either is listed, the tagger's
 * transform is ordered first (see tag-plugin.ts). The server answers no other origin (CORS off) and
 * serves no file outside the project and the packages it uses.
 */
export async function edit(options: EditOptions): Promise<EditSession> {
  const root = path.resolve(options.root)
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new VisualEditError(
      'VISUAL_EDIT_PROJECT_NOT_FOUND',
      `Project folder ${root} does not exist. Pass the folder that holds the project's vite.config.`,
    )
  }
  // Read before Vite sets NODE_ENV=development where it is unset.
  const warnings = process.env.NODE_ENV === 'production' ? [PRODUCTION_NODE_ENV] : []
  const vite = await loadProjectVite(root)
  if (vite.from === 'visual-edit') warnings.push(OWN_VITE_NOTE(vite.version))

  const previousCwd = process.cwd()
  process.chdir(root)
  let server: ViteDevServer | undefined
  try {
    server = await vite.module.createServer({
      root,
      plugins: [visualEdit()],
      server: {
        port: options.port === 0 ? await freePort(options.host) : options.port,
        host: options.host,
        strictPort: true,
        open: options.open,
        cors: false,
        fs: { allow: await servedFolders(root) },
      },
    })
    await server.listen()
  } catch (error) {
    await server?.close()
    process.chdir(previousCwd)
    throw error
  }
  const running = server
  const urls = [...(running.resolvedUrls?.local ?? []), ...(running.resolvedUrls?.network ?? [])]
  return {
    root,
    server: running,
    urls,
    vite: { version: vite.version, from: vite.from },
    warnings,
    close: async () => {
      await running.close()
      process.chdir(previousCwd)
    },
  }
}
