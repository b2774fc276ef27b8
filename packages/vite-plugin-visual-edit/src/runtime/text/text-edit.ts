import { type ElementKey, elementKeysEqual } from '../../protocol/element-key.ts'
import {
  type EditDynamicTextPayload,
  type EditedTextPayload,
  OutboundEvent,
  type StartEditingTextPayload,
} from '../../protocol/messages.ts'
import type { PointerInput } from '../../protocol/port.ts'
import { EDIT_TEXT_BUTTON_PX, OUTLINE_COLORS, Z_INDEX } from '../core/constants.ts'
import type { InspectorContext, InspectorEvent } from '../core/context.ts'
import type { Outlines, OverlayLayer } from '../overlay/outlines.ts'
import { eventTarget, type Selection, type SelectionTextEditing } from '../selection/selection.ts'
import type { NavTree } from '../tree/nav-tree.ts'
import type { ForwardingKeys } from './input-forwarding.ts'

const ELEMENT_NODE = 1
const TEXT_NODE = 3
const COMMENT_NODE = 8

/** The edit-dynamic-text button's accessible name (and tooltip). */
export const EDIT_DYNAMIC_TEXT_LABEL = 'Edit Dynamic Text'

/** Elements a contenteditable 'true' makes for new lines (where 'plaintext-only' is missing). */
const LINE_BLOCKS: ReadonlySet<string> = new Set(['DIV', 'P'])

/** Events of typing into the edited text that stop at the window: the app's own shortcuts never see them. */
const TYPING_EVENTS = ['keyup', 'keypress', 'beforeinput', 'input', 'paste']

/** Events on the button that stop there: the app never sees a press on the overlay. */
const BUTTON_EVENTS = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'dblclick', 'auxclick']

// A pencil (Material's "edit"), in the button's text colour.
const PENCIL_SVG =
  '<svg viewBox="0 0 24 24" width="64%" height="64%" fill="currentColor" aria-hidden="true"><path d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z"/></svg>'

// Unlike the outlines it takes the pointer; the shadow root keeps the app's CSS off it.
const BUTTON_CSS =
  'position:absolute;box-sizing:border-box;display:flex;align-items:center;justify-content:center;' +
  'margin:0;padding:0;border:0;border-radius:4px;color:#fff;cursor:pointer;pointer-events:auto;' +
  `z-index:${Z_INDEX.BUTTON}`

export interface TextEditing extends SelectionTextEditing, ForwardingKeys {
  /** The key of the element whose text is being edited, or null. */
  readonly editing: ElementKey | null
  start(): void
  stop(): void
  /** The editor's startEditingText: edits the selection's static text, caret at the end; whether it does. */
  startEditingSelected(): boolean
}

/** What the text editing needs from the navigation tree. */
export type TextEditTree = Pick<NavTree, 'elementsOf'>

interface Session {
  element: HTMLElement
  key: ElementKey
  oldText: string
  /** The element's children when editing started (React's own nodes) and their texts: put back at the end. */
  nodes: ChildNode[]
  texts: (string | null)[]
  /** The contenteditable attribute it had (null: none). */
  attribute: string | null
  /** False where 'plaintext-only' is missing: 'true' then, and pastes are made plain by hand. */
  plaintext: boolean
  /** Removes the session's own listener (blur). */
  controller: AbortController
}

/** Whether `element` holds text and nothing else (comments aside): what editing in place can put back. */
function holdsOnlyText(element: Element): boolean {
  let text = false
  for (const node of element.childNodes) {
    if (node.nodeType === TEXT_NODE) text = true
    else if (node.nodeType !== COMMENT_NODE) return false
  }
  return text
}

/**
 * The edited element's text: its text nodes, `\n` for a line break (a `<br>`, or a new line's block where
 * contenteditable makes one). A break that ends the text is dropped: it shows no line, and browsers
 * keep one there (a `<br>`, or in Chromium's plaintext-only a second `\n`) for an empty last line.
 */
