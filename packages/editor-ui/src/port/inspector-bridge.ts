import {
  type CallableFunction,
  checkOutboundEvent,
  GET_STATE_AND_PROPS,
  type GetStateAndPropsMessage,
  INIT_MESSAGE,
  InboundMessageType,
  type InspectElementRequest,
  type InspectorEventHandlers,
  type InspectorEventPayloads,
  type InspectorFunctions,
  type OutboundEvent,
} from 'vite-plugin-visual-edit/protocol'

/** A call that gets no answer this long is failed (the frame navigated away, or hangs). */
const CALL_TIMEOUT_MS = 15_000

/**
 * A call whose port closed before the answer: the frame loaded another page meanwhile (a reload, a
 * navigation). A call that asked for that navigation has done its work.
 */
export class PortClosedError extends Error {
  override name = 'PortClosedError'
}

/**
 * The editor's side of the inspector's port (docs/INSPECTOR.md, Connecting): posts `init` with a
 * MessagePort to the app's frame, calls the inspector's functions over the port and hands its events
 * to their handlers, both typed by the port's map (protocol/port.ts). A reload of the frame loses the
 * port: `disconnect()` fails the calls in flight, and a new `connect()` does the handshake again. The
 * frame runs the app's own scripts, which can use the port too (docs/SECURITY.md): every event is
 * checked against its schema before a handler sees it, and one that does not match is dropped with its
 * reason in the console.
 */
export class InspectorBridge {
  #port: MessagePort | null = null
  /** The frame's window and origin of the last handshake, for the window messages beside the port. */
  #target: { window: Window; origin: string } | null = null
  #nextId = 0
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  readonly #tables = new Set<Partial<InspectorEventHandlers>>()

  get connected(): boolean {
    return this.#port !== null
  }

  /** Hands a new port to the page in `target`, whose origin must be `origin` (the app's: the browser delivers nothing to another). */
  connect(target: Window, origin: string): void {
    this.disconnect()
    const channel = new MessageChannel()
    channel.port1.onmessage = (event: MessageEvent) => this.#receive(event.data)
    this.#port = channel.port1
    this.#target = { window: target, origin }
    target.postMessage(INIT_MESSAGE, origin, [channel.port2])
  }

  disconnect(reason = 'The app reloaded'): void {
    this.#port?.close()
    this.#port = null
    this.#target = null
    for (const { reject } of this.#pending.values()) reject(new PortClosedError(reason))
    this.#pending.clear()
  }

  /**
   * Calls one of the inspector's functions with its arguments; rejects with its error, or when the
   * frame goes away (PortClosedError). The answer comes from the app's frame, where the app's scripts
   * run too: it is `unknown` until a check of the protocol's reads it (checkInstantUpdateReply).
   */
  call<Name extends CallableFunction>(
    name: Name,
    ...args: InspectorFunctions[Name]['args']
  ): Promise<unknown> {
    return this.#request(InboundMessageType.EXECUTE_FUNCTION, { functionName: name, args }, name)
  }

  /**
   * The port's inspectElement request (protocol/port.ts, InspectElementRequest): the props and state
   * of the component instance that renders an element. `unknown` until checkComponentStateAndProps
   * reads it; rejects with the inspector's error ('Could not find component', ...).
   */
  inspect(payload: InspectElementRequest['payload']): Promise<unknown> {
    return this.#request(InboundMessageType.INSPECT_ELEMENT, payload, 'inspectElement')
  }

  /**
   * GET_STATE_AND_PROPS, a window message to the frame (not on the port): the page logs every mounted
   * instance of the component in its console. False when no frame is connected.
   */
  logStateAndProps(componentName: string): boolean {
    if (!this.#port || !this.#target) return false
    const message: GetStateAndPropsMessage = { type: GET_STATE_AND_PROPS, componentName }
    this.#target.window.postMessage(message, this.#target.origin)
    return true
  }

  #request(type: InboundMessageType, payload: unknown, label: string): Promise<unknown> {
    const port = this.#port
    if (!port) return Promise.reject(new Error('The app is not connected'))
    const id = ++this.#nextId
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id)
        reject(new Error(`${label} got no answer from the app`))
      }, CALL_TIMEOUT_MS)
      this.#pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer)
          resolve(value)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      })
      port.postMessage({ id, type, payload })
    })
  }

  /**
   * Hands each event that matched its schema to its handler in `handlers` (the session's table has one
   * per event of the port's map: InspectorEventHandlers); returns what stops them.
   */
  on(handlers: Partial<InspectorEventHandlers>): () => void {
    this.#tables.add(handlers)
    return () => this.#tables.delete(handlers)
  }

  #emit<Event extends OutboundEvent>(event: Event, payload: InspectorEventPayloads[Event]): void {
    for (const handlers of this.#tables) handlers[event]?.(payload)
  }

  #receive(data: unknown): void {
    if (data === null || typeof data !== 'object') return
    const id = 'id' in data ? data.id : undefined
    const pending = typeof id === 'number' ? this.#pending.get(id) : undefined
    if (typeof id === 'number' && pending) {
      this.#pending.delete(id)
      if ('error' in data) pending.reject(new Error(String(data.error)))
      else pending.resolve('result' in data ? data.result : undefined)
      return
    }
    if (!('type' in data)) return
    const checked = checkOutboundEvent(data.type, 'payload' in data ? data.payload : undefined)
    if ('problem' in checked) {
      console.warn(`[visual-edit] Dropped a message from the app's frame: ${checked.problem}`)
      return
    }
    this.#emit(checked.type, checked.payload)
  }
}
