import type { DragEndPayload, ElementKey } from 'vite-plugin-visual-edit/protocol'
import { ChangeType, elementKeysEqual } from 'vite-plugin-visual-edit/protocol'
import { type Actor, createActor, fromPromise } from 'xstate'
import { dragMachine } from '../machines/drag.machine.ts'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import type { Edits } from './edits.ts'
import { logFailure } from './failures.ts'
import type { Tree } from './tree.ts'
import type { UserInputGate } from './user-input.ts'

/**
 * Moving elements (docs/EDITOR.md, Moving elements): the drag machine, pressed in the layers or started
 * by the inspector's DRAG_START on the canvas; a drop sends MOVE_JSX through the ledger.
 */
export class Dragging {
  readonly actor: Actor<typeof dragMachine>
  readonly #gate: UserInputGate
  readonly #tree: Tree

  constructor(deps: { edits: Edits; bridge: InspectorBridge; gate: UserInputGate; tree: Tree }) {
    const { edits, bridge } = deps
    this.#gate = deps.gate
    this.#tree = deps.tree
    this.actor = createActor(
      dragMachine.provide({
        actors: {
          moveElement: fromPromise(async ({ input }) => {
            const { drop } = input
            const outcome = await edits.submit(
              'Move',
              {
                type: ChangeType.MOVE_JSX,
                changeFields: {
                  codebaseIdToMove: input.key.codebaseId,
                  codebaseIdToMoveTo: drop.codebaseIdToMoveTo,
                  ...(drop.beforeCodebaseId ? { beforeCodebaseId: drop.beforeCodebaseId } : {}),
                  ...(drop.afterCodebaseId ? { afterCodebaseId: drop.afterCodebaseId } : {}),
                  ...(input.expectedParent ? { expectedCurrentParentCodebaseId: input.expectedParent } : {}),
                },
              },
              // A drop on the canvas showed the move already; a refused one is taken back by that id.
              { instantShownAs: input.changeId },
            )
            if (!outcome.ok) throw outcome.error
          }),
        },
        actions: {
          cancelled: ({ context, event }) => {
            const told = event.type === 'CANCEL' && event.fromInspector
            // The inspector also ends its drag on the pointer's release and on Escape.
            if (context.source === 'canvas' && !told)
              bridge
                .call('triggerDragCancel')
                .catch(logFailure("The app's page was not told the drag was cancelled"))
          },
        },
      }),
    ).start()
  }

  /** DRAG_START: a drag starts with the pointer pressed in the frame; the drop that ends it is bound to it. */
  started(elementKey: ElementKey): void {
    if (!this.#gate.allows('a drag')) return
    const parent = this.#tree.parentOf(elementKey)?.key.codebaseId ?? null
    this.actor.send({ type: 'STARTED', key: elementKey, expectedParent: parent })
  }

  /** DRAG_END: the drop of the element being dragged. */
  ended(end: DragEndPayload): void {
    const dragged = this.actor.getSnapshot().context.key
    if (!elementKeysEqual(dragged, end.elementKey)) return
    this.actor.send({
      type: 'DROP',
      drop: end.drop,
      changeId: end.changeId,
      expectedParent: end.expectedCurrentParentCodebaseId,
    })
  }

  /** DRAG_CANCEL: the inspector cancelled its drag (it knows already). */
  cancelled(): void {
    this.actor.send({ type: 'CANCEL', fromInspector: true })
  }

  /** Escape: cancels a drag under way; whether there was one. */
  cancel(): boolean {
    if (!this.actor.getSnapshot().can({ type: 'CANCEL' })) return false
    this.actor.send({ type: 'CANCEL' })
    return true
  }
}
