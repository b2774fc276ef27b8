import {
  type ElementKey,
  type ElementLookup,
  EMPTY_TREE_CODEBASE_ID,
  type NavTreeNode,
  SKIP_ROOT_CODEBASE_ID,
} from 'vite-plugin-visual-edit/protocol'
import type { EditorAction } from './actions.ts'

/**
 * The command palette's entries and their filter (docs/EDITOR.md, Command palette): pure, so that a
 * page of 5,000 elements is indexed once per tree and filtered per keystroke in well under a frame
 * (bench/palette.ts). Every entry keeps its text in lower case once; a query is split into words, and
 * an entry matches when each word is in its text. cmdk's own scoring of every item at each keystroke
 * is what this replaces (the palette gives cmdk `shouldFilter={false}`).
 */

/** An action of the editor, as the palette lists it. */
export interface ActionEntry {
  kind: 'action'
  id: string
  title: string
  shortcut: string | null
  action: EditorAction
  /** `title keywords group`, lower case. */
  text: string
  /** The title, lower case (what ranks a match first). */
  name: string
}

/** An element of the page (a node of the navigation tree). */
export interface ElementEntry {
  kind: 'element'
  /** Its index in the tree's nodes. */
  index: number
  key: ElementKey
  node: NavTreeNode
  /** Its component's name or its tag. */
  title: string
  /** The names of its nearest ancestors, top first (`Section › ul › Row`); empty at the top. */
  parents: string
  /** `src/App.tsx:12` when the lookups know it. */
  location: string | null
  /** The text it renders itself, cut: told apart from its siblings by it. */
  hint: string
  text: string
  name: string
}

/** An address of the app: one the user visited, or one its router declares. */
export interface RouteEntry {
  kind: 'route'
  /** The path as declared (`/listing/:id`) or visited (`/listing/L1001?tab=2`). */
  path: string
  /** The path's parameters (`id`); a route with some opens once they are filled in. */
  params: string[]
  /** Where it is declared (`src/App.tsx:40`), or null for a visited address. */
  location: string | null
  text: string
  name: string
}

/** Ancestors' names an element entry shows. */
const PARENTS_SHOWN = 3
/** Characters of an element's own text kept for its hint. */
const HINT_CHARS = 40

const isPlaceholderRoot = (node: NavTreeNode) =>
  node.parent === null &&
  (node.key.codebaseId === SKIP_ROOT_CODEBASE_ID || node.key.codebaseId === EMPTY_TREE_CODEBASE_ID)

/** The actions as entries, each with its shortcut as `shortcutOf` writes it. */
export function actionEntries(
  actions: readonly EditorAction[],
  shortcutOf: (action: EditorAction) => string | null,
): ActionEntry[] {
  return actions.map((action) => ({
    kind: 'action',
    id: action.id,
    title: action.title,
    shortcut: shortcutOf(action),
    action,
    text: `${action.title} ${action.keywords ?? ''} ${action.group}`.toLowerCase(),
    name: action.title.toLowerCase(),
  }))
}

/**
 * Every node of the tree but the page's placeholder root, in document order, each with its nearest
 * ancestors' names (for telling apart the many `div`s) and its file:line when the lookups know it.
 * The tree lists parents before their children, so each node's ancestors are known when it is reached.
 */
export function elementEntries(
  nodes: readonly NavTreeNode[],
  lookups: ReadonlyMap<string, Pick<ElementLookup, 'file' | 'line'>>,
): ElementEntry[] {
  const chains: (readonly string[])[] = new Array(nodes.length)
  const entries: ElementEntry[] = []
  nodes.forEach((node, index) => {
    const parent = node.parent === null ? undefined : nodes[node.parent]
    const above = node.parent === null ? [] : (chains[node.parent] ?? [])
    const chain = parent && !isPlaceholderRoot(parent) ? [...above, parent.name] : above
    chains[index] = chain.length > PARENTS_SHOWN ? chain.slice(-PARENTS_SHOWN) : chain
    if (isPlaceholderRoot(node)) return
    const lookup = lookups.get(node.key.codebaseId)
    const location = lookup ? `${lookup.file}:${lookup.line}` : null
    const hint = (node.literalChildren?.join(' ') ?? '').replace(/\s+/g, ' ').trim().slice(0, HINT_CHARS)
    const parents = (chains[index] as readonly string[]).join(' › ')
    entries.push({
      kind: 'element',
      index,
      key: node.key,
      node,
      title: node.name,
      parents,
      location,
      hint,
      text: `${node.name} ${hint} ${location ?? ''} ${parents}`.toLowerCase(),
      name: node.name.toLowerCase(),
    })
  })
  return entries
}

