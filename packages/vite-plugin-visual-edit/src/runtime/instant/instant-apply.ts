import type { ChangeType } from '../../protocol/change-types.ts'
import { ProtocolErrorMessage } from '../../protocol/errors.ts'
import {
  ADD_JSX_PLACEHOLDER_PREFIX,
  assertCodebaseIdChars,
  CODEBASE_ID_ATTRIBUTE,
  DUPLICATE_PLACEHOLDER_PREFIX,
  ROOT_CODEBASE_IDS,
  WRAP_IN_DIV_PLACEHOLDER_ID,
} from '../../protocol/ids.ts'
import {
  INSTANT_UPDATE_ATTRIBUTE,
  type InstantChangeItem,
  InstantUpdateMessage,
} from '../../protocol/instant-update.ts'
import { withModifiers } from '../../protocol/styling.ts'
import type { InspectorContext } from '../core/context.ts'
import type { NavTree } from '../tree/nav-tree.ts'
import {
  addClasses,
  BLOCKED_TAGS,
  CHILDREN,
  copyOf,
  created,
  GONE,
  hide,
  type InstantRecord,
  isHidden,
  isUnsafeUrl,
  mark,
  removeClasses,
  sanitizedHtml,
  TEXT,
} from './instant-markers.ts'
import {
  cssProperty,
  declarations,
  instantClassPrefix,
  retarget,
  ruleFor,
  sanitizeClassName,
} from './instant-styles.ts'

/**
 * How each change type is shown in the page (instant-update.ts applies, queues and cleans up): one
 * function per type, each recording what it did in the change's InstantRecord.
 */

/** Written changes whose undo the page can still show (what REMOVE_JSX hid, STYLING's values before). */
const HISTORY_LIMIT = 50
/** Kept outerHTML of one REMOVE_JSX, at most (longer: its undo shows after the reload only). */
const HISTORY_HTML_LIMIT = 512 * 1024
const INSTANT_UNDO: ReadonlySet<string> = new Set(['REMOVE_JSX', 'ADD_CLASS', 'STYLING', 'UPDATE_CLASSES'])
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml'

type Fields<T extends ChangeType> = Extract<InstantChangeItem, { type: T }>['changeFields']

/** Where a removed element was, by codebase ids, and its HTML: how its undo is shown after the write. */
interface RemovedElement {
  html: string
  parent: string
  before?: string
  after?: string
}

/** What an undo of a written change needs and the page no longer has. */
interface Kept {
  codebaseId?: string
  style?: Record<string, string>
  removed?: RemovedElement[]
}

export interface InstantAppliers {
  /** Shows the item's change, recording it in `record`; throws why it cannot. */
  run(item: InstantChangeItem, record: InstantRecord): void
  /** The copies made and the ids kept for undo follow the renamed elements. */
  remap(prevIdToNewIdMap: Readonly<Record<string, string>>): void
}

const renamed = (map: Readonly<Record<string, string>>, id: string) => {
  const next = map[id]
  return typeof next === 'string' ? next : id
}

