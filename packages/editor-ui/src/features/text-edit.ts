import type {
  EditDynamicTextPayload,
  EditedTextPayload,
  StartEditingTextPayload,
} from 'vite-plugin-visual-edit/protocol'
import { ChangeType, elementKeysEqual } from 'vite-plugin-visual-edit/protocol'
import { type Actor, createActor, fromPromise } from 'xstate'
import { textEditMachine } from '../machines/text-edit.machine.ts'
import type { Edits } from './edits.ts'
import type { Lookups } from './lookups.ts'
import type { Toaster } from './toaster.ts'
import type { UserInputGate } from './user-input.ts'

/**
 * Text edited in place in the frame (docs/EDITOR.md, Text): the inspector's START_EDITING_TEXT starts
 * the text-edit machine, its EDITED_TEXT commits the edit as an EDIT_TEXT change, and EDIT_DYNAMIC_TEXT
 * says where the code of a text from code is.
 */
export class TextEditing {
  readonly actor: Actor<typeof textEditMachine>
  readonly #gate: UserInputGate
  readonly #lookups: Lookups
  readonly #toaster: Toaster

  constructor(deps: { edits: Edits; gate: UserInputGate; lookups: Lookups; toaster: Toaster }) {
    const { edits } = deps
    this.#gate = deps.gate
    this.#lookups = deps.lookups
    this.#toaster = deps.toaster
    this.actor = createActor(
      textEditMachine.provide({
        actors: {
          commitText: fromPromise(async ({ input }) => {
            const outcome = await edits.submit('Edit text', {
              type: ChangeType.EDIT_TEXT,
              changeFields: {
                codebaseIdToEditText: input.key.codebaseId,
                newText: input.newText,
                oldText: input.oldText,
              },
            })
            if (!outcome.ok) throw outcome.error
          }),
        },
      }),
    ).start()
  }

  get editing(): boolean {
    return this.actor.getSnapshot().value === 'editing'
  }

  /** START_EDITING_TEXT: editing starts with a double-click or a key in the frame; the commit is bound to its element. */
  started({ elementKey, oldText }: StartEditingTextPayload): void {
    if (!this.#gate.allows('a text edit')) return
    this.actor.send({ type: 'START', key: elementKey, oldText })
  }

  /** EDITED_TEXT: the edit of the element being edited ends (unchanged text: nothing to write). */
  edited({ elementKey, newText }: EditedTextPayload): void {
    const editing = this.actor.getSnapshot()
    if (editing.value === 'editing' && elementKeysEqual(editing.context.key, elementKey))
      this.actor.send({ type: 'COMMIT', newText })
  }

  /** EDIT_DYNAMIC_TEXT: the text comes from code, which is where it is edited. */
  dynamicText({ elementKey }: EditDynamicTextPayload): void {
    const lookup = this.#lookups.state.lookups.get(elementKey.codebaseId)
    this.#toaster.toast({
      kind: 'info',
      title: 'This text comes from code, so it is edited there.',
      detail: lookup ? `It is in ${lookup.file}:${lookup.line}.` : undefined,
    })
  }
}