/** A route path's parameters: `/listing/:id/:tab?` -> `['id', 'tab']`; `*` is one too (`*`). */
export function routeParams(path: string): string[] {
  const params: string[] = []
  for (const segment of path.split('/')) {
    if (segment.startsWith(':')) params.push(segment.slice(1).replace(/\?$/, ''))
    else if (segment === '*') params.push('*')
  }
  return params
}

/**
 * The routes the palette lists: the addresses visited this session (newest first), then the routes
 * the project declares that were not visited as such.
 */
export function routeEntries(
  visited: readonly string[],
  declared: readonly { path: string; file: string; line: number }[],
): RouteEntry[] {
  const seen = new Set<string>()
  const entries: RouteEntry[] = []
  const add = (path: string, location: string | null) => {
    if (seen.has(path)) return
    seen.add(path)
    entries.push({
      kind: 'route',
      path,
      params: routeParams(path),
      location,
      text: path.toLowerCase(),
      name: path.toLowerCase(),
    })
  }
  for (const path of visited) add(path, null)
  for (const route of declared) add(route.path, `${route.file}:${route.line}`)
  return entries
}

/** What a query found in one list: the first `limit` matches, best first, and how many there were. */
export interface Matches<Entry> {
  shown: Entry[]
  total: number
}

/** Ranks of a match: the name is the query, starts with it, has it, or only the rest of the text does. */
const RANKS = 4

/**
 * The entries matching `query` (each of its words somewhere in the entry's text), best first: the
 * name equal to the query, then starting with it, then having it, then the rest; the list's own order
 * within each rank. An empty query matches everything, in order. Linear in the entries, no sort.
 */
export function filterEntries<Entry extends { text: string; name: string }>(
  entries: readonly Entry[],
  query: string,
  limit: number,
): Matches<Entry> {
  const wanted = query.trim().toLowerCase()
  if (wanted === '') return { shown: entries.slice(0, limit), total: entries.length }
  const words = wanted.split(/\s+/)
  const ranked: Entry[][] = Array.from({ length: RANKS }, () => [])
  let total = 0
  for (const entry of entries) {
    let all = true
    for (const word of words)
      if (!entry.text.includes(word)) {
        all = false
        break
      }
    if (!all) continue
    total++
    const rank =
      entry.name === wanted ? 0 : entry.name.startsWith(wanted) ? 1 : entry.name.includes(wanted) ? 2 : 3
    const bucket = ranked[rank] as Entry[]
    // Only the first `limit` of each rank can be shown.
    if (bucket.length < limit) bucket.push(entry)
  }
  return { shown: ranked.flat().slice(0, limit), total }
}

/**
 * Whether a typed address matches a declared route: `/listing/L1001` matches `/listing/:id`, and any
 * path matches a route ending in `*` below its prefix.
 */
export function matchesRoute(address: string, route: string): boolean {
  const path = address.split(/[?#]/)[0] ?? ''
  const have = path.split('/').filter(Boolean)
  const want = route.split('/').filter(Boolean)
  for (let at = 0; at < want.length; at++) {
    const segment = want[at] as string
    if (segment === '*') return true
    const value = have[at]
    if (segment.startsWith(':')) {
      if (value === undefined && !segment.endsWith('?')) return false
      continue
    }
    if (value !== segment) return false
  }
  return have.length <= want.length
}
