import { type ElementKey, elementKeysEqual, elementKeyToString } from '../../protocol/element-key.ts'
import { OutboundEvent, type SelectedElementPayload } from '../../protocol/messages.ts'
import type { PointerInput } from '../../protocol/port.ts'
import { type InspectorContext, OVERLAY_ATTRIBUTE } from '../core/context.ts'
import { FORWARD_THROTTLE_MS, throttle } from '../core/throttle.ts'
import type { NavTree } from '../tree/nav-tree.ts'

/** What the selection asks the text editing (text-edit.ts), which is made after it. */
export interface SelectionTextEditing {
  /** Whether the event happened inside the element whose text is being edited. */
  contains(event: Event): boolean
  /** A click on the element that was already selected alone: its text may be edited in place. */
  clickedSelected(key: ElementKey, point: PointerInput): void
}

/** What the selection needs from the navigation tree. */
export type SelectionTree = Pick<
  NavTree,
  'keyOf' | 'elementsOf' | 'parentOf' | 'parentKeyOf' | 'nodesWithCodebaseId'
>

export interface Selection {
  readonly hovered: ElementKey | null
  /** The selected element; with a multi-selection, its first element. */
  readonly selected: ElementKey | null
  /** Two or more sibling keys, or empty when the selection is single or none. */
  readonly multiSelected: readonly ElementKey[]
  readonly driveMode: boolean
  start(): void
  stop(): void
  setHovered(key: ElementKey | null): ElementKey | null
  setSelected(key: ElementKey | null): SelectedElementPayload
  setMultiSelected(keys: readonly ElementKey[]): ElementKey[]
  clearHover(): boolean
  setDriveMode(on: boolean): boolean
  restoreDriveMode(): boolean
  /** Wires in the text editing: a click on the selected element, and presses inside the edited text. */
  setTextEditing(editing: SelectionTextEditing): void
  /** Wires in the drag (loaded once an editor connects): a click it returns true for selects nothing. */
  setClickGuard(guard: () => boolean): void
  /** The key of the tagged element nearest the event's target (through open shadow roots), if any. */
  keyOfTarget(event: Event): ElementKey | null
  /** Editor-forwarded pointer input; returns the key of the tagged element under the point. */
  pointer(kind: 'over' | 'move' | 'up', input: PointerInput): ElementKey | null
  remapCodebaseIds(prevIdToNewIdMap: Readonly<Record<string, string>>): {
    selected: ElementKey | null
    multiSelected: ElementKey[]
    selectionRenamed: boolean
  }
}

const DOCUMENT_FRAGMENT_NODE = 11
const ELEMENT_NODE = 1
/** Input events that, in edit mode, stop at the window so the app never reacts to the editing clicks. */
const BLOCKED_IN_EDIT_MODE = [
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'click',
  'dblclick',
  'auxclick',
]
/** Inside the text being edited these keep their default (the caret, selecting text); clicks do not. */
const CARET_EVENTS: ReadonlySet<string> = new Set(['pointerdown', 'pointerup', 'mousedown', 'mouseup'])

/** Whether `target` is the overlay host, or inside its shadow root (where composedPath shows that). */
function inOverlay(target: EventTarget | null): boolean {
  const node = target as Node | null
  const root = node?.getRootNode?.()
  const host = root && 'host' in root ? (root as ShadowRoot).host : node
  return (host as Element | null)?.hasAttribute?.(OVERLAY_ATTRIBUTE) === true
}

/** Where an event really happened: inside an open shadow root, not at its host. */
export function eventTarget(event: Event): EventTarget | null {
  return event.composedPath?.()[0] ?? event.target
}

/**
 * Hover, selection, multi-selection and drive mode (docs/INSPECTOR.md, Hover, selection and drive mode), from the page's own pointer and
 * from the editor (functions and synthetic pointer input). Changes made by the pointer are sent to the
 * editor; changes the editor asks for are not echoed back (their reply carries the result).
 *
 * Other modules learn about changes through context events: 'hover', 'selection' and 'drive'.
 */
