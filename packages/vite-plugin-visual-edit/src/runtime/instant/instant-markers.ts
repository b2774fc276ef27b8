import { INSTANT_UPDATE_ATTRIBUTE } from '../../protocol/instant-update.ts'

/**
 * What an instant update did to the page, so it can be taken away again (instant-update.ts), and how
 * it tells that React rendered the change for real.
 *
 * React owns the nodes it rendered: one moved or removed by anyone else makes its next commit throw
 * in removeChild or insertBefore. So an instant update never detaches or re-parents them. It hides
 * them (inline `display: none !important`, restored after) and puts marked copies, which React does
 * not know, where the change puts things; it edits React's nodes only in place (a class, an
 * attribute, a text node's data), which React overwrites when it renders the change.
 */

/**
 * Something that shows React rendered the change at `el`: a key of the mutation records about it
 * (`#children`: its children changed, `#text`: a text node of it changed, `@name`: that attribute was
 * set, `*`: anything about it or inside it, its removal included), or `.class`: the class is gone from
 * it (React wrote its className anew); or `#children` of `parent`. An element no longer in the page
 * has always been rendered again.
 */
export interface Wait {
  el: Element
  keys: readonly string[]
  parent?: Node | null
  met?: boolean
}

/**
 * A hidden original: React removed it, rendered something in it or another element into it (a list
 * reuses its nodes by index, and a codebase id is the element's place, so the id can stay), or
 * changed its parent's children.
 */
export const GONE = ['*']
export const CHILDREN = ['#children']
export const TEXT = ['#text', '#children']

/**
 * One applied change. `temps` take away what only the instant update shows (copies, hidden
 * originals, generated classes and their <style>, markers): run when React rendered the change
 * (cleanup) and when the change is reverted. `edits` restore React's own nodes edited in place (text,
 * classes, attributes): run only when reverted, since after the render they hold React's values.
 */
export class InstantRecord {
  /** Its cleanup waits for the page to render it: set when a flush began after it was applied. */
  queued = false
  readonly temps: (() => void)[] = []
  readonly edits: (() => void)[] = []
  readonly waits: Wait[] = []
  /** The <style>s of its rules, and the elements whose computed style must match without them. */
  readonly styles: HTMLStyleElement[] = []
  readonly styled: Element[] = []
  /** The copies and wrappers it put in the page (their codebase ids follow updateCodebaseIds). */
  readonly created: Element[] = []

  constructor(
    readonly id: string,
    /** Shown only (temporaryOnly, isInstantChangeOnly): never queued, stays until reverted. */
    readonly temporary: boolean,
  ) {}

  wait(el: Element, keys: readonly string[], parent?: Node | null): void {
    this.waits.push({ el, keys, parent })
  }

  cleanup(): void {
    for (const temp of this.temps.splice(0).reverse()) temp()
  }

  revert(): void {
    for (const edit of this.edits.splice(0).reverse()) edit()
    this.cleanup()
  }
}

const idsOf = (el: Element) => (el.getAttribute(INSTANT_UPDATE_ATTRIBUTE) ?? '').split(' ').filter(Boolean)

/** Adds the change's id to the element's marker (`data-tempo-instant="<id> <id>"`) until cleanup. */
export function mark(record: InstantRecord, el: Element): void {
  const ids = idsOf(el)
  if (ids.includes(record.id)) return
  el.setAttribute(INSTANT_UPDATE_ATTRIBUTE, [...ids, record.id].join(' '))
  record.temps.push(() => {
    const rest = idsOf(el).filter((id) => id !== record.id)
    if (rest.length > 0) el.setAttribute(INSTANT_UPDATE_ATTRIBUTE, rest.join(' '))
    else el.removeAttribute(INSTANT_UPDATE_ATTRIBUTE)
  })
}

/**
 * How a hidden element showed before: its inline display, its style attribute as it was and as hiding
 * made it (restored as it was when nobody changed it since), and by how many changes it is hidden.
 */
interface Shown {
  display: string
  priority: string
  before: string | null
  after: string | null
  count: number
}
const hiddenElements = new WeakMap<Element, Shown>()

const styleOf = (el: Element) => (el as HTMLElement).style as CSSStyleDeclaration | undefined

function showAs(el: Element, shown: Shown): void {
  const style = styleOf(el)
  if (!style) return
  if (el.getAttribute('style') === shown.after) {
    if (shown.before === null) el.removeAttribute('style')
    else el.setAttribute('style', shown.before)
  } else if (shown.display) style.setProperty('display', shown.display, shown.priority)
  else style.removeProperty('display')
}

/**
 * Hides the element (inline `display: none !important`) until cleanup, then gives it back the inline
 * display it had. Two changes that hide one element show it again when both are gone.
 *
 *   before:  <p class="note">     after:  <p class="note" style="display: none !important;" data-tempo-instant="<id>">
 */
