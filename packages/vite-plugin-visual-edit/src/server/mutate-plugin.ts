import path from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import type { VisualEditContext } from '../context.ts'
import { isDevServer } from '../dev-server.ts'
import { HOT_APPLIED_EVENT, type HotAppliedPayload } from '../protocol/messages.ts'
import { History } from './edit/history.ts'
import type { MutationServices } from './edit/mutation.ts'
import { ParsedFiles } from './edit/parsed-files.ts'
import { servedGate } from './edit/served-gate.ts'
import { FileLocks, nodeFileSystem } from './edit/source-file.ts'
import { watchNotifier } from './edit/watch-notify.ts'
import { createMutateMiddleware } from './gate/middleware.ts'

/** Mounts the mutate API on the dev server of the active visualEdit() instance. */
export function mutatePlugin(context: VisualEditContext): Plugin {
  return {
    name: 'visual-edit:mutate',
    apply: isDevServer,
    configureServer(server) {
      if (!context.active) return
      const services: MutationServices = {
        root: server.config.root,
        index: context.index,
        fs: nodeFileSystem,
        locks: new FileLocks(),
        history: new History(context.options.historyLimit),
        parsed: new ParsedFiles(),
        publicDir: server.config.publicDir || null,
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
      // First in the stack: Vite's own CORS and host-check middlewares must not answer (or add CORS
      // headers to) the mutate routes before the gate has run.
      server.middlewares.stack.unshift({
        route: '',
        handle: createMutateMiddleware(gate, services, server.config.logger),
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
  const gate = servedGate(context.servedAt, appliedAt, () => server.ws.clients.size > 0)
  return {
    written: (writes) => {
      gate.written(writes)
      notify(writes)
    },
    beforeWrite: (paths) => gate.wait(paths),
  }
}
