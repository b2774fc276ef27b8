import type { Plugin } from 'vite'
import type { VisualEditContext } from '../context.ts'
import { isDevServer } from '../dev-server.ts'
import { History } from './edit/history.ts'
import type { MutationServices } from './edit/mutation.ts'
import { ParsedFiles } from './edit/parsed-files.ts'
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
        ...(server.config.server.watch === null
          ? {}
          : { written: watchNotifier(server.watcher, (file) => context.served.get(file)) }),
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
