import type { ResolvedVisualEditOptions } from './options.ts'
import type { MutationServices } from './server/edit/mutation.ts'
import type { EditorServer } from './server/editor-origin/editor-server.ts'
import { resolveToken } from './server/gate/session-token.ts'
import { ElementIndex } from './transform/element-index.ts'

/** State the sub-plugins of one `visualEdit()` call share. */
export interface VisualEditContext {
  readonly options: ResolvedVisualEditOptions
  readonly index: ElementIndex
  /** The session token every mutate request must carry. */
  readonly token: string
  /** Vite's resolved root; set in `configResolved`. */
  root: string
  /** False when another visualEdit() instance listed earlier in the config does the work. */
  active: boolean
  /** The mutate server's services, once the dev server is configured. */
  services?: MutationServices
  /**
   * The editor's origin (its server, port and page), once the dev server is configured; none in
   * middleware mode. See docs/SECURITY.md.
   */
  editor?: EditorServer
  /**
   * When (performance.now()) the dev server last served each tagged file (absolute path; its
   * transform ran): the mutate server tells from it whether a write has reached the page's module.
   */
  readonly servedAt: Map<string, number>
}

export function createContext(options: ResolvedVisualEditOptions): VisualEditContext {
  return {
    options,
    index: new ElementIndex(),
    servedAt: new Map(),
    token: resolveToken(options.token),
    root: process.cwd(),
    active: true,
  }
}
