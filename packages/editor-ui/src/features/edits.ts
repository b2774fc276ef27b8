import { ChangeType, checkInstantUpdateReply } from 'vite-plugin-visual-edit/protocol'
import type { ServerApi } from '../api/server-api.ts'
import { ChangeLedger, type SubmitOptions, type SubmitOutcome } from '../ledger/ledger.ts'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import { STORYBOARD_ID } from './connection.ts'
import { logFailure } from './failures.ts'
import type { Lookups } from './lookups.ts'
import type { Selection } from './selection.ts'
import type { Slice, SliceStore } from './slice.ts'
import type { Toaster } from './toaster.ts'
import { failureToast } from './toasts.ts'

export interface EditsState {
  /** When the last change was written, and its files (the status bar). */
  lastSave: { at: Date; files: readonly string[] } | null
}

/** Codes of a refusal that says the code is not what the view shows. */
const STALE_VIEW = new Set(['FILE_CHANGED', 'STALE_ELEMENT', 'UNKNOWN_ELEMENT'])

/**
 * Changes to the code (docs/EDITOR.md, Ledger): the ledger that sends them, shown at once through the
 * inspector, and what the user hears of each: a toast with the server's message, its warnings, or why
 * it failed. After a write the written files' lookups are asked again.
 */
export class Edits {
  readonly ledger: ChangeLedger
  readonly #slice: Slice<EditsState>
  readonly #bridge: InspectorBridge
  readonly #lookups: Lookups
  readonly #toaster: Toaster

  constructor(
    store: SliceStore<unknown>,
    deps: {
      api: ServerApi
      bridge: InspectorBridge
      selection: Selection
      lookups: Lookups
      toaster: Toaster
    },
  ) {
    const { api, bridge, selection, lookups } = deps
    this.#slice = store.slice<EditsState>({ lastSave: null })
    this.#bridge = bridge
    this.#lookups = lookups
    this.#toaster = deps.toaster
    this.ledger = new ChangeLedger({
      api,
      refOf: (codebaseId) => selection.refOf(codebaseId),
      stylingFramework: () => lookups.state.stylingFramework,
      instant: {
        // A failure here is the ledger's to handle (the change shows after the save; a rollback is
        // put right by the reload): logged with its reason, then passed on.
        apply: (item) =>
          bridge.call('applyChangeItemToDocument', item).then(checkInstantUpdateReply, (error: unknown) => {
            logFailure(`The app's page did not apply the instant update of ${item.type}`)(error)
            throw error
          }),
        setFlushing: (flushing) => {
          bridge
            .call('setIsFlushing', flushing)
            .catch(logFailure(`The app's page was not told that a save ${flushing ? 'began' : 'ended'}`))
        },
      },
      // Without the classes' CSS the instant update shows the classes the page has already.
      classCss: (classes) =>
        api.classCss(classes).then(
          (answer) => answer.css,
          (error: unknown) => {
            logFailure("The classes' CSS for an instant update could not be read")(error)
            throw error
          },
        ),
      remapped: (map) => void selection.remapped(map),
    })
  }

  get state(): EditsState {
    return this.#slice.state
  }

  /** Sends a change and tells the user how it went (`action` names it in the toasts). */
  async submit(action: string, change: unknown, options?: SubmitOptions): Promise<SubmitOutcome> {
    const outcome = await this.ledger.submit(change, options)
    this.#report(action, outcome)
    return outcome
  }

  async history(direction: 'undo' | 'redo'): Promise<void> {
    await this.historyStep(direction)
  }

  /** One undo or redo, told like any change; its outcome for a caller that goes on (History panel). */
  async historyStep(direction: 'undo' | 'redo', action?: string): Promise<SubmitOutcome> {
    const outcome = direction === 'undo' ? await this.ledger.undo() : await this.ledger.redo()
    this.#report(action ?? (direction === 'undo' ? 'Undo' : 'Redo'), outcome)
    return outcome
  }

  async editClasses(codebaseId: string, newClasses: string[], oldClasses: string[]): Promise<boolean> {
    const outcome = await this.submit('Edit classes', {
      type: ChangeType.UPDATE_CLASSES,
      changeFields: { codebaseIdToUpdateClass: codebaseId, newClasses, oldClasses },
    })
    return outcome.ok
  }

  async editText(codebaseId: string, newText: string, oldText: string): Promise<boolean> {
    const outcome = await this.submit('Edit text', {
      type: ChangeType.EDIT_TEXT,
      changeFields: { codebaseIdToEditText: codebaseId, newText, oldText },
    })
    return outcome.ok
  }

  #report(action: string, outcome: SubmitOutcome): void {
    if (outcome.ok) {
      const { files, toast, warnings } = outcome.response
      if (files.length > 0) {
        this.#slice.set({ lastSave: { at: new Date(), files } })
        this.#lookups.forFiles(files)
      }
      if (toast) this.#toaster.toast({ kind: 'success', title: toast })
      for (const warning of warnings ?? []) this.#toaster.toast({ kind: 'info', title: warning })
      return
    }
    this.#toaster.toast(failureToast(action, outcome.error))
    // The code is not what the view shows: let the inspector rebuild from the page as it is.
    if ('code' in outcome.error && STALE_VIEW.has(String(outcome.error.code)))
      this.#bridge
        .call('initProject', { storyboardId: STORYBOARD_ID })
        .catch(logFailure("The app's page did not rebuild its tree after a refused change"))
  }
}