/** `records`: the changes shown now, by id (an UNDO of one not written takes it back). */
export function createInstantAppliers(
  context: InspectorContext,
  tree: Pick<NavTree, 'nodesWithCodebaseId' | 'elementsOf'>,
  records: Map<string, InstantRecord>,
): InstantAppliers {
  const { win, doc } = context
  const kept = new Map<string, Kept>()
  const prefix = instantClassPrefix()
  let serial = 0

  /** The page's elements with this codebase id, those an instant update hid left out. */
  const find = (id: string): Element[] => {
    assertCodebaseIdChars(String(id))
    if (id === 'body') return [doc.body]
    let found = [...doc.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}="${id}"]`)]
    if (found.length === 0 && ROOT_CODEBASE_IDS.includes(id))
      found = [doc.getElementById(id)].filter((el) => el !== null)
    if (found.length === 0) found = tree.nodesWithCodebaseId(id).flatMap((node) => tree.elementsOf(node.key))
    return found.filter((el) => !isHidden(el))
  }
  const need = (id: string) => {
    const found = find(id)
    if (found.length === 0) throw new Error(`No element with codebase id ${id} is in the page`)
    return found
  }
  const fail = (message: string): never => {
    console.warn(message)
    throw new Error(message)
  }
  /** The element with `id` inside `parent` (else the spec's console text, and the update fails). */
  const within = (parent: Element, id: string) => {
    assertCodebaseIdChars(String(id))
    const found = [...parent.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}="${id}"]`)].find(
      (el) => !isHidden(el),
    )
    return found ?? fail(InstantUpdateMessage.NO_SIBLING)
  }
  /** Puts `nodes` in `parent`, before or after the sibling named, else last; returns their parent. */
  const place = (parent: Element, nodes: Element[], before?: string, after?: string): Node => {
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
  const nearest = (parents: Element[], el: Element) => {
    for (let ancestor = el.parentElement; ancestor && parents.length > 1; ancestor = ancestor.parentElement) {
      const found = parents.find((parent) => ancestor.contains(parent))
      if (found) return found
    }
    return parents[0] as Element
  }

  /** A generated class on the elements (and the change's marker); its rules' selector matches either. */
  const generated = (record: InstantRecord, els: readonly Element[], name: string) => {
    const className = sanitizeClassName(`${prefix}${++serial}-${name}`)
    for (const el of els) {
      addClasses(record, el, [className], true)
      mark(record, el)
    }
    return { className, selector: `:is(.${className},[${INSTANT_UPDATE_ATTRIBUTE}~="${record.id}"])` }
  }
  const inject = (record: InstantRecord, css: string, els: readonly Element[]) => {
    const style = doc.createElement('style')
    style.setAttribute(INSTANT_UPDATE_ATTRIBUTE, record.id)
    style.textContent = css
    doc.head.append(style)
    record.styles.push(style)
    record.styled.push(...els)
    record.temps.push(() => style.remove())
  }
  const remember = (id: string, entry: Kept) => {
    kept.delete(id)
    kept.set(id, entry)
    if (kept.size > HISTORY_LIMIT) kept.delete(kept.keys().next().value as string)
  }
  const classesOf = (className: string, modifiers?: readonly string[]) =>
    className
      .trim()
      .split(/\s+/)
      .map((name) => withModifiers(name, modifiers))

  /**
   * STYLING: the declarations (`!important`, so they show over the page's rules) under a generated
   * class, or under the CSS rule's own selector when the change edits one (customProperties.selector).
   *
   *   before:  <p class="note">
   *   after:   <p class="note tempo-instant-abc-1-style">  + <style>:is(.tempo-instant-abc-1-style,...){padding:2rem !important;}</style>
   */
  const styling = (fields: Fields<'STYLING'>, record: InstantRecord) => {
    const els = need(fields.codebaseId)
    const body = declarations(fields.stylingChanges)
    const modifiers = fields.modifiers ?? []
    if (modifiers.length === 0) {
      const computed = win.getComputedStyle(els[0] as Element)
      const style = Object.fromEntries(
        Object.keys(fields.stylingChanges).map((key) => [key, computed.getPropertyValue(cssProperty(key))]),
      )
      remember(record.id, { codebaseId: fields.codebaseId, style })
    }
    let selector = fields.customProperties?.selector
    try {
      if (selector) doc.querySelector(selector)
    } catch {
      selector = undefined
    }
    selector ??= generated(record, els, 'style').selector
    for (const el of els) mark(record, el)
    inject(record, ruleFor(selector, body, modifiers), els)
  }

  /**
   * ADD_CLASS: the class itself (so CSS the page has applies) and its cssEquivalent under a generated
   * class (so a class the page's stylesheet lacks shows too).
   */
  const addClass = (fields: Fields<'ADD_CLASS'>, record: InstantRecord) => {
    const els = need(fields.codebaseIdToAddClass)
    const classes = classesOf(fields.className, fields.modifiers)
    const { className, selector } = generated(record, els, classes.join('_'))
    for (const el of els) {
      addClasses(record, el, classes, false)
      if (!record.temporary) record.wait(el, [`.${className}`])
    }
    // Rules that name none of the classes (Tailwind's CSS of the class without its modifiers) would
    // apply to the page as they are: left out.
    const css = typeof fields.cssEquivalent === 'string' ? fields.cssEquivalent : ''
    const text = classes.reduce((text, name) => retarget(text, name, selector, fields.modifiers) ?? text, css)
    if (css.trim() && text !== css) inject(record, text, els)
  }

  /** UPDATE_CLASSES: oldClasses the new list drops are removed, newClasses added, involvedClasses' CSS shown. */
  const updateClasses = (fields: Fields<'UPDATE_CLASSES'>, record: InstantRecord) => {
    const els = need(fields.codebaseIdToUpdateClass)
    const { className, selector } = generated(record, els, 'classes')
    for (const el of els) {
      removeClasses(
        record,
        el,
        fields.oldClasses.filter((name) => !fields.newClasses.includes(name)),
      )
      addClasses(record, el, fields.newClasses, false)
      if (!record.temporary) record.wait(el, [`.${className}`])
    }
    const css = (fields.involvedClasses ?? [])
      .filter((involved) => fields.newClasses.includes(involved.tailwind) && typeof involved.css === 'string')
      .map((involved) =>
        retarget(involved.css, involved.tailwind, selector, involved.variant ? [involved.variant] : []),
      )
      .filter((text) => text !== null)
      .join('\n')
    if (css) inject(record, css, els)
  }

  /**
   * EDIT_TEXT: React's own text nodes get the new text in place (React sets them again when it
   * renders the change, to the same text); an element holding more than text, or none, is hidden
   * behind a copy with the new text.
   */
  const editText = (fields: Fields<'EDIT_TEXT'>, record: InstantRecord) => {
    for (const el of need(fields.codebaseIdToEditText)) {
      const nodes = [...el.childNodes]
      const texts = nodes.filter((node): node is Text => node.nodeType === 3)
      if (texts.length > 0 && nodes.every((node) => node.nodeType === 3 || node.nodeType === 8)) {
        const before = texts.map((text) => text.data)
        // Edited in place already (text-edit.ts): the old text goes back to the first node.
        const exact = before.join('') !== fields.newText
        texts.forEach((text, index) => {
          text.data = index === 0 ? fields.newText : ''
        })
        record.edits.push(() =>
          texts.forEach((text, index) => {
            text.data = exact ? (before[index] ?? '') : index === 0 ? fields.oldText : ''
          }),
        )
        mark(record, el)
        record.wait(el, TEXT)
      } else {
        const copy = created(record, copyOf(el))
        copy.textContent = fields.newText
        el.before(copy)
        hide(record, el)
        record.wait(el, GONE, el.parentNode)
      }
    }
  }

  /**
   * CHANGE_PROP: the attribute, on native elements (`className` as class, `htmlFor` as for, `true` as
   * present, `false` and null as absent). A component's prop is not shown: what the component does
   * with it is its code's business, so the update fails and the prop shows after the reload.
   */
  const changeProp = (fields: Fields<'CHANGE_PROP'>, record: InstantRecord) => {
    const id = fields.codebaseIdToChange
    const { propName, propValue } = fields
    if (context.lookups.get(id)?.isComponent || tree.nodesWithCodebaseId(id).some((node) => node.isComponent))
      throw new Error(`The prop ${propName} of a component shows after the reload`)
    const name = propName === 'className' ? 'class' : propName === 'htmlFor' ? 'for' : propName
    if (
      !/^[A-Za-z][\w:.-]*$/.test(name) ||
      /^(on|(dangerouslySetInnerHTML|ref|key|children|style|srcdoc)$)/i.test(name) ||
      (typeof propValue === 'string' && isUnsafeUrl(propValue))
    )
      throw new Error(`The prop ${propName} cannot be shown before the reload`)
    const plain = !/^(aria|data)-/.test(name)
    const value =
      propValue === null || (propValue === false && plain)
        ? null
        : propValue === true && plain
          ? ''
          : String(propValue)
    for (const el of need(id)) {
      const before = el.getAttribute(name)
      if (value === null) el.removeAttribute(name)
      else el.setAttribute(name, value)
      record.edits.push(() => (before === null ? el.removeAttribute(name) : el.setAttribute(name, before)))
      mark(record, el)
      record.wait(el, [`@${name}`, `@${name.toLowerCase()}`])
    }
  }

  const idOf = (el: Element | null) => el?.getAttribute(CODEBASE_ID_ATTRIBUTE) ?? undefined
  const siblingId = (el: Element, next: boolean): string | undefined => {
    for (let at = next ? el.nextElementSibling : el.previousElementSibling; at; ) {
      if (idOf(at) && !isHidden(at)) return idOf(at)
      at = next ? at.nextElementSibling : at.previousElementSibling
    }
    return undefined
  }

  /** REMOVE_JSX: each element hidden; its HTML and place kept, so an undo after the write can show it. */
  const removeJsx = (fields: Fields<'REMOVE_JSX'>, record: InstantRecord) => {
    const removed: RemovedElement[] = []
    let size = 0
    for (const id of new Set(fields.codebaseIdsToRemove))
      for (const el of need(id)) {
        const parent = el.parentElement
        const html = el.outerHTML
        size += html.length
        removed.push({
          html,
          parent:
            idOf(parent?.closest(`[${CODEBASE_ID_ATTRIBUTE}]`) ?? null) ??
            (ROOT_CODEBASE_IDS.includes(parent?.id ?? '') ? (parent?.id as string) : 'body'),
          before: siblingId(el, true),
          after: siblingId(el, false),
        })
        hide(record, el)
        record.wait(el, GONE, el.parentNode)
      }
    if (size <= HISTORY_HTML_LIMIT) remember(record.id, { removed })
  }

  /** ADD_JSX: htmlForInstantUpdate (sanitised), else a copy of addCodebaseId's element, else an empty native tag. */
  const addJsx = (fields: Fields<'ADD_JSX'>, record: InstantRecord) => {
    const parents = find(fields.codebaseIdToAddTo)
    if (parents.length === 0) fail(InstantUpdateMessage.NO_PARENT)
    for (const parent of parents) {
      let nodes: Element[]
      if (typeof fields.htmlForInstantUpdate === 'string')
        nodes = [...sanitizedHtml(doc, fields.htmlForInstantUpdate).children]
      else if (fields.addCodebaseId) nodes = [copyOf(need(fields.addCodebaseId)[0] as Element)]
      else {
        const tag = String(fields.addNativeTag)
        if (!/^[a-z][a-z0-9-]*$/.test(tag) || BLOCKED_TAGS.test(tag))
          throw new Error(`No HTML to show the new ${tag} with before the reload`)
        nodes = [doc.createElement(tag)]
      }
      for (const node of nodes) {
        created(record, node).setAttribute(CODEBASE_ID_ATTRIBUTE, `${ADD_JSX_PLACEHOLDER_PREFIX}${record.id}`)
      }
      record.wait(place(parent, nodes, fields.beforeCodebaseId, fields.afterCodebaseId) as Element, CHILDREN)
    }
  }

  /** MOVE_JSX: a copy where the element goes, the element hidden where it was. */
  const moveJsx = (fields: Fields<'MOVE_JSX'>, record: InstantRecord) => {
    const moving = need(fields.codebaseIdToMove)
    const parents = find(fields.codebaseIdToMoveTo)
    if (parents.length === 0) fail(InstantUpdateMessage.NO_PARENT)
    for (const el of moving) {
      const copy = created(record, copyOf(el))
      place(nearest(parents, el), [copy], fields.beforeCodebaseId, fields.afterCodebaseId)
      hide(record, el)
      record.wait(el, GONE, el.parentNode)
    }
  }

  /** WRAP_DIV: per parent, a div (WRAP_IN_DIV_PLACEHOLDER_ID) holding copies of the elements, which are hidden. */
  const wrapDiv = (fields: Fields<'WRAP_DIV'>, record: InstantRecord) => {
    const els = [...new Set(fields.codebaseIdsToWrap.flatMap(need))].sort((a, b) =>
      a.compareDocumentPosition(b) & 4 ? -1 : 1,
    )
    const wrappers = new Map<Node | null, Element>()
    for (const el of els) {
      let wrapper = wrappers.get(el.parentNode)
      if (!wrapper) {
        wrapper = created(record, doc.createElement('div'))
        wrapper.setAttribute(CODEBASE_ID_ATTRIBUTE, WRAP_IN_DIV_PLACEHOLDER_ID)
        el.before(wrapper)
        wrappers.set(el.parentNode, wrapper)
      }
      wrapper.append(copyOf(el))
      hide(record, el)
      record.wait(el, GONE, el.parentNode)
    }
  }

  /** DUPLICATE: a copy after each element, its codebase id DUPLICATE_PLACEHOLDER_PREFIX + the element's. */
  const duplicate = (fields: Fields<'DUPLICATE'>, record: InstantRecord) => {
    for (const id of new Set(fields.codebaseIdsToDuplicate))
      for (const el of need(id)) {
        const copy = created(record, copyOf(el))
        copy.setAttribute(CODEBASE_ID_ATTRIBUTE, `${DUPLICATE_PLACEHOLDER_PREFIX}${id}`)
        el.after(copy)
        record.wait(el.parentElement ?? el, CHILDREN)
      }
  }

  /** CHANGE_TAG: an element of the new tag with the element's attributes and a copy of its children, the element hidden. */
  const changeTag = (fields: Fields<'CHANGE_TAG'>, record: InstantRecord) => {
    const tag = fields.newTagName
    if (!/^[A-Za-z][\w-]*$/.test(tag) || BLOCKED_TAGS.test(tag) || /^[A-Z]/.test(tag))
      throw new Error(`The tag ${tag} shows after the reload`)
    for (const el of need(fields.codebaseIdToChange)) {
      const copy = copyOf(el)
      const replacement = created(
        record,
        el.namespaceURI === HTML_NAMESPACE
          ? doc.createElement(tag)
          : doc.createElementNS(el.namespaceURI, tag),
      )
      for (const { name, value } of copy.attributes) replacement.setAttribute(name, value)
      replacement.setAttribute(INSTANT_UPDATE_ATTRIBUTE, record.id)
      replacement.append(...copy.childNodes)
      el.before(replacement)
      hide(record, el)
      record.wait(el, GONE, el.parentNode)
    }
  }

  /**
   * UNDO: not yet written (matchingActivityFlushed false), the change's own temporary update is taken
   * back exactly, whatever its type. Written, the undo is shown for REMOVE_JSX (its kept HTML put
   * back), ADD_CLASS (the class removed), STYLING (the values from before, kept when it was shown in
   * this page) and UPDATE_CLASSES (the old classes); other types show after the reload.
   */
  const undo = (fields: Fields<'UNDO'>, record: InstantRecord) => {
    const target = fields.changeToUndo
    const own = records.get(target?.id)
    if (!fields.matchingActivityFlushed && own) {
      own.revert()
      records.delete(target.id)
      return
    }
    if (!INSTANT_UNDO.has(target?.type))
      throw new Error(`${target?.type} cannot be undone in the page before the reload`)
    const map = target.prevIdToNewIdMap ?? {}
    const entry = kept.get(target.id)
    switch (target.type) {
      case 'ADD_CLASS': {
        const changed = target.changeFields
        const els = need(renamed(map, changed.codebaseIdToAddClass))
        const { className } = generated(record, els, 'undo')
        for (const el of els) {
          removeClasses(record, el, classesOf(changed.className, changed.modifiers))
          record.wait(el, [`.${className}`])
        }
        return
      }
      case 'UPDATE_CLASSES': {
        const changed = target.changeFields
        updateClasses(
          {
            ...changed,
            codebaseIdToUpdateClass: renamed(map, changed.codebaseIdToUpdateClass),
            newClasses: changed.oldClasses,
            oldClasses: changed.newClasses,
            isInstantChangeOnly: false,
          },
          record,
        )
        return
      }
      case 'STYLING':
        if (!entry?.style || !entry.codebaseId) break
        styling(
          { codebaseId: entry.codebaseId, stylingChanges: entry.style, stylingFramework: 'Inline' },
          record,
        )
        return
      case 'REMOVE_JSX':
        if (!entry?.removed) break
        for (const removed of entry.removed) {
          const parent = find(removed.parent)[0] ?? fail(InstantUpdateMessage.NO_PARENT)
          const nodes = [...sanitizedHtml(doc, removed.html).children]
          for (const node of nodes) created(record, node)
          const at = (id?: string) => (id ? find(id).find((el) => parent.contains(el)) : undefined)
          const before = at(removed.before)
          const after = before ? undefined : at(removed.after)
          if (before) before.before(...nodes)
          else if (after) after.after(...nodes)
          else parent.append(...nodes)
          record.wait((before ?? after)?.parentElement ?? parent, CHILDREN)
        }
        return
    }
    throw new Error(
      `The page no longer has what ${target.type} ${target.id} changed: its undo shows after the reload`,
    )
  }

  const removeClass = (fields: Fields<'REMOVE_CLASS'>, record: InstantRecord) => {
    const els = need(fields.codebaseIdToRemoveClass)
    const { className } = generated(record, els, 'remove')
    for (const el of els) {
      removeClasses(record, el, classesOf(fields.className))
      record.wait(el, [`.${className}`])
    }
  }

  const appliers: { [T in ChangeType]: (fields: Fields<T>, record: InstantRecord) => void } = {
    STYLING: styling,
    ADD_JSX: addJsx,
    MOVE_JSX: moveJsx,
    REMOVE_JSX: removeJsx,
    CHANGE_PROP: changeProp,
    ADD_CLASS: addClass,
    REMOVE_CLASS: removeClass,
    UPDATE_CLASSES: updateClasses,
    EDIT_TEXT: editText,
    WRAP_DIV: wrapDiv,
    CHANGE_TAG: changeTag,
    DUPLICATE: duplicate,
    UNDO: undo,
    REDO: (fields, record) => run(fields.changeToRedo, record),
    UNKNOWN: () => {
      throw new Error(ProtocolErrorMessage.UNSUPPORTED_OPERATION)
    },
  }

  const run = (item: InstantChangeItem, record: InstantRecord) => {
    const applier = Object.hasOwn(appliers, item?.type) ? appliers[item.type] : undefined
    if (!applier) throw new Error(ProtocolErrorMessage.UNKNOWN_CHANGE_TYPE)
    if (typeof item.changeFields !== 'object' || item.changeFields === null)
      throw new Error(`${item.type} needs its changeFields`)
    ;(applier as (fields: unknown, record: InstantRecord) => void)(item.changeFields, record)
  }

  return {
    run,
    remap(map) {
      for (const record of records.values())
        for (const el of record.created)
          for (const node of [el, ...el.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}]`)]) {
            const id = node.getAttribute(CODEBASE_ID_ATTRIBUTE)
            if (id && renamed(map, id) !== id) node.setAttribute(CODEBASE_ID_ATTRIBUTE, renamed(map, id))
          }
      for (const entry of kept.values()) {
        if (entry.codebaseId) entry.codebaseId = renamed(map, entry.codebaseId)
        for (const removed of entry.removed ?? []) {
          removed.parent = renamed(map, removed.parent)
          if (removed.before) removed.before = renamed(map, removed.before)
          if (removed.after) removed.after = renamed(map, removed.after)
        }
      }
    },
  }
}
