import path from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import {
  findVisualEditContext,
  MIN_TOKEN_LENGTH,
  type VisualEditContext,
  VisualEditError,
  type VisualEditOptions,
  visualEdit,
} from 'vite-plugin-visual-edit'
import { EDITOR_PATH, TOKEN_FRAGMENT_KEY } from 'vite-plugin-visual-edit/protocol'
import { editorDist, editorPage } from '../editor-page.ts'
import { prepareFirstLoad } from '../first-load.ts'
import { availablePort, freePort, isLoopbackHost, remoteHostNames } from '../network.ts'
import { checkProject, checkProjectFolder } from '../project-checks.ts'
import { checkConfigLoads, loadProjectVite } from '../project-vite.ts'
import { servedFolders } from '../served-folders.ts'

export interface EditOptions {
  /** Project folder. */
  root: string
  /** 0: any free port. A busy port moves to the next free one (see EditSession.warnings). */
  port: number
  host: string
  /** Open the editor page in the browser once the server listens. */
  open: boolean
  /** Serve on a host other machines can reach (required for one that is not loopback). */
  allowRemote?: boolean
  /** The session token (at least 16 characters); default: VISUAL_EDIT_TOKEN, else random. */
  token?: string
  /** A built editor page to serve instead of @visual-edit/editor-ui's dist/. */
  editorDir?: string
}

