import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import type { VisualEditContext } from '../context.ts'
import { isDevServer } from '../dev-server.ts'
import { HOT_APPLIED_EVENT, type HotAppliedPayload } from '../protocol/messages.ts'
import { agentEndpoints } from './agent/agent-endpoints.ts'
import { AgentRelay } from './agent/agent-relay.ts'
import { writeSessionFile } from './agent/session-file.ts'
import { History } from './edit/history.ts'
import type { MutationServices } from './edit/mutation.ts'
import { ParsedFiles } from './edit/parsed-files.ts'
import { servedGate } from './edit/served-gate.ts'
import { FileLocks, nodeFileSystem } from './edit/source-file.ts'
import { watchNotifier } from './edit/watch-notify.ts'
import { appGuard, editorHost, editorOriginHandler } from './editor-origin/editor-origin.ts'
import { openEditorServer, releaseEditorServer } from './editor-origin/editor-server.ts'
import { createMutateMiddleware } from './gate/middleware.ts'
import { projectIdentity } from './gate/project-identity.ts'

/**
 * Mounts the mutate API on the editor's origin (a port of its own beside the dev server's, see
 * editor-origin/), and guards the app's server: its pages may be framed only by the editor, and the
 * editor's paths are not served there (docs/SECURITY.md).
 */
export function mutatePlugin(context: VisualEditContext): Plugin {
  return {
    name: 'visual-edit:mutate',
    apply: isDevServer,
    async configureServer(server) {
      if (!context.active) return
      const { root, logger } = server.config
      const services: MutationServices = {
        root,
        index: context.index,
        fs: nodeFileSystem,
        locks: new FileLocks(),
        history: new History(context.options.historyLimit),
        parsed: new ParsedFiles(),
        publicDir: server.config.publicDir || null,
        // The files the Vite config loaded (its imports, bundled with it): never written by an edit.
        configDependencies: () => server.config.configFileDependencies,
        // No watcher (`server.watch: null`): nothing listens for file events, so none are sent.
        ...(server.config.server.watch === null ? {} : pageFollowing(server, context)),
      }
      context.services = services
      const gate = {
        token: context.token,
        allowedHosts: context.options.allowedHosts,
        allowedOrigins: context.options.allowedOrigins,
        allowRemote: context.options.allowRemote,
        protocol: server.config.server.https ? ('https' as const) : ('http' as const),
      }
      const httpServer = server.httpServer
      if (!httpServer) {
        logger.warn(
          '[visual-edit] The dev server runs in middleware mode, which has no address of its own: the editor and its API need one beside it, so none is served. Run the project with `npx visual-edit edit` instead.',
        )
        return
      }
      const editor = await openEditorServer(root, {
        host: editorHost(server.config.server.host, context.options.allowRemote),
        https: server.config.server.https,
      })
      const project = projectIdentity(root)
      const base = server.config.base.endsWith('/') ? server.config.base : `${server.config.base}/`
      const relay = new AgentRelay()
      const api = createMutateMiddleware(
        gate,
        services,
        logger,
        () => ({
          app: { port: (httpServer.address() as AddressInfo | null)?.port ?? 0, base },
          project,
        }),
        agentEndpoints(relay),
        (written, question) => {
          // The page sent it for the agent: the agent's answer. Else the page hears of it.
          if (question !== null) relay.wrote(question, written)
          else relay.tell({ kind: 'applied', entries: 1, files: written.files })
        },
      )
      editor.attach(server, editorOriginHandler({ gate, api, page: () => editor.page, logger }))
      context.editor = editor
      const forgetSession = announceSession(root, gate.protocol, editor.port, context.token, logger)
      httpServer.once('close', () => {
        forgetSession()
        releaseEditorServer(root, server).catch((error: unknown) =>
          logger.error(`[visual-edit] The editor's server did not close: ${String(error)}`),
        )
      })
      // First in the stack: Vite's own middlewares must not answer the editor's paths, nor any page
      // without the header that keeps other origins from framing it.
      server.middlewares.stack.unshift({
        route: '',
        handle: appGuard({ gate, editorPort: () => editor.port, logger }),
      })
    },
  }
}

/**
 * The services that keep the page following the files the mutate server writes: the watcher told of
 * every write, and a write held until the page has loaded the write before it.
 */
function pageFollowing(
  server: ViteDevServer,
  context: Pick<VisualEditContext, 'servedAt'>,
): Pick<MutationServices, 'written' | 'beforeWrite'> {
  const notify = watchNotifier(server.watcher, (file) => context.servedAt.get(file))
  const appliedAt = new Map<string, number>()
  server.ws.on(HOT_APPLIED_EVENT, (payload: HotAppliedPayload) => {
    const at = performance.now()
    for (const url of Array.isArray(payload?.paths) ? payload.paths : []) {
      if (typeof url !== 'string') continue
      const file = url.startsWith('/@fs/')
        ? url.slice(4)
        : path.join(server.config.root, url.split('?')[0] ?? '')
      appliedAt.set(path.resolve(file), at)
    }
  })
  let connectedAt = Number.NEGATIVE_INFINITY
  server.ws.on('connection', () => {
    connectedAt = performance.now()
  })
  const gate = servedGate(
    context.servedAt,
    appliedAt,
    () => server.ws.clients.size > 0,
    () => connectedAt,
  )
  return {
    written: (writes, changedAt) => {
      gate.written(writes, changedAt)
      notify(writes, changedAt)
    },
    beforeWrite: (paths) => gate.wait(paths),
  }
}

/**
 * Writes the session file `visual-edit mcp` finds this server by (server/agent/session-file.ts);
 * returns what removes it. A folder that is not private is reported and the file not written: agents
 * then work on the files alone.
 */
function announceSession(
  root: string,
  protocol: 'http' | 'https',
  port: number,
  token: string,
  logger: { warn(message: string): void },
): () => void {
  try {
    return writeSessionFile({ root, origin: `${protocol}://127.0.0.1:${port}`, token })
  } catch (error) {
    logger.warn(
      `[visual-edit] Coding agents cannot find this session: ${error instanceof Error ? error.message : String(error)}`,
    )
    return () => {}
  }
}
