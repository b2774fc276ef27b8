import { assign, fromPromise, setup } from 'xstate'

export interface ConnectionContext {
  /** Why the last handshake failed, for the status bar; null otherwise. */
  error: string | null
  /** Successful handshakes so far: the first is a connection, the rest reconnections. */
  handshakes: number
}

export type ConnectionEvent =
  /** The app's frame loaded a document (its first, or a full reload). */
  { type: 'FRAME_LOADED' } | { type: 'RETRY' }

/**
 * The editor's connection to the inspector in the app's frame (docs/EDITOR.md, Connection):
 * connecting -> ready; a full page reload of the frame -> reconnecting (the handshake is redone and the
 * selection restored by the provided `handshake`) -> ready; a handshake that fails -> failed until the
 * frame loads again or the user retries.
 */
export const connectionMachine = setup({
  types: { context: {} as ConnectionContext, events: {} as ConnectionEvent },
  actors: {
    handshake: fromPromise<void, { reconnect: boolean }>(async () => {
      throw new Error('handshake is provided by the editor')
    }),
  },
  actions: {
    connected: assign({ error: () => null, handshakes: ({ context }) => context.handshakes + 1 }),
    failed: assign({
      error: ({ event }) => {
        const error = (event as { error?: unknown }).error
        return error instanceof Error ? error.message : String(error)
      },
    }),
  },
}).createMachine({
  id: 'connection',
  context: { error: null, handshakes: 0 },
  initial: 'waitingForFrame',
  states: {
    waitingForFrame: { on: { FRAME_LOADED: 'connecting' } },
    connecting: {
      invoke: {
        src: 'handshake',
        input: () => ({ reconnect: false }),
        onDone: { target: 'ready', actions: 'connected' },
        onError: { target: 'failed', actions: 'failed' },
      },
      on: { FRAME_LOADED: { target: 'connecting', reenter: true } },
    },
    ready: { on: { FRAME_LOADED: 'reconnecting' } },
    reconnecting: {
      invoke: {
        src: 'handshake',
        input: () => ({ reconnect: true }),
        onDone: { target: 'ready', actions: 'connected' },
        onError: { target: 'failed', actions: 'failed' },
      },
      on: { FRAME_LOADED: { target: 'reconnecting', reenter: true } },
    },
    failed: { on: { FRAME_LOADED: 'reconnecting', RETRY: 'reconnecting' } },
  },
})
