import { newChangeId } from './core/change-id.ts'
import type { InspectorContext } from './core/context.ts'
import { type CssFunctions, createCssFunctions } from './css/css-functions.ts'
import { createDarkMode, type DarkMode } from './css/dark-mode.ts'
import { createDrag, type Drag } from './drag/drag.ts'
import { createInstantUpdates, type InstantUpdates } from './instant/instant-update.ts'
import type { Outlines } from './overlay/outlines.ts'
import type { Selection } from './selection/selection.ts'
import type { NavTree } from './tree/nav-tree.ts'

/** The editing features: CSS rules and forced states, dark mode shown, instant updates, drag to move. */
export interface Editing {
  css: CssFunctions
  darkMode: DarkMode
  instant: InstantUpdates
  drag: Drag
  start(): void
  stop(): void
}

/**
 * The inspector's editing features, a chunk of their own (inspector.ts imports this file dynamically
 * once an editor connects), so a page with no editor never loads them.
 */
export function createEditing(
  context: InspectorContext,
  tree: NavTree,
  selection: Selection,
  outlines: Outlines,
): Editing {
  const css = createCssFunctions(context, tree, selection)
  const darkMode = createDarkMode(context)
  const instant = createInstantUpdates(context, tree)
  // A drop shows the move at once, in the same task as the pointer up, under an id the editor's ledger takes.
  const drag = createDrag(context, tree, selection, outlines, (changeFields) => {
    const id = newChangeId()
    return instant.apply({ id, type: 'MOVE_JSX', changeFields }).success ? id : null
  })
  return {
    css,
    darkMode,
    instant,
    drag,
    start() {
      drag.start()
      css.start()
    },
    stop() {
      instant.stop()
      darkMode.stop()
      css.stop()
      drag.stop()
    },
  }
}