export function textOf(element: Element): string {
  let text = ''
  const walk = (parent: Node) => {
    for (let node = parent.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === TEXT_NODE) text += (node as Text).data
      else if (node.nodeName === 'BR') text += '\n'
      else if (node.nodeType === ELEMENT_NODE) {
        if (LINE_BLOCKS.has(node.nodeName) && text !== '' && !text.endsWith('\n')) text += '\n'
        walk(node)
      }
    }
  }
  walk(element)
  return text.endsWith('\n') ? text.slice(0, -1) : text
}

type CaretDocument = Document & {
  caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null
  caretRangeFromPoint?: (x: number, y: number) => Range | null
}

/**
 * Text editing in place (docs/INSPECTOR.md, Text editing). A click on the element already selected alone,
 * or the editor's startEditingText, makes its static text plain-text editable; Enter, blur or a selection
 * elsewhere commits (EDITED_TEXT with the new and old text), Escape puts the original text back and reports
 * it unchanged (EDITED_TEXT with the old text as the new: editing ended, nothing to write). Whether text
 * is static comes from the lookups (`text`); without one, an element that holds only text is. Text from
 * code ('dynamic') gets the edit-dynamic-text button beside the selection's top-right corner instead,
 * drawn in the outlines' shadow root. Drive mode has none of it.
 */
