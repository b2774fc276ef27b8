/**
 * What the undo of a written change needs and the page no longer has (apply-undo.ts): REMOVE_JSX's
 * elements as HTML with their place, STYLING's computed values from before. Kept for the last
 * HISTORY_LIMIT changes shown in this page load; a reload forgets them.
 */

/** Written changes whose undo the page can still show. */
const HISTORY_LIMIT = 50
/** Kept outerHTML of one REMOVE_JSX, at most (longer: its undo shows after the reload only). */
export const HISTORY_HTML_LIMIT = 512 * 1024

/** Where a removed element was, by codebase ids, and its HTML: how its undo is shown after the write. */
export interface RemovedElement {
  html: string
  parent: string
  before?: string
  after?: string
}

/** What an undo of one written change needs. */
export interface Kept {
  codebaseId?: string
  style?: Record<string, string>
  removed?: RemovedElement[]
}

/** `id` as the server renamed it (`prevIdToNewIdMap`), else itself. */
export const renamed = (map: Readonly<Record<string, string>>, id: string): string => {
  const next = map[id]
  return typeof next === 'string' ? next : id
}

/** The kept entries by change id, oldest first; the oldest goes past HISTORY_LIMIT. */
export class InstantHistory {
  readonly #kept = new Map<string, Kept>()

  get(changeId: string): Kept | undefined {
    return this.#kept.get(changeId)
  }

  remember(changeId: string, entry: Kept): void {
    this.#kept.delete(changeId)
    this.#kept.set(changeId, entry)
    if (this.#kept.size > HISTORY_LIMIT) this.#kept.delete(this.#kept.keys().next().value as string)
  }

  /** The kept ids follow the renamed elements (updateCodebaseIds). */
  remap(map: Readonly<Record<string, string>>): void {
    for (const entry of this.#kept.values()) {
      if (entry.codebaseId) entry.codebaseId = renamed(map, entry.codebaseId)
      for (const removed of entry.removed ?? []) {
        removed.parent = renamed(map, removed.parent)
        if (removed.before) removed.before = renamed(map, removed.before)
        if (removed.after) removed.after = renamed(map, removed.after)
      }
    }
  }
}
