import type { DispatchEventKind, DispatchEventRequest } from '../../protocol/port.ts'
import type { NavTree } from '../tree/nav-tree.ts'

/** The events dispatchEvent makes, by kind: each with its constructor's init fields. */
const CONSTRUCTORS = {
  event: 'Event',
  custom: 'CustomEvent',
  keyboard: 'KeyboardEvent',
  mouse: 'MouseEvent',
  pointer: 'PointerEvent',
  wheel: 'WheelEvent',
  focus: 'FocusEvent',
  input: 'InputEvent',
} as const satisfies Record<DispatchEventKind, string>

const EVENT_TYPE = /^[A-Za-z][\w:.-]{0,63}$/

/**
 * dispatchEvent: makes an event in the page and dispatches it (the editor passing on what the user did
 * outside the frame, or asking the app to react to something). Answers whether no listener cancelled
 * it. The init takes only plain values: no element, window or function crosses the port.
 */
export function dispatchPageEvent(
  win: Window,
  tree: Pick<NavTree, 'elementsOf'>,
  request: DispatchEventRequest,
): boolean {
  const { type, kind = 'event', init = {}, target } = request ?? ({} as DispatchEventRequest)
  if (typeof type !== 'string' || !EVENT_TYPE.test(type))
    throw new Error('dispatchEvent needs an event type of letters, digits, _ : . or -')
  if (!Object.hasOwn(CONSTRUCTORS, kind))
    throw new Error(
      `dispatchEvent: unknown kind '${String(kind)}' (use ${Object.keys(CONSTRUCTORS).join(', ')})`,
    )
  if (init === null || typeof init !== 'object' || Array.isArray(init))
    throw new Error('dispatchEvent: init must be an object of plain values')
  for (const [name, value] of Object.entries(init)) {
    const plain = value === null || ['string', 'number', 'boolean'].includes(typeof value)
    if (!plain && !(kind === 'custom' && name === 'detail'))
      throw new Error(`dispatchEvent: init.${name} must be a string, number, boolean or null`)
  }
  const constructors = win as unknown as Record<string, typeof Event | undefined>
  const Constructor = constructors[CONSTRUCTORS[kind]] ?? (constructors.Event as typeof Event)
  const event = new Constructor(type, init as EventInit)
  const doc = win.document
  let node: EventTarget
  if (target === 'window') node = win
  else if (target === 'document') node = doc
  else if (target) {
    const element = tree.elementsOf(target)[0]
    if (!element) throw new Error('dispatchEvent: no element in the page has that key')
    node = element
  } else node = doc.activeElement && doc.activeElement !== doc.body ? doc.activeElement : doc
  return node.dispatchEvent(event)
}
