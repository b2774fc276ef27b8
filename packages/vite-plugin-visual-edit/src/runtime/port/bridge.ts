import { decompressFromBase64, decompressFromEncodedURIComponent } from 'lz-string'
import type { InspectorConfig } from '../../protocol/inspector-config.ts'
import {
  FUNCTION_NOT_FOUND,
  GET_STATE_AND_PROPS,
  INIT_MESSAGE,
  InboundMessageType,
  type InspectElementPayload,
} from '../../protocol/messages.ts'
import type { InspectElementRequest } from '../../protocol/port.ts'
import type { InspectorContext } from '../core/context.ts'

/**
 * The callable functions, by name (inspector.ts makes it from its InspectorFunctionTable, protocol/port.ts);
 * anything not in here is refused, whatever `window` holds.
 */
export type FunctionTable = ReadonlyMap<string, (...args: never[]) => unknown>

export interface BridgeHandlers {
  functions: FunctionTable
  /** The port's inspectElement request (protocol/port.ts, InspectElementRequest). */
  inspectElement: (payload: InspectElementPayload) => InspectElementRequest['result']
  logStateAndProps: (componentName: string) => void
}

/**
 * `compressedArgs`: the JSON of the argument array, lz-string compressed (base64, or URI-safe). The
 * two alphabets overlap, so a string is read with each until one gives JSON.
 */
function decompressArgs(compressed: string): unknown[] {
  let notAnArray = false
  for (const decompress of [decompressFromBase64, decompressFromEncodedURIComponent]) {
    const json = decompress(compressed)
    if (!json) continue
    let args: unknown
    try {
      args = JSON.parse(json)
    } catch {
      // Garbage from the other alphabet: try the next.
      continue
    }
    if (Array.isArray(args)) return args
    notAnArray = true
  }
  throw new Error(
    notAnArray
      ? 'compressedArgs must hold an array of arguments'
      : 'compressedArgs could not be decompressed: send lz-string compressToBase64 (or compressToEncodedURIComponent) of the JSON argument array',
  )
}

/** `data[name]` of a window message, which may be anything (a string, null, an object). */
function fieldOf(data: unknown, name: string): unknown {
  return typeof data === 'object' && data !== null ? Reflect.get(data, name) : undefined
}

/** inspectElement's payload: each field of InspectElementPayload kept only when it has its type. */
function inspectRequest(payload: unknown): InspectElementPayload {
  const text = (name: string) => {
    const value = fieldOf(payload, name)
    return typeof value === 'string' ? value : undefined
  }
  const isComponent = fieldOf(payload, 'isComponent')
  return {
    componentName: text('componentName'),
    isComponent: typeof isComponent === 'boolean' ? isComponent : undefined,
    tempoElementID: text('tempoElementID'),
    componentElementId: text('componentElementId'),
  }
}

/**
 * The origins whose editor may connect: the editor's origin (the configured port on this page's own
 * host name and scheme) and the allowed ones. Not the page's own origin: the editor never runs there.
 *
 *   page http://localhost:5173/, editorPort 5174  ->  ['http://localhost:5174']
 */
export function editorOrigins(
  location: Pick<Location, 'protocol' | 'hostname'>,
  config: InspectorConfig,
): string[] {
  const { editorPort, allowedOrigins = [] } = config
  const own = editorPort ? [`${location.protocol}//${location.hostname}:${editorPort}`] : []
  return [...own, ...allowedOrigins]
}

/**
 * The editor connection. A window message 'init' carrying a MessagePort is accepted only from the
 * window that embeds (or opened) this page, and only from the editor's origin or an allowed one
 * (editorOrigins); from then on everything goes over the port. Requests are `{ id, type, payload }`;
 * messages without an id or a payload are ignored; replies are `{ id, result }` or `{ id, error }`.
 */
export function createBridge(
  context: InspectorContext,
  handlers: BridgeHandlers,
): { start: () => void; stop: () => void } {
  const { win } = context

  const trusted = (event: MessageEvent) => {
    const fromEmbedder = event.source !== null && (event.source === win.parent || event.source === win.opener)
    return fromEmbedder && editorOrigins(win.location, context.config).includes(event.origin)
  }

  const reply = (
    port: MessagePort,
    id: string | number,
    outcome: { result: unknown } | { error: string },
  ) => {
    port.postMessage({ id, ...outcome })
  }

  const onPortMessage = async (port: MessagePort, event: MessageEvent) => {
    const data: unknown = event.data
    if (data === null || typeof data !== 'object' || !('id' in data) || !('payload' in data)) return
    const { id, payload } = data
    const type = 'type' in data ? data.type : undefined
    if ((typeof id !== 'string' && typeof id !== 'number') || payload === undefined || payload === null)
      return
    try {
      if (type === InboundMessageType.INSPECT_ELEMENT) {
        reply(port, id, { result: await handlers.inspectElement(inspectRequest(payload)) })
        return
      }
      if (type !== InboundMessageType.EXECUTE_FUNCTION) {
        reply(port, id, { error: `Unknown message type ${String(type)}` })
        return
      }
      // ExecuteFunctionPayload's fields, each checked below before it is used.
      const call = typeof payload === 'object' ? payload : {}
      const functionName = 'functionName' in call ? call.functionName : undefined
      const args = 'args' in call ? call.args : undefined
      const compressedArgs = 'compressedArgs' in call ? call.compressedArgs : undefined
      const fn = typeof functionName === 'string' ? handlers.functions.get(functionName) : undefined
      if (!fn) {
        console.error(FUNCTION_NOT_FOUND, functionName)
        reply(port, id, { error: `${FUNCTION_NOT_FOUND}: ${String(functionName)}` })
        return
      }
      const list = Array.isArray(args)
        ? args
        : typeof compressedArgs === 'string'
          ? decompressArgs(compressedArgs)
          : []
      // The arguments are the editor's, as it sent them (the port is the editor's alone: its origin was
      // checked at the handshake); each function of the table reads them as the port's map types them.
      reply(port, id, { result: (await Reflect.apply(fn, undefined, list)) ?? null })
    } catch (error) {
      reply(port, id, { error: error instanceof Error ? error.message : String(error) })
    }
  }

  const onWindowMessage = (event: MessageEvent) => {
    const data: unknown = event.data
    const type = typeof data === 'string' ? data : fieldOf(data, 'type')
    if (type === INIT_MESSAGE) {
      const port = event.ports[0]
      if (!port || !trusted(event)) {
        context.debug('init refused from', event.origin)
        return
      }
      context.connect(port)
      port.onmessage = (message) => void onPortMessage(port, message)
      context.emit('connected')
      return
    }
    if (type === GET_STATE_AND_PROPS && trusted(event)) {
      const name = fieldOf(data, 'componentName')
      if (typeof name === 'string') handlers.logStateAndProps(name)
    }
  }

  return {
    start: () => win.addEventListener('message', onWindowMessage, { signal: context.signal }),
    stop: () => context.stop(),
  }
}
