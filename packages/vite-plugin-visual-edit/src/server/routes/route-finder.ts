import {
  type ArrayExpression,
  type Expression,
  type JSXElement,
  type Node,
  type ObjectExpression,
  type ObjectProperty,
  VISITOR_KEYS,
} from '@babel/types'
import type { AppRoute } from '../../protocol/app-routes.ts'
import { parseModule } from '../../transform/parse-module.ts'

/**
 * Keys only a route object has beside `path` (react-router's RouteObject, TanStack-like route arrays):
 * an object with a literal `path` and one of these is a route, so that `{ path: 'x' }` in a fetch
 * helper's options is not.
 */
const ROUTE_KEYS = new Set([
  'element',
  'Component',
  'component',
  'lazy',
  'loader',
  'action',
  'children',
  'index',
  'errorElement',
  'ErrorBoundary',
  'handle',
  'redirect',
])

/** Whether a file's text may declare routes (a cheap test before parsing it). */
export const MAY_DECLARE_ROUTES =
  /<Route\b|\bpath\s*:|createBrowserRouter|createHashRouter|createMemoryRouter/

/** `parent` + `child` as react-router joins them: an absolute child stands alone; `//` collapsed. */
export function joinRoutePath(parent: string, child: string): string {
  const joined = child.startsWith('/') ? child : `${parent}/${child}`
  const clean = `/${joined.split('/').filter(Boolean).join('/')}`
  return clean
}

const keyName = (property: ObjectProperty): string | null =>
  property.key.type === 'Identifier' && !property.computed
    ? property.key.name
    : property.key.type === 'StringLiteral'
      ? property.key.value
      : null

/** A string the code writes as it is: `'x'`, `"x"` or a template with no `${}`. */
function literalString(node: Node | null | undefined): string | null {
  if (!node) return null
  if (node.type === 'StringLiteral') return node.value
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0)
    return node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join('')
  if (node.type === 'JSXExpressionContainer') return literalString(node.expression as Expression)
  if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression')
    return literalString(node.expression)
  return null
}

/** The object's plain properties by name. */
function propertiesOf(object: ObjectExpression): Map<string, ObjectProperty> {
  const found = new Map<string, ObjectProperty>()
  for (const property of object.properties) {
    if (property.type !== 'ObjectProperty') continue
    const name = keyName(property)
    if (name !== null && !found.has(name)) found.set(name, property)
  }
  return found
}

const isRouteObject = (object: ObjectExpression): boolean => {
  const properties = propertiesOf(object)
  const hasPath = literalString(properties.get('path')?.value) !== null
  const routeKeys = [...properties.keys()].filter((name) => ROUTE_KEYS.has(name))
  // A pathless layout route (`{ element, children }`) holds routes too, and an index route is one.
  return (
    (hasPath && routeKeys.length > 0) ||
    (routeKeys.length > 1 && (routeKeys.includes('children') || routeKeys.includes('index')))
  )
}

const isRouteElement = (element: JSXElement): boolean => {
  const name = element.openingElement.name
  return (
    (name.type === 'JSXIdentifier' && name.name === 'Route') ||
    (name.type === 'JSXMemberExpression' && name.property.name === 'Route')
  )
}

/**
 * The routes `source` declares (see protocol/app-routes.ts): react-router's `<Route path>` elements and
 * route objects (`createBrowserRouter([...])`, `RouteObject[]` arrays, `path:` with `element` or
 * `children`), nested ones joined to their parents' paths, an index route as its parent's path. A path
 * the code computes (`path: category.id`) is left out, and so are its children (their whole path is
 * not in the code). Throws the parser's SourceParseError when the file does not parse.
 */
export function findRoutes(source: string, file: string): AppRoute[] {
  const ast = parseModule(source, file)
  const routes: AppRoute[] = []
  const handled = new Set<Node>()
  const add = (path: string, line: number) => {
    // An index route at the top has no parent path: it is the root. A bare catch-all is the app's
    // "not found" page, not a place to open.
    const whole = path === '' ? '/' : path
    if (whole !== '/*') routes.push({ path: whole, file, line })
  }

  const routeObject = (object: ObjectExpression, parent: string) => {
    handled.add(object)
    const properties = propertiesOf(object)
    const pathProperty = properties.get('path')
    const written = pathProperty ? literalString(pathProperty.value) : ''
    if (written === null) return
    const path = written === '' ? parent : joinRoutePath(parent, written)
    const line = (pathProperty ?? object).loc?.start.line ?? 0
    if (pathProperty || properties.get('index')?.value.type === 'BooleanLiteral') add(path, line)
    const children = properties.get('children')?.value
    if (children?.type === 'ArrayExpression') routeArray(children, path)
  }
  const routeArray = (array: ArrayExpression, parent: string) => {
    for (const item of array.elements)
      if (item?.type === 'ObjectExpression' && isRouteObject(item)) routeObject(item, parent)
  }
  const routeElement = (element: JSXElement, parent: string) => {
    handled.add(element)
    let written: string | null = ''
    let index = false
    let line = element.loc?.start.line ?? 0
    for (const attribute of element.openingElement.attributes) {
      if (attribute.type !== 'JSXAttribute' || attribute.name.type !== 'JSXIdentifier') continue
      if (attribute.name.name === 'path') {
        written = literalString(attribute.value)
        line = attribute.loc?.start.line ?? line
      }
      if (attribute.name.name === 'index') index = true
    }
    if (written === null) return
    const path = written === '' ? parent : joinRoutePath(parent, written)
    if (written !== '' || index) add(path, line)
    for (const child of element.children)
      if (child.type === 'JSXElement' && isRouteElement(child)) routeElement(child, path)
  }

  // Depth first in code order; a route tree is read whole from its root, its nodes not again.
  const stack: Node[] = [ast.program]
  while (stack.length > 0) {
    const node = stack.pop() as Node
    if (handled.has(node)) continue
    if (node.type === 'JSXElement' && isRouteElement(node)) {
      routeElement(node, '')
      continue
    }
    if (node.type === 'ObjectExpression' && isRouteObject(node)) {
      routeObject(node, '')
      continue
    }
    const children: Node[] = []
    for (const key of VISITOR_KEYS[node.type] ?? []) {
      const value = (node as unknown as Record<string, unknown>)[key]
      if (Array.isArray(value)) {
        for (const item of value)
          if (item && typeof item === 'object' && 'type' in item) children.push(item as Node)
      } else if (value && typeof value === 'object' && 'type' in value) children.push(value as Node)
    }
    for (let at = children.length - 1; at >= 0; at--) stack.push(children[at] as Node)
  }
  return routes
}
