import type { CallableFunction, CheckedEvent } from 'vite-plugin-visual-edit/protocol'
import { checkOutboundEvent, INIT_MESSAGE, InboundMessageType } from 'vite-plugin-visual-edit/protocol'

/** Receives each event of the inspector that matched its schema (protocol/event-schemas.ts). */
export type InspectorListener = (event: CheckedEvent) => void

/** A call that gets no answer this long is failed (the frame navigated away, or hangs). */
const CALL_TIMEOUT_MS = 15_000

/**
 * The editor's side of the inspector's port (docs/INSPECTOR.md, Connecting): posts `init` with a
 * MessagePort to the app's frame, calls the inspector's functions over the port and hands its events
 * to listeners. A reload of the frame loses the port: `disconnect()` fails the calls in flight, and a
 * new `connect()` does the handshake again. The frame runs the app's own scripts, which can use the
 * port too (docs/SECURITY.md): every event is checked against its schema before a listener sees it,
 * and one that does not match is dropped with its reason in the console.
 */
export class InspectorBridge {
  #port: MessagePort | null = null
  #nextId = 0
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  readonly #listeners = new Set<InspectorListener>()

  get connected(): boolean {
    return this.#port !== null
  }

  /** Hands a new port to the page in `target`, whose origin must be `origin` (the app's: the browser delivers nothing to another). */
  connect(target: Window, origin: string): void {
    this.disconnect()
    const channel = new MessageChannel()
    channel.port1.onmessage = (event: MessageEvent) => this.#receive(event.data)
    this.#port = channel.port1
    target.postMessage(INIT_MESSAGE, origin, [channel.port2])
  }

  disconnect(reason = 'The app reloaded'): void {
    this.#port?.close()
    this.#port = null
    for (const { reject } of this.#pending.values()) reject(new Error(reason))
    this.#pending.clear()
  }

  /** Calls one of the inspector's functions; rejects with its error, or when the frame goes away. */
  call<T = unknown>(functionName: CallableFunction, ...args: unknown[]): Promise<T> {
    const port = this.#port
    if (!port) return Promise.reject(new Error('The app is not connected'))
    const id = ++this.#nextId
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id)
        reject(new Error(`${functionName} got no answer from the app`))
      }, CALL_TIMEOUT_MS)
      this.#pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer)
          resolve(value as T)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      })
      port.postMessage({ id, type: InboundMessageType.EXECUTE_FUNCTION, payload: { functionName, args } })
    })
  }

  on(listener: InspectorListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #receive(data: unknown): void {
    if (data === null || typeof data !== 'object') return
    const message = data as {
      id?: unknown
      result?: unknown
      error?: unknown
      type?: unknown
      payload?: unknown
    }
    if (typeof message.id === 'number' && this.#pending.has(message.id)) {
      const pending = this.#pending.get(message.id)
      this.#pending.delete(message.id)
      if ('error' in message) pending?.reject(new Error(String(message.error)))
      else pending?.resolve(message.result)
      return
    }
    if (!('type' in message)) return
    const checked = checkOutboundEvent(message.type, message.payload)
    if ('problem' in checked) {
      console.warn(`[visual-edit] Dropped a message from the app's frame: ${checked.problem}`)
      return
    }
    for (const listener of this.#listeners) listener(checked)
  }
}
