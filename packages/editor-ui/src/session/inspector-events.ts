import { type InspectorEventHandlers, OutboundEvent } from 'vite-plugin-visual-edit/protocol'
import type { CommandRunner } from '../features/command-runner.ts'
import type { Dragging } from '../features/drag.ts'
import type { Lookups } from '../features/lookups.ts'
import type { Page } from '../features/page.ts'
import type { Selection } from '../features/selection.ts'
import type { Styles } from '../features/styles.ts'
import type { TextEditing } from '../features/text-edit.ts'
import type { Tree } from '../features/tree.ts'
import type { View } from '../features/view.ts'

/** The features the inspector's events go to. */
export interface EventTargets {
  tree: Tree
  lookups: Lookups
  selection: Selection
  page: Page
  view: View
  commands: CommandRunner
  dragging: Dragging
  textEditing: TextEditing
  styles: Styles
}

/** For events the editor takes no action on (see each). */
const ignored = () => {}

/**
 * What each event of the inspector does: one handler per event of the port's map (protocol/port.ts),
 * each given the payload its schema accepted. Typed as the whole table, so an event added to the
 * protocol without a line here fails to compile.
 */
export function inspectorEventHandlers(to: EventTargets): InspectorEventHandlers {
  const { tree, lookups, selection, page, view, commands, dragging, textEditing, styles } = to
  return {
    [OutboundEvent.NAV_TREE]: (payload) => {
      lookups.forTree(tree.received(payload), selection.keys)
      styles.treeChanged()
    },
    [OutboundEvent.SELECTED_ELEMENT_KEY]: ({ elementKey }) => selection.selectedInFrame(elementKey),
    [OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS]: (keys) => selection.multiSelectedInFrame(keys),
    [OutboundEvent.HOVERED_ELEMENT_KEY]: (key) => selection.hoveredInFrame(key),
    [OutboundEvent.CONTEXT_MENU]: (menu) => selection.menuInFrame(menu.elementKey, view.toEditor(menu)),
    [OutboundEvent.LATEST_HREF]: (href) => page.hrefReported(href),
    [OutboundEvent.HYDRATION_STATUS]: (report) => page.hydrationReported(report),
    [OutboundEvent.KEY_DOWN]: (key) => commands.keyDown(key),
    [OutboundEvent.KEY_UP]: (key) => commands.keyUp(key),
    [OutboundEvent.WHEEL]: (wheel) => view.wheel(wheel),
    [OutboundEvent.DRAG_START]: ({ elementKey }) => dragging.started(elementKey),
    [OutboundEvent.DRAG_END]: (end) => dragging.ended(end),
    [OutboundEvent.DRAG_CANCEL]: () => dragging.cancelled(),
    [OutboundEvent.START_EDITING_TEXT]: (start) => textEditing.started(start),
    [OutboundEvent.EDITED_TEXT]: (edited) => textEditing.edited(edited),
    [OutboundEvent.EDIT_DYNAMIC_TEXT]: (payload) => textEditing.dynamicText(payload),
    // The CSS functions' replies carry the same as these (the Styles feature reads the replies).
    [OutboundEvent.PROCESSED_CSS_RULES]: ignored,
    [OutboundEvent.CSS_EVALS]: ignored,
    [OutboundEvent.RULE_MATCH]: ignored,
    [OutboundEvent.ELEMENT_CLASS_LIST]: ignored,
    // The ledger follows an instant update by applyChangeItemToDocument's reply.
    [OutboundEvent.INSTANT_UPDATE_DONE]: ignored,
    // The frame's own hover follows the pointer; the editor needs no pointer moves of its own.
    [OutboundEvent.MOUSE_MOVE]: ignored,
    // The spec's; the inspector never sends it.
    [OutboundEvent.CONTEXT_REQUESTED]: ignored,
  }
}
