import type { Plugin } from 'vite'
import { createContext } from './context.ts'
import { resolveOptions, type VisualEditOptions } from './options.ts'
import { runtimePlugin } from './runtime-plugin.ts'
import { mutatePlugin } from './server/mutate-plugin.ts'
import { tagPlugin } from './transform/tag-plugin.ts'

export type { VisualEditContext } from './context.ts'
export {
  type PluginErrorCode,
  SourceParseError,
  VisualEditError,
  type VisualEditErrorCode,
} from './errors.ts'
export type { VisualEditOptions } from './options.ts'
export { readSessionFile } from './server/agent/session-file.ts'
export { designTokens } from './server/design-system/design-tokens.ts'
export {
  createHeadlessEditor,
  type FileChange,
  type HeadlessEditor,
  jsxFiles,
  writeFileChanges,
} from './server/edit/headless.ts'
export type { EditorPageHandler, EditorServer } from './server/editor-origin/editor-server.ts'
export { MIN_TOKEN_LENGTH } from './server/gate/session-token.ts'
export { appRoutes } from './server/routes/app-routes.ts'
export { ElementIndex, type IndexedElement } from './transform/element-index.ts'
export { type JsxElementInfo, type TagJsxOptions, type TagJsxResult, tagJsx } from './transform/tag-jsx.ts'
export { findVisualEditContext } from './transform/tag-plugin.ts'

/**
 * The visual-edit Vite plugin: in the dev server it tags JSX with stable codebase ids and serves the
 * mutate API that writes visual edits into the source. Add it before the React plugin:
 *
 *   export default defineConfig({ plugins: [visualEdit(), react()] })
 *
 * The first plugin's `api.context` exposes the element index to tools that run the dev server.
 */
export function visualEdit(options: VisualEditOptions = {}): Plugin[] {
  const context = createContext(resolveOptions(options))
  const tag = tagPlugin(context)
  tag.api = { context }
  return [tag, mutatePlugin(context), runtimePlugin(context)]
}

export default visualEdit
