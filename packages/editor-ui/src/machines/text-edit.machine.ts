import type { ElementKey } from 'vite-plugin-visual-edit/protocol'
import { assign, fromPromise, setup } from 'xstate'

export interface TextEditContext {
  key: ElementKey | null
  oldText: string
  newText: string
  /** Why the last commit failed, for the toast; null after a success or a new start. */
  error: string | null
}

export type TextEditEvent =
  | { type: 'START'; key: ElementKey; oldText: string }
  | { type: 'COMMIT'; newText: string }
  | { type: 'CANCEL' }

export interface CommitInput {
  key: ElementKey
  oldText: string
  newText: string
}

/**
 * In-place text editing (docs/EDITOR.md, Text): idle -> editing (the inspector made the element
 * editable) -> committing (EDIT_TEXT sent with the new and old text) -> idle. A commit with the text
 * unchanged goes back to idle without a request; a failed one goes back to idle with its message. The
 * commit itself is the provided `commitText` actor, so the machine is tested without a server.
 */
export const textEditMachine = setup({
  types: { context: {} as TextEditContext, events: {} as TextEditEvent },
  actors: {
    commitText: fromPromise<void, CommitInput>(async () => {
      throw new Error('commitText is provided by the editor')
    }),
  },
  actions: {
    start: assign({
      key: ({ event }) => (event.type === 'START' ? event.key : null),
      oldText: ({ event }) => (event.type === 'START' ? event.oldText : ''),
      newText: ({ event }) => (event.type === 'START' ? event.oldText : ''),
      error: () => null,
    }),
    setNewText: assign({
      newText: ({ context, event }) => (event.type === 'COMMIT' ? event.newText : context.newText),
    }),
    reset: assign({ key: () => null, oldText: () => '', newText: () => '' }),
    fail: assign({
      error: ({ event }) => {
        const error = (event as { error?: unknown }).error
        return error instanceof Error ? error.message : String(error)
      },
    }),
  },
  guards: {
    changed: ({ context, event }) => event.type === 'COMMIT' && event.newText !== context.oldText,
  },
}).createMachine({
  id: 'textEdit',
  context: { key: null, oldText: '', newText: '', error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { START: { target: 'editing', actions: 'start' } },
    },
    editing: {
      on: {
        // Another element's editing started without this one's end reaching the editor: follow it.
        START: { target: 'editing', reenter: true, actions: 'start' },
        COMMIT: [
          { guard: 'changed', target: 'committing', actions: 'setNewText' },
          { target: 'idle', actions: 'reset' },
        ],
        CANCEL: { target: 'idle', actions: 'reset' },
      },
    },
    committing: {
      invoke: {
        src: 'commitText',
        input: ({ context }) => ({
          key: context.key as ElementKey,
          oldText: context.oldText,
          newText: context.newText,
        }),
        onDone: { target: 'idle', actions: 'reset' },
        onError: { target: 'idle', actions: ['fail', 'reset'] },
      },
    },
  },
})