export function hide(record: InstantRecord, el: Element): void {
  const style = styleOf(el)
  if (!style) return
  const hidden = hiddenElements.get(el)
  if (hidden) hidden.count++
  else {
    const shown: Shown = {
      display: style.getPropertyValue('display'),
      priority: style.getPropertyPriority('display'),
      before: el.getAttribute('style'),
      after: null,
      count: 1,
    }
    style.setProperty('display', 'none', 'important')
    shown.after = el.getAttribute('style')
    hiddenElements.set(el, shown)
  }
  mark(record, el)
  record.temps.push(() => {
    const shown = hiddenElements.get(el)
    if (!shown || --shown.count > 0) return
    hiddenElements.delete(el)
    // React may have rendered another element into this node (a list's nodes are reused by index).
    if (style.getPropertyValue('display') === 'none') showAs(el, shown)
  })
}

/**
 * A copy of the element that React does not own, shown even when the element is hidden, marked with
 * the change's id alone.
 */
export function copyOf(el: Element): Element {
  const copy = el.cloneNode(true) as Element
  const hidden = hiddenElements.get(el)
  if (hidden) showAs(copy, hidden)
  return copy
}

/** Marks a copy or wrapper the change put in the page; cleanup removes it. */
export function created<T extends Element>(record: InstantRecord, el: T): T {
  el.setAttribute(INSTANT_UPDATE_ATTRIBUTE, record.id)
  record.created.push(el)
  record.temps.push(() => el.remove())
  return el
}

/** Adds classes the element lacks; `temporary` ones go at cleanup, the others only when reverted. */
export function addClasses(
  record: InstantRecord,
  el: Element,
  classes: readonly string[],
  temporary: boolean,
): void {
  for (const name of classes) {
    if (el.classList.contains(name)) continue
    el.classList.add(name)
    ;(temporary ? record.temps : record.edits).push(() => el.classList.remove(name))
  }
}

/** Removes classes the element has; they come back when the change is reverted. */
export function removeClasses(record: InstantRecord, el: Element, classes: readonly string[]): void {
  for (const name of classes) {
    if (!el.classList.contains(name)) continue
    el.classList.remove(name)
    record.edits.push(() => el.classList.add(name))
  }
}

/** Whether an instant update hides the element (it stands for nothing the page shows). */
export const isHidden = (el: Element): boolean => hiddenElements.has(el)

/** Tags that load or run code, or restyle the page: never put in the page from an item's HTML. */
export const BLOCKED_TAGS =
  /^(script|iframe|frame|frameset|object|embed|applet|base|meta|link|portal|fencedframe|webview|style|template|noscript|animate|set)$/i
/** A URL that runs code, or data that is not an image, once spaces and control characters are dropped. */
export const isUnsafeUrl = (value: string): boolean =>
  /^(javascript|vbscript):|^data:(?!image\/)/i.test(value.replace(/[\s\p{Cc}]/gu, ''))

/**
 * HTML from a change item (ADD_JSX's htmlForInstantUpdate, a removed element's kept outerHTML) as
 * inert nodes: parsed in a <template> (nothing runs or loads there), without the tags above, event
 * handler attributes, `srcdoc`, or attribute values that are code URLs.
 *
 *   '<p onclick="x()">Hi<script>y()</script></p>'  ->  <p>Hi</p>
 */
export function sanitizedHtml(doc: Document, html: string): DocumentFragment {
  const template = doc.createElement('template')
  template.innerHTML = html
  for (const el of template.content.querySelectorAll('*')) {
    if (BLOCKED_TAGS.test(el.localName)) el.remove()
    else
      for (const { name, value } of [...el.attributes])
        if (/^on|^srcdoc$/i.test(name) || isUnsafeUrl(value)) el.removeAttribute(name)
  }
  return template.content
}

/** What a batch of mutation records did, by node: the keys a Wait looks for. */
export type Touched = Map<Node, Set<string>>

export function touchedBy(records: readonly MutationRecord[]): Touched {
  const touched: Touched = new Map()
  const touch = (node: Node | null, key: string) => {
    if (!node) return
    const keys = touched.get(node) ?? new Set()
    touched.set(node, keys.add(key))
  }
  for (const record of records) {
    if (record.type === 'attributes') touch(record.target, `@${record.attributeName}`)
    else if (record.type === 'characterData') touch(record.target.parentNode, '#text')
    else {
      touch(record.target, '#children')
      for (const node of record.removedNodes) touch(node, '#removed')
    }
  }
  return touched
}

/** Whether React rendered what `wait` waits for (see Wait). */
export function waitMet(wait: Wait, touched: Touched): boolean {
  const { el, parent } = wait
  if (!el.isConnected || (parent && touched.get(parent)?.has('#children'))) return true
  return wait.keys.some((key) =>
    key === '*'
      ? [...touched.keys()].some((node) => node !== parent && el.contains(node))
      : key.startsWith('.')
        ? !el.classList.contains(key.slice(1))
        : touched.get(el)?.has(key) === true,
  )
}
