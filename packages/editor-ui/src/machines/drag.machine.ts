import type { DropPlacement, ElementKey } from 'vite-plugin-visual-edit/protocol'
import { assign, fromPromise, setup } from 'xstate'

/** Where a drag began: the canvas (the inspector tracks the pointer) or the layers panel (the editor does). */
export type DragSource = 'canvas' | 'layers'

export interface DragContext {
  source: DragSource | null
  key: ElementKey | null
  /** The codebase id of the element's parent when the press began (MOVE_JSX's expectedCurrentParent). */
  expectedParent: string | null
  /** Where the press was, and how far (x and y added) the pointer must go to start dragging. */
  origin: { x: number; y: number }
  threshold: number
  /** Where the element would land now (the layers' drop indicator); null: nowhere. */
  drop: DropPlacement | null
  /** The instant update the inspector showed for the drop, so a refused move can be put back. */
  changeId: string | null
  /** Why the last drop failed, for the toast; null after a success or a new press. */
  error: string | null
}

export type DragEvent =
  | {
      type: 'PRESS'
      source: DragSource
      key: ElementKey
      expectedParent: string | null
      x: number
      y: number
      threshold: number
    }
  | { type: 'MOVE'; x: number; y: number; buttons: number }
  /** The inspector's DRAG_START: its own press went past the threshold. */
  | { type: 'STARTED'; key: ElementKey; expectedParent: string | null }
  | { type: 'TARGET'; drop: DropPlacement | null }
  | { type: 'DROP'; drop: DropPlacement | null; changeId?: string | null; expectedParent?: string | null }
  /** A pointer up before the threshold: a click, not a drag. */
  | { type: 'RELEASE' }
  /** Escape, or the inspector's DRAG_CANCEL (`fromInspector`: it knows already). */
  | { type: 'CANCEL'; fromInspector?: boolean }

export interface MoveInput {
  key: ElementKey
  drop: DropPlacement
  expectedParent: string | null
  changeId: string | null
  source: DragSource
}

const EMPTY: DragContext = {
  source: null,
  key: null,
  expectedParent: null,
  origin: { x: 0, y: 0 },
  threshold: 0,
  drop: null,
  changeId: null,
  error: null,
}

/**
 * Drag to move (docs/EDITOR.md, Moving elements): idle -> pressed -> dragging -> dropped | cancelled
 * -> idle. A drag from the layers panel is pressed here and starts once the pointer has gone the
 * threshold (x and y distances added); a drag on the canvas is pressed and started by the inspector,
 * which reports DRAG_START. A drop with a placement sends MOVE_JSX (the provided `moveElement`
 * actor, which also puts a refused move's element back: the ledger takes back its instant update);
 * Escape, a move with no button held, or the inspector's DRAG_CANCEL cancel. A refused move goes back
 * to idle with the server's reason.
 */
export const dragMachine = setup({
  types: { context: {} as DragContext, events: {} as DragEvent },
  actors: {
    moveElement: fromPromise<void, MoveInput>(async () => {
      throw new Error('moveElement is provided by the editor')
    }),
  },
  actions: {
    press: assign(({ event }) =>
      event.type === 'PRESS'
        ? {
            ...EMPTY,
            source: event.source,
            key: event.key,
            expectedParent: event.expectedParent,
            origin: { x: event.x, y: event.y },
            threshold: event.threshold,
          }
        : {},
    ),
    started: assign(({ event }) =>
      event.type === 'STARTED'
        ? { ...EMPTY, source: 'canvas' as const, key: event.key, expectedParent: event.expectedParent }
        : {},
    ),
    setTarget: assign({
      drop: ({ context, event }) => (event.type === 'TARGET' ? event.drop : context.drop),
    }),
    setDrop: assign(({ context, event }) =>
      event.type === 'DROP'
        ? {
            drop: event.drop,
            changeId: event.changeId ?? null,
            expectedParent: event.expectedParent ?? context.expectedParent,
          }
        : {},
    ),
    fail: assign({
      error: ({ event }) => {
        const error = (event as { error?: unknown }).error
        return error instanceof Error ? error.message : String(error)
      },
    }),
    succeed: assign({ error: () => null }),
    reset: assign(({ context }) => ({ ...EMPTY, error: context.error })),
    /** Tells whoever tracks the pointer that the drag is over (the inspector: triggerDragCancel). */
    cancelled: () => {},
  },
  guards: {
    pastThreshold: ({ context, event }) =>
      event.type === 'MOVE' &&
      Math.abs(event.x - context.origin.x) + Math.abs(event.y - context.origin.y) >= context.threshold,
    noButtons: ({ event }) => event.type === 'MOVE' && event.buttons === 0,
    hasDrop: ({ event }) => event.type === 'DROP' && event.drop !== null,
  },
}).createMachine({
  id: 'drag',
  context: EMPTY,
  initial: 'idle',
  states: {
    idle: {
      on: {
        PRESS: { target: 'pressed', actions: 'press' },
        STARTED: { target: 'dragging', actions: 'started' },
      },
    },
    pressed: {
      on: {
        MOVE: [
          { guard: 'noButtons', target: 'idle', actions: 'reset' },
          { guard: 'pastThreshold', target: 'dragging' },
        ],
        STARTED: { target: 'dragging', actions: 'started' },
        RELEASE: { target: 'idle', actions: 'reset' },
        CANCEL: { target: 'idle', actions: 'reset' },
      },
    },
    dragging: {
      on: {
        MOVE: { guard: 'noButtons', target: 'cancelled' },
        TARGET: { actions: 'setTarget' },
        DROP: [
          { guard: 'hasDrop', target: 'dropped', actions: 'setDrop' },
          { target: 'idle', actions: 'reset' },
        ],
        CANCEL: 'cancelled',
      },
    },
    dropped: {
      invoke: {
        src: 'moveElement',
        input: ({ context }) => ({
          key: context.key as ElementKey,
          drop: context.drop as DropPlacement,
          expectedParent: context.expectedParent,
          changeId: context.changeId,
          source: context.source ?? 'canvas',
        }),
        onDone: { target: 'idle', actions: ['succeed', 'reset'] },
        onError: { target: 'idle', actions: ['fail', 'reset'] },
      },
    },
    cancelled: {
      entry: 'cancelled',
      always: { target: 'idle', actions: 'reset' },
    },
  },
})
