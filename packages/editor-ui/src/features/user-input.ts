import type { Toaster } from './toaster.ts'

/**
 * Whether an input of the user's is under way (the browser's transient activation): a click or key
 * in the app's frame activates the editor's page too. The app's frame runs the app's own scripts,
 * which can post any event on the inspector's port (docs/SECURITY.md): an event that would start a
 * change (a key command, a drag, editing text) is taken only while the user is giving input. A
 * browser without the API is trusted as before.
 */
export class UserInputGate {
  readonly #toaster: Toaster

  constructor(toaster: Toaster) {
    this.#toaster = toaster
  }

  /** Whether `what`, sent by the app's frame, may go on; if not, it is dropped and the user told. */
  allows(what: string): boolean {
    if (navigator.userActivation?.isActive ?? true) return true
    console.warn(`[visual-edit] Ignored ${what} from the app's frame: no input of the user's made it.`)
    this.#toaster.toast({
      kind: 'info',
      title: `Ignored ${what} that the app's page sent without your input.`,
      detail:
        'A script of the app can post messages to the editor; only your own clicks and keys make changes.',
    })
    return false
  }
}
