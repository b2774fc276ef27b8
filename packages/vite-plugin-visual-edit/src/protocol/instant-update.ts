import type { ChangeFieldsByType } from './change-schemas.ts'
import type { ChangeType } from './change-types.ts'

/**
 * Instant updates (docs/INSPECTOR.md, Instant updates): right before the editor posts a change to the
 * mutate server it hands the same change to the inspector (`applyChangeItemToDocument`), which shows
 * it at once as a temporary change of the page; the server's write then reloads the module and the
 * re-rendered page replaces it.
 */

/** Marks what an instant update touched or created: the ids of the changes, space-separated. */
export const INSTANT_UPDATE_ATTRIBUTE = 'data-tempo-instant'

/** Console texts (warnings) of an instant update that cannot be placed; the update then fails. */
export const InstantUpdateMessage = {
  NO_PARENT: 'Could not find new parent element for instant update',
  NO_SIBLING: 'Cannot find element to insert before',
} as const

/** One class's CSS, as an UPDATE_CLASSES change carries it for its instant update. */
export interface InvolvedClass {
  /** The class as written, variants included: `md:p-4`. */
  tailwind: string
  /**
   * Its CSS: the rules Tailwind generates for it (what the class-css endpoint (class-css.ts) answers), or bare
   * declarations (`padding: 1rem;`) that apply under `variant`.
   */
  css: string
  /** Bare declarations only: the modifier they apply under (`hover`, `md`, `dark`). */
  variant?: string
}

/** What the inspector reads besides the editor's fields (ADD_JSX's `htmlForInstantUpdate` is one of those). */
interface InspectorAdditions {
  ADD_CLASS: {
    /**
     * The class's CSS: the rules Tailwind generates for it, as the class-css endpoint (class-css.ts) answers
     * (`.p-\[13px\] {\n  padding: 13px;\n}\n`, media queries and `@property` rules included), or bare
     * declarations (`padding: 13px;`) that apply under the change's modifiers. Without it only the
     * class itself is added, which shows when the page's CSS already has it.
     */
    cssEquivalent?: string
    /**
     * Shown only: no write follows (a preview while the user picks a class), so no reload cleans it
     * up. It stays until an UNDO of it (matchingActivityFlushed false) or a reload of the page.
     */
    temporaryOnly?: boolean
  }
  UPDATE_CLASSES: {
    /** The CSS of the classes it adds (the class-css endpoint, class-css.ts), so classes the page lacks show at once. */
    involvedClasses?: InvolvedClass[]
    /** Like ADD_CLASS's temporaryOnly. */
    isInstantChangeOnly?: boolean
  }
}

/** UNDO's and REDO's fields on the inspector side: the change they act on is an inspector item too. */
interface InspectorActivityFields {
  UNDO: {
    /** The change being undone, with its own `id`. */
    changeToUndo: InstantChangeItem
    /**
     * Whether that change had been written and the page reloaded since. False: the inspector only
     * takes back its own temporary update of it (how the editor rolls back a change the server
     * refused); true: it shows the undo (REMOVE_JSX, ADD_CLASS, STYLING, UPDATE_CLASSES only).
     */
    matchingActivityFlushed: boolean
  }
  REDO: { changeToRedo: InstantChangeItem }
}

/** A change type's fields as the inspector takes them. */
export type InstantChangeFields<T extends ChangeType> = T extends keyof InspectorActivityFields
  ? InspectorActivityFields[T]
  : ChangeFieldsByType[T] & (T extends keyof InspectorAdditions ? InspectorAdditions[T] : unknown)

/**
 * The argument of `applyChangeItemToDocument`: one change of the editor's ledger, with its id (a
 * UUID), and the ids the server renamed when it wrote it (`prevIdToNewIdMap`, once written).
 */
export type InstantChangeItem<T extends ChangeType = ChangeType> = T extends ChangeType
  ? {
      id: string
      type: T
      changeFields: InstantChangeFields<T>
      prevIdToNewIdMap?: Record<string, string>
    }
  : never

/** What `applyChangeItemToDocument` answers. */
export interface InstantUpdateReply {
  success: boolean
  error?: string
}

/** INSTANT_UPDATE_DONE's payload, sent for every `applyChangeItemToDocument` call. */
export interface InstantUpdateDonePayload extends InstantUpdateReply {
  /** The item's `id`. */
  changeId: string
}
