import type { DeclaredProp, ProjectComponent, PropValue } from 'vite-plugin-visual-edit/protocol'

/**
 * What the Insert panel offers (docs/EDITOR.md, Insert panel), pure: the HTML elements every page is
 * made of, the project's own components (the components endpoint), the filter, the placeholders a
 * component's required props get, and the HTML the page shows the new element with at once.
 */

/** One entry of the list. */
export type InsertItem =
  | {
      kind: 'native'
      /** Unique in the list: `native:div`. */
      id: string
      label: string
      tag: string
      /** Props written with the element (a link's `href`, a button's `type`). */
      props: Record<string, PropValue>
      /** What the page shows until its code is reloaded (ADD_JSX's htmlForInstantUpdate). */
      html: string
    }
  | { kind: 'component'; id: string; label: string; component: ProjectComponent }

/**
 * The HTML elements: the same empty element the server writes (`<div />`, `<a href="#" />`), so the
 * instant update is what the reload will show.
 */
export const NATIVE_ITEMS: readonly InsertItem[] = [
  { kind: 'native', id: 'native:div', label: 'Div', tag: 'div', props: {}, html: '<div></div>' },
  { kind: 'native', id: 'native:p', label: 'Text', tag: 'p', props: {}, html: '<p></p>' },
  { kind: 'native', id: 'native:h2', label: 'Heading', tag: 'h2', props: {}, html: '<h2></h2>' },
  {
    kind: 'native',
    id: 'native:button',
    label: 'Button',
    tag: 'button',
    props: { type: 'button' },
    html: '<button type="button"></button>',
  },
  { kind: 'native', id: 'native:img', label: 'Image', tag: 'img', props: { alt: '' }, html: '<img alt="">' },
  { kind: 'native', id: 'native:a', label: 'Link', tag: 'a', props: { href: '#' }, html: '<a href="#"></a>' },
]

/** The components as entries, each under its name and file (two files may export the same name). */
export function componentItems(components: readonly ProjectComponent[]): InsertItem[] {
  return components.map((component) => ({
    kind: 'component',
    id: `component:${component.file}#${component.name}`,
    label: component.name,
    component,
  }))
}

/** The text an entry is found by: its label, its tag, and a component's file. */
const searchTextOf = (item: InsertItem) =>
  (item.kind === 'native'
    ? `${item.label} ${item.tag}`
    : `${item.label} ${item.component.file}`
  ).toLowerCase()

/**
 * The entries matching `query`: each of its words in the entry's text; the ones whose label starts
 * with the query first, the rest in their order (HTML elements, then components by name).
 */
export function filterItems(items: readonly InsertItem[], query: string): InsertItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...items]
  const matching = items.filter((item) => {
    const text = searchTextOf(item)
    return words.every((word) => text.includes(word))
  })
  const first = words[0] as string
  const starts = matching.filter((item) => item.label.toLowerCase().startsWith(first))
  return [...starts, ...matching.filter((item) => !starts.includes(item))]
}

/** A required prop's placeholder by its type, for the user to edit next; undefined when it has none (a function, an object). */
function placeholderOf(prop: DeclaredProp): PropValue | undefined {
  switch (prop.kind) {
    case 'string':
      return prop.name
    case 'number':
      return 0
    case 'boolean':
      return false
    case 'union':
      return prop.members?.[0]
    default:
      return undefined
  }
}

/**
 * The props a component is inserted with: a typed placeholder for each required prop (`children`
 * aside: the server writes no children), so the new element type-checks and the user edits them next.
 *
 *   { label: string; count: number; tone: 'info' | 'warn'; pill?: boolean }
 *   -> { label: 'label', count: 0, tone: 'info' }
 */
export function placeholderProps(props: readonly DeclaredProp[] | null): Record<string, PropValue> {
  const out: Record<string, PropValue> = {}
  for (const prop of props ?? []) {
    if (prop.optional || prop.name === 'children' || prop.name === 'key') continue
    const value = placeholderOf(prop)
    if (value !== undefined) out[prop.name] = value
  }
  return out
}

/** Whether the inserted component has props the user should fill (the Props tab opens on it). */
export const hasRequiredProps = (item: InsertItem) =>
  item.kind === 'component' && Object.keys(placeholderProps(item.component.props)).length > 0

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[char]};`)

/**
 * What the page shows at once for an entry: the element itself, or for a component (whose HTML only
 * its code knows) a labelled box in the component colour, replaced by what it renders once the page
 * has its new code.
 */
export function instantHtmlOf(item: InsertItem): string {
  if (item.kind === 'native') return item.html
  return `<div style="box-sizing:border-box;min-height:24px;padding:4px 8px;border:1px dashed #6183e4;border-radius:4px;color:#6183e4;font:12px/16px system-ui,sans-serif">${escapeHtml(item.label)}</div>`
}