export function createSelection(context: InspectorContext, tree: SelectionTree): Selection {
  const { win } = context
  let hovered: ElementKey | null = null
  let selected: ElementKey | null = null
  let multiSelected: ElementKey[] = []
  let driveMode = false
  /** What the editor last learnt about hover: only a change is sent. */
  let hoverKnown: ElementKey | null = null
  /** Keys renamed by remapCodebaseIds whose elements the tree has not shown yet. */
  let remapPending = false
  /** `context.codeUpdates` when the selection was last set: the code its keys were read from. */
  let selectedAt = context.codeUpdates
  /**
   * The ids a save renamed while the page still shows the code before it (its answer came before its
   * hot update), and `context.codeUpdates` then: until the next update of code, a key read from the
   * page names an element by its old id, and is reported by its new one.
   */
  let staleIds: Readonly<Record<string, string>> | null = null
  let staleAt = -1
  const current = (key: ElementKey): ElementKey => {
    if (!staleIds || staleAt !== context.codeUpdates) return key
    const renamed = Object.hasOwn(staleIds, key.codebaseId) ? staleIds[key.codebaseId] : undefined
    return renamed ? { ...key, codebaseId: renamed } : key
  }
  let controller: AbortController | null = null
  let unsubscribe = () => {}
  let textEditing: SelectionTextEditing | null = null
  let clickGuard: () => boolean = () => false

  const sendHover = throttle(win, FORWARD_THROTTLE_MS, () => {
    if (elementKeysEqual(hoverKnown, hovered)) return
    hoverKnown = hovered
    context.send(OutboundEvent.HOVERED_ELEMENT_KEY, hovered)
  })

  const members = (): ElementKey[] => (multiSelected.length > 0 ? multiSelected : selected ? [selected] : [])

  const selectionChanged = () => {
    context.selectionToken = members().map(elementKeyToString).join('|')
    context.emit('selection')
  }

  /**
   * The nearest node at or above `start` (keyOf walks the light DOM up; an app's open shadow root is
   * left through its host) and the element to report for it.
   */
  const taggedFrom = (start: EventTarget | null): { element: Element; key: ElementKey } | null => {
    let node = start as Node | null
    if (node && node.nodeType !== ELEMENT_NODE) node = node.parentElement ?? null
    while (node) {
      const found = tree.keyOf(node as Element)
      if (found) return { element: tree.elementsOf(found)[0] ?? (node as Element), key: current(found) }
      const root = node.getRootNode()
      node = root.nodeType === DOCUMENT_FRAGMENT_NODE ? ((root as ShadowRoot).host ?? null) : null
    }
    return null
  }
  const taggedAt = (input: PointerInput) =>
    taggedFrom(context.doc.elementFromPoint(input.clientX, input.clientY))

  const hoverTo = (next: ElementKey | null, notify: boolean) => {
    if (driveMode && next) return
    if (elementKeysEqual(hovered, next)) return
    hovered = next
    if (notify) sendHover()
    else hoverKnown = next
    context.emit('hover')
  }

  const outerHTMLOf = (selectedKey: ElementKey | null, element?: Element) => {
    if (!selectedKey) return null
    return (element ?? tree.elementsOf(selectedKey)[0])?.outerHTML ?? null
  }

  /** Makes `next` the single selection; returns whether anything changed. */
  const selectOne = (next: ElementKey | null): boolean => {
    const wasMulti = multiSelected.length > 0
    if (!wasMulti && elementKeysEqual(selected, next)) return false
    selected = next
    multiSelected = []
    remapPending = false
    selectedAt = context.codeUpdates
    selectionChanged()
    return true
  }

  const sendSelected = (element?: Element) => {
    const payload: SelectedElementPayload = {
      elementKey: selected,
      outerHTML: outerHTMLOf(selected, element),
    }
    context.send(OutboundEvent.SELECTED_ELEMENT_KEY, payload)
  }

  const setMembers = (keys: readonly ElementKey[]) => {
    const unique: ElementKey[] = []
    for (const candidate of keys) {
      if (!unique.some((known) => elementKeysEqual(known, candidate))) unique.push(candidate)
    }
    selected = unique[0] ?? null
    multiSelected = unique.length > 1 ? unique : []
    remapPending = false
    selectedAt = context.codeUpdates
    selectionChanged()
  }

  const parentKey = (of: ElementKey): ElementKey | null => tree.parentKeyOf(of)

  /** Shift-click: toggles `hit` in the selection if it is a sibling of what is selected; else nothing. */
  const toggle = (hit: { element: Element; key: ElementKey }) => {
    const current = members()
    if (current.length === 0) {
      if (selectOne(hit.key)) sendSelected(hit.element)
      return
    }
    const index = current.findIndex((member) => elementKeysEqual(member, hit.key))
    let next: ElementKey[]
    if (index >= 0) {
      next = current.filter((_, i) => i !== index)
    } else {
      const parent = parentKey(hit.key)
      if (!parent || !elementKeysEqual(parent, parentKey(current[0] as ElementKey))) return
      next = [...current, hit.key]
    }
    const wasMulti = multiSelected.length > 0
    setMembers(next)
    if (multiSelected.length > 0) {
      context.send(OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS, multiSelected)
      return
    }
    if (wasMulti) context.send(OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS, [])
    sendSelected()
  }

  /** A click (or the editor's synthetic pointer up) at `hit`. */
  const choose = (
    hit: { element: Element; key: ElementKey } | null,
    shiftKey: boolean,
    point: PointerInput,
  ) => {
    if (driveMode) return
    if (shiftKey && hit) {
      toggle(hit)
      return
    }
    if (hit && multiSelected.length === 0 && elementKeysEqual(selected, hit.key)) {
      textEditing?.clickedSelected(hit.key, point)
      return
    }
    const wasMulti = multiSelected.length > 0
    if (!selectOne(hit?.key ?? null)) return
    if (wasMulti) context.send(OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS, [])
    sendSelected(hit?.element)
  }

  const storage = (): Storage | null => {
    try {
      return win.sessionStorage
    } catch {
      // Storage is off (a sandboxed frame without allow-same-origin): drive mode lasts for the page only.
      return null
    }
  }

  const applyDriveMode = (on: boolean) => {
    if (driveMode === on) return on
    driveMode = on
    if (on) hoverTo(null, true)
    context.emit('drive')
    return on
  }

  const restoreDriveMode = () => {
    let stored: string | null = null
    try {
      stored = storage()?.getItem(context.storageKey('driveMode')) ?? null
    } catch {
      stored = null
    }
    return applyDriveMode(stored === 'true')
  }

  /** After a structural edit, the tree shows the renamed elements: follow them if their path moved. */
  const followRemap = () => {
    if (!remapPending) return
    let unresolved = false
    let changed = false
    const follow = (held: ElementKey): ElementKey => {
      if (tree.elementsOf(held).length > 0) return held
      const node = tree
        .nodesWithCodebaseId(held.codebaseId)
        .find((candidate) => candidate.key.storyboardId === held.storyboardId)
      if (!node) {
        unresolved = true
        return held
      }
      changed = true
      return node.key
    }
    const wasMulti = multiSelected.length > 0
    const next = members().map(follow)
    remapPending = unresolved
    if (!changed) return
    setMembers(next)
    remapPending = unresolved
    if (wasMulti) context.send(OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS, multiSelected)
    else sendSelected()
  }

  const listen = (signal: AbortSignal) => {
    const capture = { capture: true, signal }
    const passive = { capture: true, passive: true, signal }

    win.addEventListener(
      'pointerover',
      (event) => {
        if (!driveMode) hoverTo(taggedFrom(eventTarget(event))?.key ?? null, true)
      },
      passive,
    )
    win.addEventListener(
      'pointerout',
      (event) => {
        if ((event as PointerEvent).relatedTarget === null) hoverTo(null, true)
      },
      passive,
    )
    for (const type of BLOCKED_IN_EDIT_MODE) {
      win.addEventListener(
        type,
        (event) => {
          if (driveMode) return
          const target = eventTarget(event)
          // The overlay's own control (the edit-dynamic-text button) handles its events itself.
          if (inOverlay(target)) return
          const inEditedText = textEditing?.contains(event) === true
          if (!inEditedText || !CARET_EVENTS.has(type)) event.preventDefault()
          event.stopPropagation()
          if (type === 'click' && !inEditedText && !clickGuard())
            choose(taggedFrom(target), (event as MouseEvent).shiftKey, event as MouseEvent)
        },
        capture,
      )
    }
  }

  return {
    get hovered() {
      return hovered
    },
    get selected() {
      return selected
    },
    get multiSelected() {
      return multiSelected
    },
    get driveMode() {
      return driveMode
    },

    start() {
      if (controller) return
      const own = context.moduleController()
      controller = own
      listen(own.signal)
      unsubscribe = context.on((type) => {
        if (type === 'tree') followRemap()
      })
      restoreDriveMode()
    },

    stop() {
      controller?.abort()
      controller = null
      unsubscribe()
      sendHover.cancel()
    },

    setHovered(next) {
      hoverTo(next ?? null, false)
      return hovered
    },

    setSelected(next) {
      selectOne(next ?? null)
      return { elementKey: selected, outerHTML: outerHTMLOf(selected) }
    },

    setMultiSelected(keys) {
      setMembers(keys ?? [])
      return members()
    },

    clearHover() {
      hoverTo(null, false)
      return true
    },

    setDriveMode(on) {
      const value = Boolean(on)
      try {
        storage()?.setItem(context.storageKey('driveMode'), String(value))
      } catch {
        // Quota or privacy mode: drive mode still applies to this page.
      }
      return applyDriveMode(value)
    },

    restoreDriveMode,

    setTextEditing(editing) {
      textEditing = editing
    },

    setClickGuard(guard) {
      clickGuard = guard
    },

    keyOfTarget(event) {
      return taggedFrom(eventTarget(event))?.key ?? null
    },

    pointer(kind, input) {
      if (driveMode) return null
      const hit = taggedAt(input)
      if (kind === 'up') choose(hit, Boolean(input.shiftKey), input)
      else hoverTo(hit?.key ?? null, true)
      return hit?.key ?? null
    },

    remapCodebaseIds(prevIdToNewIdMap) {
      const map = prevIdToNewIdMap ?? {}
      const rename = (held: ElementKey): ElementKey => {
        const id = Object.hasOwn(map, held.codebaseId) ? map[held.codebaseId] : undefined
        return id ? { ...held, codebaseId: id } : held
      }
      if (hovered) {
        hovered = rename(hovered)
        hoverKnown = hovered
      }
      const before = context.selectionToken
      // The page still shows the code before the save: what it reads from it is renamed as it goes.
      if (context.codeUpdates === context.flushBeganAt) {
        const earlier = staleIds && staleAt === context.codeUpdates ? staleIds : {}
        const next: Record<string, string> = { ...map }
        for (const [from, to] of Object.entries(earlier)) next[from] = map[to] ?? to
        staleIds = next
        staleAt = context.codeUpdates
      }
      // Chosen in the code a hot update brought during the save: its keys are the new ids already
      // (the save's answer can reach the page after its own hot update did).
      const selectionRenamed = selectedAt <= context.flushBeganAt
      if (selectionRenamed) {
        selected = selected && rename(selected)
        multiSelected = multiSelected.map(rename)
      }
      remapPending = members().length > 0
      context.selectionToken = members().map(elementKeyToString).join('|')
      if (context.selectionToken !== before) context.emit('selection')
      context.emit('hover')
      return { selected, multiSelected: members(), selectionRenamed }
    },
  }
}
