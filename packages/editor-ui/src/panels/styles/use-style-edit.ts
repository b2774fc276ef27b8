import { useMemo, useRef } from 'react'
import { DELETE_STYLE_CONSTANT } from 'vite-plugin-visual-edit/protocol'
import { useSession } from '../../session/session-context.tsx'

export interface StyleEdit {
  /** A move of a gesture (a scrub, a drag in the picker, a held arrow key): shown in the page, not written. */
  preview(css: string): void
  /** The end of the gesture, or Enter: writes `css` once, unless it is `initial` (then only the preview goes). */
  commit(css: string, initial: string): Promise<void>
  /** The value written empty: the property is removed where it is written (its class, declaration or style key). */
  remove(): Promise<void>
  /** Escape: the preview goes, nothing is written. */
  cancel(): void
  /** The value the gesture under way shows (null: none). */
  readonly pending: string | null
}

/**
 * A control's edits of its property (or of `writes`, the properties one control sets together: the
 * four sides of a border) through the session: previews while a gesture lasts, one STYLING change at
 * its end (docs/EDITOR.md, Styles panel: one undo step per gesture).
 */
export function useStyleEdit(property: string, writes?: readonly string[]): StyleEdit {
  const session = useSession()
  const pending = useRef<string | null>(null)
  const key = (writes ?? [property]).join(' ')
  return useMemo(() => {
    const changes = (css: string) => Object.fromEntries(key.split(' ').map((name) => [name, css]))
    return {
      preview(css) {
        pending.current = css
        session.previewStyle(changes(css))
      },
      async commit(css, initial) {
        const previewed = pending.current !== null
        pending.current = null
        if (css === initial) {
          if (previewed) session.cancelStyle()
          return
        }
        await session.commitStyle(changes(css))
      },
      async remove() {
        pending.current = null
        await session.commitStyle(
          Object.fromEntries(key.split(' ').map((name) => [name, DELETE_STYLE_CONSTANT])),
        )
      },
      cancel() {
        if (pending.current !== null) session.cancelStyle()
        pending.current = null
      },
      get pending() {
        return pending.current
      },
    }
  }, [session, key])
}
