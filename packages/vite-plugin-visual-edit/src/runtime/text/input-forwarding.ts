import type { ElementKey } from '../../protocol/element-key.ts'
import {
  type ContextMenuPayload,
  type KeyPayload,
  type MouseMovePayload,
  OutboundEvent,
  type WheelPayload,
} from '../../protocol/messages.ts'
import type { InspectorContext } from '../core/context.ts'
import { FORWARD_THROTTLE_MS, throttle } from '../core/throttle.ts'
import { eventTarget } from '../selection/selection.ts'

const ELEMENT_NODE = 1

/** The events a key forwards as: both carry a KeyPayload. */
type KeyEvent = typeof OutboundEvent.KEY_DOWN | typeof OutboundEvent.KEY_UP

/** What forwarding needs from the selection: drive mode, and the tagged element an event hit. */
export interface ForwardingSelection {
  readonly driveMode: boolean
  keyOfTarget(event: Event): ElementKey | null
}

/** Keys the text editing (text-edit.ts) keeps from the editor: typing, and the Enter or Escape that ended it. */
export interface ForwardingKeys {
  ownsKey(event: KeyboardEvent): boolean
}

export interface InputForwarding {
  start(): void
  stop(): void
}

function isEditable(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null
  if (!element || element.nodeType !== ELEMENT_NODE) return false
  const tag = element.tagName
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || element.isContentEditable === true
}

/**
 * The page's input the editor follows while an element is being edited, sent over the port: pointer
 * moves (MOUSE_MOVE, throttled, the last position always sent), wheel deltas summed per throttle
 * window (WHEEL), keys pressed outside form fields (KEY_DOWN, KEY_UP; only auto-repeats are
 * throttled) and, in edit mode, the context menu (CONTEXT_MENU with the key under it, the page's own
 * menu suppressed). Hover and clicks are the selection's (selection.ts).
 */
export function createInputForwarding(
  context: InspectorContext,
  selection: ForwardingSelection,
  keys?: ForwardingKeys,
): InputForwarding {
  const { win } = context
  let controller: AbortController | null = null
  let mouse: MouseMovePayload = { clientX: 0, clientY: 0, pageX: 0, pageY: 0, buttons: 0 }
  let wheel: WheelPayload | null = null
  let menu: ContextMenuPayload | null = null
  let key: { type: KeyEvent; payload: KeyPayload } | null = null

  const sendMouse = throttle(win, FORWARD_THROTTLE_MS, () => context.send(OutboundEvent.MOUSE_MOVE, mouse))
  const sendWheel = throttle(win, FORWARD_THROTTLE_MS, () => {
    if (!wheel) return
    context.send(OutboundEvent.WHEEL, wheel)
    wheel = null
  })
  const sendMenu = throttle(win, FORWARD_THROTTLE_MS, () => {
    if (menu) context.send(OutboundEvent.CONTEXT_MENU, menu)
    menu = null
  })
  // Only auto-repeated key downs are folded: a distinct key press is never dropped.
  const sendRepeatedKey = throttle(win, FORWARD_THROTTLE_MS, () => {
    if (key) context.send(key.type, key.payload)
    key = null
  })
  const throttles = [sendMouse, sendWheel, sendMenu, sendRepeatedKey]

  const listen = (signal: AbortSignal) => {
    const capture = { capture: true, signal }
    const passive = { capture: true, passive: true, signal }
    win.addEventListener(
      'pointermove',
      (event) => {
        const { clientX, clientY, pageX, pageY, buttons } = event as PointerEvent
        mouse = { clientX, clientY, pageX, pageY, buttons }
        sendMouse()
      },
      passive,
    )
    win.addEventListener(
      'contextmenu',
      (event) => {
        if (selection.driveMode) return
        event.preventDefault()
        event.stopPropagation()
        const { clientX, clientY, pageX, pageY } = event as MouseEvent
        menu = { clientX, clientY, pageX, pageY, elementKey: selection.keyOfTarget(event) }
        sendMenu()
      },
      capture,
    )
    win.addEventListener(
      'wheel',
      (event) => {
        const { deltaX, deltaY, deltaMode, clientX, clientY, ctrlKey, metaKey, shiftKey, altKey } =
          event as WheelEvent
        if (wheel && wheel.deltaMode === deltaMode) {
          wheel.deltaX += deltaX
          wheel.deltaY += deltaY
          Object.assign(wheel, { clientX, clientY, ctrlKey, metaKey, shiftKey, altKey })
        } else {
          // Lines and pixels do not add up: what was summed so far goes out on its own.
          if (wheel) context.send(OutboundEvent.WHEEL, wheel)
          wheel = { deltaX, deltaY, deltaMode, clientX, clientY, ctrlKey, metaKey, shiftKey, altKey }
        }
        sendWheel()
      },
      passive,
    )
    const forwardKey = (type: KeyEvent) => (event: Event) => {
      // Typing into a field must not reach the editor's shortcuts (Backspace would delete the selection).
      if (isEditable(eventTarget(event)) || keys?.ownsKey(event as KeyboardEvent)) return
      const { key: name, code, altKey, ctrlKey, metaKey, shiftKey, repeat } = event as KeyboardEvent
      const payload: KeyPayload = { key: name, code, altKey, ctrlKey, metaKey, shiftKey, repeat }
      if (!repeat) {
        context.send(type, payload)
        return
      }
      key = { type, payload }
      sendRepeatedKey()
    }
    win.addEventListener('keydown', forwardKey(OutboundEvent.KEY_DOWN), passive)
    win.addEventListener('keyup', forwardKey(OutboundEvent.KEY_UP), passive)
  }

  return {
    start() {
      if (controller) return
      const own = context.moduleController()
      controller = own
      listen(own.signal)
    },
    stop() {
      controller?.abort()
      controller = null
      for (const pending of throttles) pending.cancel()
      wheel = null
      menu = null
      key = null
    },
  }
}