export function createTextEdit(
  context: InspectorContext,
  tree: TextEditTree,
  selection: Selection,
  outlines: Outlines,
): TextEditing {
  const { doc, win } = context
  let session: Session | null = null
  /** The code of the Enter or Escape that ended editing: its repeats and release are not forwarded either. */
  let released: string | null = null
  let button: HTMLButtonElement | null = null
  let buttonKey: ElementKey | null = null
  /** What the button's style was last given: a redraw that changed nothing writes nothing. */
  let buttonDrawn = ''
  let controller: AbortController | null = null
  let unsubscribe = () => {}
  let removeLayer = () => {}

  const contains = (event: Event): boolean => {
    const target = eventTarget(event) as Node | null
    return session !== null && target?.nodeType !== undefined && session.element.contains(target)
  }

  /** The element whose text a key's click or startEditingText edits, or null when it has no static text. */
  const editableOf = (key: ElementKey): HTMLElement | null => {
    const elements = tree.elementsOf(key)
    const element = elements[0]
    // One element of text only: a component rendering several, or text among elements, is not edited here.
    if (elements.length !== 1 || !element || !('contentEditable' in element) || !holdsOnlyText(element))
      return null
    const text = context.lookups.get(key.codebaseId)?.text ?? 'static'
    return text === 'static' ? (element as HTMLElement) : null
  }

  const placeCaret = (element: HTMLElement, point: PointerInput | null) => {
    const ranges = win.getSelection()
    if (!ranges) return
    const range = doc.createRange()
    const caret = doc as CaretDocument
    let at: { node: Node; offset: number } | null = null
    if (point) {
      const position = caret.caretPositionFromPoint?.(point.clientX, point.clientY)
      const found = position ? null : caret.caretRangeFromPoint?.(point.clientX, point.clientY)
      if (position) at = { node: position.offsetNode, offset: position.offset }
      else if (found) at = { node: found.startContainer, offset: found.startOffset }
    }
    // At the clicked point when it falls in the text, else at its end.
    if (at && element.contains(at.node)) {
      range.setStart(at.node, at.offset)
      range.collapse(true)
    } else {
      range.selectNodeContents(element)
      range.collapse(false)
    }
    ranges.removeAllRanges()
    ranges.addRange(range)
  }

  const begin = (element: HTMLElement, key: ElementKey, point: PointerInput | null): boolean => {
    const nodes = [...element.childNodes]
    const oldText = textOf(element)
    const attribute = element.getAttribute('contenteditable')
    try {
      element.contentEditable = 'plaintext-only'
    } catch {
      // A browser without it refuses the value (SyntaxError): 'true' below.
    }
    const plaintext = element.contentEditable === 'plaintext-only'
    if (!plaintext) element.contentEditable = 'true'
    const own = new AbortController()
    session = {
      element,
      key,
      oldText,
      nodes,
      texts: nodes.map((node) => (node.nodeType === TEXT_NODE ? (node as Text).data : null)),
      attribute,
      plaintext,
      controller: own,
    }
    released = null
    element.addEventListener('blur', () => end('commit'), { signal: own.signal })
    const payload: StartEditingTextPayload = { elementKey: key, oldText }
    context.send(OutboundEvent.START_EDITING_TEXT, payload)
    element.focus()
    placeCaret(element, point)
    outlines.render()
    return true
  }

  /**
   * Ends editing: 'commit' sends the edit, 'cancel' restores the text, 'drop' (the element is gone) leaves
   * it; the last two report the text unchanged.
   */
  const end = (how: 'commit' | 'cancel' | 'drop') => {
    const current = session
    if (!current) return
    // First, so that the blur which taking editability away causes finds nothing left to end.
    session = null
    current.controller.abort()
    const { element, nodes, texts } = current
    const newText = textOf(element)
    // React's own text nodes go back, so a later render finds the nodes it made; a commit leaves the new
    // text in the first of them, as the hot update will render it.
    const children = element.childNodes
    if (children.length !== nodes.length || nodes.some((node, i) => children[i] !== node))
      element.replaceChildren(...nodes)
    let first = true
    nodes.forEach((node, i) => {
      const saved = texts[i]
      if (saved === null || saved === undefined) return
      const text = how === 'commit' ? (first ? newText : '') : saved
      first = false
      if ((node as Text).data !== text) (node as Text).data = text
    })
    if (current.attribute === null) element.removeAttribute('contenteditable')
    else element.setAttribute('contenteditable', current.attribute)
    if (doc.activeElement === element) element.blur()
    win.getSelection()?.removeAllRanges()
    // Every ending is told, so the editor's text-edit state never waits for an edit that will not come:
    // a cancel or a drop reports the text unchanged, which the editor takes as 'editing ended, no edit'.
    const payload: EditedTextPayload = {
      elementKey: current.key,
      newText: how === 'commit' ? newText : current.oldText,
      oldText: current.oldText,
    }
    context.send(OutboundEvent.EDITED_TEXT, payload)
    outlines.render()
  }

  /** Where contenteditable is 'true', a paste would bring the copied markup: its plain text goes in. */
  const pastePlain = (event: ClipboardEvent) => {
    event.preventDefault()
    const text = event.clipboardData?.getData('text/plain') ?? ''
    // execCommand keeps the browser's undo stack; where it is gone, the text goes in by hand.
    if (doc.execCommand?.('insertText', false, text)) return
    const ranges = win.getSelection()
    const range = ranges && ranges.rangeCount > 0 ? ranges.getRangeAt(0) : null
    if (!range) return
    range.deleteContents()
    const node = doc.createTextNode(text)
    range.insertNode(node)
    range.setStartAfter(node)
    range.collapse(true)
    ranges?.removeAllRanges()
    ranges?.addRange(range)
  }

  const hideButton = () => {
    buttonKey = null
    if (!button || buttonDrawn === 'none') return
    button.style.display = 'none'
    buttonDrawn = 'none'
  }

  const makeButton = (signal: AbortSignal): HTMLButtonElement => {
    const made = doc.createElement('button')
    made.type = 'button'
    made.dataset.kind = 'edit-dynamic-text'
    made.setAttribute('aria-label', EDIT_DYNAMIC_TEXT_LABEL)
    made.title = EDIT_DYNAMIC_TEXT_LABEL
    made.innerHTML = PENCIL_SVG
    for (const type of BUTTON_EVENTS) {
      made.addEventListener(
        type,
        (event) => {
          event.stopPropagation()
          // The press must not take the focus from the page (or from the editor's keyboard shortcuts).
          if (type !== 'click') event.preventDefault()
          if (type !== 'click' || !buttonKey) return
          const payload: EditDynamicTextPayload = { elementKey: buttonKey }
          context.send(OutboundEvent.EDIT_DYNAMIC_TEXT, payload)
        },
        { signal },
      )
    }
    return made
  }

  /**
   * Drawn after every redraw of the selection's outlines, so the button follows the selection as its
   * outline does, from the box that redraw measured (a read here, after the outlines' writes, would
   * lay the page out again).
   */
  const drawButton: OverlayLayer = (root, origin, measured) => {
    const key = selection.selected
    const dynamic =
      origin !== null &&
      key !== null &&
      session === null &&
      !selection.driveMode &&
      selection.multiSelected.length === 0 &&
      context.lookups.get(key.codebaseId)?.text === 'dynamic'
    const box = dynamic ? measured.selected : null
    if (!box || !origin || !key || !controller) {
      hideButton()
      return
    }
    button ??= makeButton(controller.signal)
    if (button.parentNode !== root) root.appendChild(button)
    buttonKey = key
    const zoom = context.zoom > 0 ? context.zoom : 1
    const size = EDIT_TEXT_BUTTON_PX / zoom
    // Beside the top-right corner, covering nothing of the element (a small one would vanish under it);
    // inside the corner when the viewport ends there (a full-width element).
    const right = box.left + box.width
    const left = (right + size > measured.viewportWidth ? right - size : right) - origin.left
    const top = box.top - origin.top
    const color = context.aiContext ? OUTLINE_COLORS.AI_PRIMARY : OUTLINE_COLORS.PRIMARY
    const drawn = `${BUTTON_CSS};left:${left}px;top:${top}px;width:${size}px;height:${size}px;background:${color}`
    if (drawn === buttonDrawn) return
    button.style.cssText = drawn
    buttonDrawn = drawn
  }

  const onEvent = (type: InspectorEvent) => {
    if (!session) return
    if (type === 'selection') {
      const still = selection.multiSelected.length === 0 && elementKeysEqual(selection.selected, session.key)
      if (!still) end('commit')
    } else if (type === 'drive' && selection.driveMode) end('commit')
    else if (type === 'tree' && !session.element.isConnected) end('drop')
  }

  const listen = (signal: AbortSignal) => {
    const capture = { capture: true, signal }
    win.addEventListener(
      'keydown',
      (event) => {
        if (!contains(event)) return
        event.stopPropagation()
        const { key, code, shiftKey, isComposing } = event as KeyboardEvent
        // Enter that confirms an input method's composition is the composition's.
        if (isComposing) return
        if (key !== 'Escape' && (key !== 'Enter' || shiftKey)) return
        event.preventDefault()
        released = code
        end(key === 'Escape' ? 'cancel' : 'commit')
      },
      capture,
    )
    for (const type of TYPING_EVENTS) {
      win.addEventListener(
        type,
        (event) => {
          if (!contains(event)) return
          event.stopPropagation()
          if (type === 'paste' && !session?.plaintext) pastePlain(event as ClipboardEvent)
        },
        capture,
      )
    }
  }

  return {
    get editing() {
      return session?.key ?? null
    },

    start() {
      if (controller) return
      const own = context.moduleController()
      controller = own
      listen(own.signal)
      unsubscribe = context.on(onEvent)
      removeLayer = outlines.addLayer(drawButton)
    },

    stop() {
      end('cancel')
      controller?.abort()
      controller = null
      unsubscribe()
      removeLayer()
      button?.remove()
      button = null
      buttonKey = null
      buttonDrawn = ''
      released = null
    },

    contains,

    clickedSelected(key, point) {
      if (!controller || session || selection.driveMode) return
      const element = editableOf(key)
      if (element) begin(element, key, point)
    },

    startEditingSelected() {
      const key = selection.selected
      if (!controller || selection.driveMode || !key || selection.multiSelected.length > 0) return false
      if (session) return elementKeysEqual(session.key, key)
      const element = editableOf(key)
      return element ? begin(element, key, null) : false
    },

    ownsKey(event) {
      if (session) return true
      if (released === null || event.code !== released) return false
      if (event.type === 'keyup') released = null
      return true
    },
  }
}
