import {
  type AnyChange,
  ChangeType,
  type InstantChangeItem,
  type InvolvedClass,
  withModifiers,
} from 'vite-plugin-visual-edit/protocol'

/** The CSS the project's Tailwind generates for classes (the class-css endpoint); null: none. */
export type ClassCss = (classes: readonly string[]) => Promise<Record<string, string | null>>

/** ADD_CLASS's class as the server writes it: under its modifiers (`md:hover:p-4`). */
const addedClass = (fields: { className: string; modifiers?: readonly string[] | undefined }) =>
  withModifiers(fields.className, fields.modifiers ?? [])

/** The classes a change adds whose CSS the instant update needs (the page may not have them yet). */
export function classesNeedingCss(change: AnyChange): string[] {
  if (change.type === ChangeType.ADD_CLASS) return [addedClass(change.changeFields)]
  if (change.type === ChangeType.UPDATE_CLASSES) {
    const old = new Set(change.changeFields.oldClasses)
    return change.changeFields.newClasses.filter((className) => !old.has(className))
  }
  return []
}

/**
 * The inspector's item for a change (spec section 3, inspector-side additions): the change's fields,
 * plus for ADD_CLASS the class's `cssEquivalent` and for UPDATE_CLASSES the `involvedClasses` it
 * adds, from `css` (class -> its CSS, as the class-css endpoint answers). UNDO and REDO are built by
 * the ledger from the inspector items it kept.
 */
export function instantItemOf(
  id: string,
  change: AnyChange,
  css: Readonly<Record<string, string | null>> = {},
): InstantChangeItem {
  switch (change.type) {
    case ChangeType.ADD_CLASS: {
      const cssEquivalent = css[addedClass(change.changeFields)]
      return {
        id,
        type: change.type,
        changeFields: { ...change.changeFields, ...(cssEquivalent ? { cssEquivalent } : {}) },
      }
    }
    case ChangeType.UPDATE_CLASSES: {
      const involvedClasses: InvolvedClass[] = []
      for (const className of classesNeedingCss(change)) {
        const text = css[className]
        if (text) involvedClasses.push({ tailwind: className, css: text })
      }
      return { id, type: change.type, changeFields: { ...change.changeFields, involvedClasses } }
    }
    default:
      return { id, type: change.type, changeFields: change.changeFields } as InstantChangeItem
  }
}