export interface EditSession {
  root: string
  server: ViteDevServer
  /** The app's URLs (with the project's Vite `base`): loopback first, then network ones. */
  urls: string[]
  /**
   * The editor page on each of the same host names, on the editor's origin, with the session token in
   * the fragment (the only way the token reaches the editor: docs/SECURITY.md).
   */
  editorUrls: string[]
  /** The editor's origin on the first address (the API's too). */
  editorOrigin: string
  /** The session token (in editorUrls already). */
  token: string
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

export const PORT_IN_USE_NOTE = (asked: number, used: number) => `Port ${asked} is in use; using ${used}.`

export const REMOTE_WARNING = (host: string) =>
  `visual-edit listens on ${host}, which other machines can reach (--allow-remote): anyone who can reach that address and has the session token can write this project's files. Use it only on a network you trust, and stop the server when you are done.`

const PROJECT_OPTIONS_WARNING =
  "The project's vite.config lists visualEdit() itself, so its own options apply and --token and --allow-remote do not. Set them in that call instead: visualEdit({ token, allowRemote, allowedHosts })."

/** visualEdit()'s options for the command line's flags; creating the plugin checks them (the token's length). */
function pluginFor(options: EditOptions, remote: boolean): Plugin[] {
  const pluginOptions: VisualEditOptions = {}
  if (options.token !== undefined && options.token.length < MIN_TOKEN_LENGTH)
    throw new VisualEditError(
      'VISUAL_EDIT_INVALID_OPTIONS',
      `--token must be at least ${MIN_TOKEN_LENGTH} characters: anyone who guesses it can write the project's files. Pass a longer one, or leave --token out for a random token.`,
    )
  if (options.token !== undefined) pluginOptions.token = options.token
  if (remote) {
    pluginOptions.allowRemote = true
    pluginOptions.allowedHosts = remoteHostNames(options.host)
  }
  return visualEdit(pluginOptions)
}

/**
 * Starts the project's own dev server, with the project's own Vite and its vite.config, in the
 * project's folder (tools such as Tailwind's PostCSS plugin look for files from the working
 * directory), with visual-edit added and the editor page served under /__visual-edit/. A config that
 * already lists `visualEdit()` keeps its own instance and options; the one added here stands down.
 * Wherever either is listed, the tagger's transform is ordered first (see tag-plugin.ts). The server
 * answers no other origin (CORS off) and serves no file outside the project and the packages it uses.
 * It listens on loopback unless `allowRemote` says otherwise. It resolves once a browser's first load
 * of the app can be served at once, from settled optimized dependencies (first-load.ts): its URLs
 * are printed and opened only then.
 */
export async function edit(options: EditOptions): Promise<EditSession> {
  const root = path.resolve(options.root)
  checkProjectFolder(root)
  const remote = !isLoopbackHost(options.host)
  if (remote && !options.allowRemote) {
    throw new VisualEditError(
      'VISUAL_EDIT_HOST_NOT_LOOPBACK',
      `--host ${options.host} can be reached from other machines, and anyone there with the session token could write this project's files. Keep the default (127.0.0.1), or add --allow-remote on a network you trust.`,
    )
  }
  const visualEditPlugins = pluginFor(options, remote)
  // Read before Vite sets NODE_ENV=development where it is unset.
  const warnings = process.env.NODE_ENV === 'production' ? [PRODUCTION_NODE_ENV] : []
  if (remote) warnings.push(REMOTE_WARNING(options.host))
  const vite = await loadProjectVite(root)
  if (vite.from === 'visual-edit') warnings.push(OWN_VITE_NOTE(vite.version))

  const previousCwd = process.cwd()
  process.chdir(root)
  let server: ViteDevServer | undefined
  let context: VisualEditContext | undefined
  try {
    await checkConfigLoads(vite, root)
    const dist = editorDist(options.editorDir)
    const port =
      options.port === 0 ? await freePort(options.host) : await availablePort(options.port, options.host)
    if (options.port !== 0 && port !== options.port) warnings.push(PORT_IN_USE_NOTE(options.port, port))
    server = await vite.module.createServer({
      root,
      plugins: [visualEditPlugins],
      server: {
        port,
        host: options.host,
        strictPort: true,
        open: false,
        cors: false,
        fs: { allow: await servedFolders(root) },
        // Vite answers only the Host names it knows; a name given with --host is one (addresses always are).
        ...(remote && /[a-z]/i.test(options.host) && !options.host.includes(':')
          ? { allowedHosts: [options.host] }
          : {}),
      },
    })
    context = findVisualEditContext(server.config.plugins)
    if (!context?.editor) {
      throw new VisualEditError(
        'VISUAL_EDIT_NO_EDITOR_ORIGIN',
        "The project's dev server did not start visual-edit's editor origin (is its vite.config running Vite in middleware mode?). Run it with a plain dev server.",
      )
    }
    context.editor.page = editorPage(dist)
    await server.listen()
    await prepareFirstLoad(server)
  } catch (error) {
    await server?.close()
    process.chdir(previousCwd)
    throw error
  }
  const running = server
  const ours = (visualEditPlugins[0]?.api as { context?: unknown } | undefined)?.context
  if ((options.token !== undefined || remote) && context !== ours) warnings.push(PROJECT_OPTIONS_WARNING)
  const urls = [...(running.resolvedUrls?.local ?? []), ...(running.resolvedUrls?.network ?? [])]
  const editorPort = context.editor.port
  const editorUrls = urls.map((url) => editorUrl(url, editorPort, context.token))
  if (options.open && editorUrls[0]) openInBrowser(running, editorUrls[0])
  return {
    root,
    server: running,
    urls,
    editorUrls,
    editorOrigin: new URL(editorUrls[0] ?? `http://127.0.0.1:${editorPort}/`).origin,
    token: context.token,
    vite: { version: vite.version, from: vite.from },
    warnings,
    close: async () => {
      await running.close()
      process.chdir(previousCwd)
    },
  }
}

/**
 * The editor's URL for an app URL: the same host name on the editor's port, the editor's path, the
 * token in the fragment (never sent to a server; the editor drops it from the address bar), and an
 * app under a Vite base opened there.
 *
 *   ('http://127.0.0.1:5173/shop/', 5174, 't')  ->  'http://127.0.0.1:5174/__visual-edit/?app=%2Fshop%2F#token=t'
 */
function editorUrl(appUrl: string, editorPort: number, token: string): string {
  const app = new URL(appUrl)
  const editor = new URL(EDITOR_PATH, app.origin)
  editor.port = String(editorPort)
  if (app.pathname !== '/') editor.searchParams.set('app', app.pathname)
  editor.hash = new URLSearchParams({ [TOKEN_FRAGMENT_KEY]: token }).toString()
  return editor.href
}

/** Opens `url` the way Vite's own `--open` does (its BROWSER and BROWSER_ARGS settings included). */
function openInBrowser(server: ViteDevServer, url: string): void {
  ;(server.config.server as { open?: string | boolean }).open = url
  server.openBrowser()
}

export type EditCommandOptions = Omit<EditOptions, 'root'>

/**
 * `visual-edit edit [dir]`: checks the folder is a React project (checkProject), starts the server
 * and prints where the editor and the app are, editor first.
 */
export async function runEditCommand(dir: string, options: EditCommandOptions): Promise<EditSession> {
  await checkProject(path.resolve(dir))
  const session = await edit({ root: dir, ...options })
  const whose = session.vite.from === 'project' ? "the project's" : "visual-edit's own"
  console.log(`visual-edit is serving ${session.root} with Vite ${session.vite.version} (${whose})`)
  session.urls.forEach((url, index) => {
    console.log(`  editor  ${session.editorUrls[index]}`)
    console.log(`  app     ${url}`)
  })
  console.log('Press Ctrl+C to stop.')
  for (const warning of session.warnings) console.warn(warning)
  return session
}
