import { appRoutes, type HeadlessEditor, VisualEditError } from 'vite-plugin-visual-edit'
import type { AppRoute } from 'vite-plugin-visual-edit/protocol'

/** Lines after a route's `path` in which its `element` is looked for (when no other route comes first). */
const ELEMENT_LINES = 8

/** How a route pattern (`/listing/:id`, `/admin/*`) matches a path, and how specific it is (static segments). */
function matcher(pattern: string): { test: (path: string) => boolean; weight: number } {
  const segments = pattern.split('/').filter(Boolean)
  const parts = segments.map((segment) =>
    segment === '*'
      ? '(?:/.*)?'
      : segment.startsWith(':')
        ? segment.endsWith('?')
          ? '(?:/[^/]+)?'
          : '/[^/]+'
        : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
  )
  const expression = new RegExp(`^${parts.join('') || ''}/?$`, 'i')
  return {
    test: (path) => expression.test(path === '/' ? '' : path.replace(/\/$/, '')),
    weight:
      segments.filter((segment) => segment !== '*' && !segment.startsWith(':')).length * 2 -
      (pattern.endsWith('*') ? 1 : 0),
  }
}

/**
 * What renders on `route` (`/listing/L1001`), read from the code: the route the app declares for it
 * (react-router's `<Route path>` and route objects, server/routes/), the components its `element`
 * names, and every JSX element written in those components. Layouts above it are not included.
 */
export async function routeElements(
  editor: HeadlessEditor,
  route: string,
): Promise<{ route: AppRoute; components: string[] }> {
  const path = route.split(/[?#]/)[0] ?? '/'
  const { routes } = await appRoutes(editor.root)
  const [best] = routes
    .map((candidate) => ({ candidate, match: matcher(candidate.path) }))
    .filter(({ match }) => match.test(path))
    .sort((a, b) => b.match.weight - a.match.weight)
  if (!best) {
    const known = routes.map((candidate) => candidate.path)
    throw new VisualEditError(
      'VISUAL_EDIT_INVALID_TOOL_INPUT',
      `No route the app's code declares matches ${path}. ${known.length > 0 ? `Its routes: ${known.join(', ')}.` : 'visual-edit found no react-router routes in it.'}`,
    )
  }
  const declared = best.candidate
  const next = routes
    .filter((candidate) => candidate.file === declared.file && candidate.line > declared.line)
    .reduce((first, candidate) => Math.min(first, candidate.line), declared.line + ELEMENT_LINES + 1)
  const file = editor.index
    .files()
    .find((known) => editor.index.elementsOf(known)[0]?.relativeFile === declared.file)
  const usages = (file ? editor.index.elementsOf(file) : []).filter(
    (element) => element.isComponent && element.line >= declared.line && element.line < next,
  )
  return { route: declared, components: [...new Set(usages.map((element) => element.tagName))] }
}
