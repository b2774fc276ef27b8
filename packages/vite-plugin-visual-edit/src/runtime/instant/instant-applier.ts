import type { ChangeType } from '../../protocol/change-types.ts'
import { assertCodebaseIdChars, CODEBASE_ID_ATTRIBUTE, ROOT_CODEBASE_IDS } from '../../protocol/ids.ts'
import {
  INSTANT_UPDATE_ATTRIBUTE,
  type InstantChangeItem,
  InstantUpdateMessage,
} from '../../protocol/instant-update.ts'
import { withModifiers } from '../../protocol/styling.ts'
import type { InspectorContext } from '../core/context.ts'
import type { NavTree } from '../tree/nav-tree.ts'
import type { InstantHistory } from './instant-history.ts'
import { addClasses, type InstantRecord, isHidden, mark } from './instant-markers.ts'
import { instantClassPrefix, sanitizeClassName } from './instant-styles.ts'

/**
 * What every applier (apply-<change type>.ts) is given: the page, the tree, the changes shown now and
 * the undo history, and the lookups they share. instant-apply.ts makes one per inspector and
 * dispatches each item to its type's applier.
 */

/** A change type's fields as its applier takes them (the inspector's additions included). */
export type Fields<T extends ChangeType> = Extract<InstantChangeItem, { type: T }>['changeFields']

/**
 * Shows a change of type `T` in the page, recording in `record` everything it did (so the change can
 * be cleaned up after the reload, or reverted); throws why it cannot, having changed nothing that
 * `record` does not take back.
 */
export type Applier<T extends ChangeType> = (
  fields: Fields<T>,
  record: InstantRecord,
  ctx: ApplierContext,
) => void

/** The part of the navigation tree the appliers read: elements of an id the DOM query misses. */
export type InstantTree = Pick<NavTree, 'nodesWithCodebaseId' | 'elementsOf'>

/** A generated class and the selector its rules use (the class, or the change's marker). */
export interface GeneratedClass {
  className: string
  selector: string
}

export interface ApplierContext {
  readonly win: Window
  readonly doc: Document
  /** The inspector's lookups (a codebase id's component flag). */
  readonly inspector: InspectorContext
  readonly tree: InstantTree
  /** The changes shown now, by id (an UNDO of one not written takes it back). */
  readonly records: Map<string, InstantRecord>
  /** What the undo of a written change needs. */
  readonly history: InstantHistory
  /** The page's elements with this codebase id, those an instant update hid left out. */
  find(id: string): Element[]
  /** As `find`, but none throws: the change has nothing to show on. */
  need(id: string): Element[]
  /** A generated class on the elements (and the change's marker); its rules' selector matches either. */
  generated(record: InstantRecord, els: readonly Element[], name: string): GeneratedClass
  /** A <style> of the record's with `css`; `els` must compute the same without it before it goes. */
  inject(record: InstantRecord, css: string, els: readonly Element[]): void
  /** Shows another item into `record` (REDO's change), through its own type's applier. */
  run(item: InstantChangeItem, record: InstantRecord): void
}

export function createApplierContext(
  inspector: InspectorContext,
  tree: InstantTree,
  records: Map<string, InstantRecord>,
  history: InstantHistory,
  run: ApplierContext['run'],
): ApplierContext {
  const { win, doc } = inspector
  const prefix = instantClassPrefix()
  let serial = 0

  const find = (id: string): Element[] => {
    assertCodebaseIdChars(String(id))
    if (id === 'body') return [doc.body]
    let found = [...doc.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}="${id}"]`)]
    if (found.length === 0 && ROOT_CODEBASE_IDS.includes(id))
      found = [doc.getElementById(id)].filter((el) => el !== null)
    if (found.length === 0) found = tree.nodesWithCodebaseId(id).flatMap((node) => tree.elementsOf(node.key))
    return found.filter((el) => !isHidden(el))
  }

  return {
    win,
    doc,
    inspector,
    tree,
    records,
    history,
    find,
    need(id) {
      const found = find(id)
      if (found.length === 0) throw new Error(`No element with codebase id ${id} is in the page`)
      return found
    },
    generated(record, els, name) {
      const className = sanitizeClassName(`${prefix}${++serial}-${name}`)
      for (const el of els) {
        addClasses(record, el, [className], true)
        mark(record, el)
      }
      return { className, selector: `:is(.${className},[${INSTANT_UPDATE_ATTRIBUTE}~="${record.id}"])` }
    },
    inject(record, css, els) {
      const style = doc.createElement('style')
      style.setAttribute(INSTANT_UPDATE_ATTRIBUTE, record.id)
      style.textContent = css
      doc.head.append(style)
      record.styles.push(style)
      record.styled.push(...els)
      record.temps.push(() => style.remove())
    },
    run,
  }
}

/** Logs the spec's console text and fails the update with it. */
export const fail = (message: string): never => {
  console.warn(message)
  throw new Error(message)
}

/** The element with `id` inside `parent` (else the spec's console text, and the update fails). */
const within = (parent: Element, id: string) => {
  assertCodebaseIdChars(String(id))
  const found = [...parent.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}="${id}"]`)].find((el) => !isHidden(el))
  return found ?? fail(InstantUpdateMessage.NO_SIBLING)
}

/** Puts `nodes` in `parent`, before or after the sibling named, else last; returns their parent. */
export const place = (parent: Element, nodes: Element[], before?: string, after?: string): Node => {
  const anchor = before ?? after
  if (!anchor) {
    parent.append(...nodes)
    return parent
  }
  const sibling = within(parent, anchor)
  if (before) sibling.before(...nodes)
  else sibling.after(...nodes)
  return sibling.parentNode ?? parent
}

/** Of several parents with one codebase id (a list), the one nearest `el`. */
export const nearest = (parents: Element[], el: Element): Element => {
  for (let ancestor = el.parentElement; ancestor && parents.length > 1; ancestor = ancestor.parentElement) {
    const found = parents.find((parent) => ancestor.contains(parent))
    if (found) return found
  }
  return parents[0] as Element
}

/** A change's class names (space-separated) as the page has them: under its modifiers (`md:hover:p-4`). */
export const classesOf = (className: string, modifiers?: readonly string[]): string[] =>
  className
    .trim()
    .split(/\s+/)
    .map((name) => withModifiers(name, modifiers))

export const idOf = (el: Element | null): string | undefined =>
  el?.getAttribute(CODEBASE_ID_ATTRIBUTE) ?? undefined

/** The codebase id of the nearest shown sibling after (`next`) or before the element. */
export const siblingId = (el: Element, next: boolean): string | undefined => {
  for (let at = next ? el.nextElementSibling : el.previousElementSibling; at; ) {
    if (idOf(at) && !isHidden(at)) return idOf(at)
    at = next ? at.nextElementSibling : at.previousElementSibling
  }
  return undefined
}
