import type { FilterPattern } from 'vite'

export interface VisualEditOptions {
  /**
   * Modules to tag, as picomatch globs (relative to the project root) or regular expressions matched
   * against absolute paths. Only `.jsx` and `.tsx` files under the root are ever tagged.
   * @default ['**\/*.jsx', '**\/*.tsx']
   */
  include?: FilterPattern
  /**
   * Modules never to tag, on top of `node_modules`, which is always excluded.
   * @default []
   */
  exclude?: FilterPattern
  /**
   * Secret every mutate request must carry in the `x-visual-edit-token` header.
   * @default process.env.VISUAL_EDIT_TOKEN, else 32 random bytes per process
   */
  token?: string
  /**
   * Host names, besides loopback ones (localhost, *.localhost, 127.0.0.1, ::1), that the mutate API
   * answers. Checked whatever Vite's own `server.allowedHosts` says, against DNS rebinding.
   * @default []
   */
  allowedHosts?: string[]
  /**
   * Origins, besides the dev server's own, whose pages may call the mutate API (for example an editor
   * served from another port).
   * @default []
   */
  allowedOrigins?: string[]
  /**
   * Accept mutate requests from peers that are not on this machine. Only with a strong token and on a
   * network you trust.
   * @default false
   */
  allowRemote?: boolean
  /**
   * Undo entries kept per canvas; the oldest is dropped beyond this.
   * @default 100
   */
  historyLimit?: number
}

export interface ResolvedVisualEditOptions {
  include: FilterPattern
  exclude: FilterPattern
  token: string | undefined
  allowedHosts: string[]
  allowedOrigins: string[]
  allowRemote: boolean
  historyLimit: number
}

export function resolveOptions(options: VisualEditOptions = {}): ResolvedVisualEditOptions {
  return {
    include: options.include ?? ['**/*.jsx', '**/*.tsx'],
    exclude: options.exclude ?? [],
    token: options.token,
    allowedHosts: (options.allowedHosts ?? []).map((host) => host.toLowerCase()),
    allowedOrigins: options.allowedOrigins ?? [],
    allowRemote: options.allowRemote ?? false,
    historyLimit: options.historyLimit ?? 100,
  }
}
