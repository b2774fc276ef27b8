import {
  ChangeType,
  elementKeysEqual,
  hasCodebaseIdPrefix,
  type KeyPayload,
} from 'vite-plugin-visual-edit/protocol'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import { type Command, commandFor, NAVIGATION_COMMANDS } from './commands.ts'
import type { Dragging } from './drag.ts'
import type { Edits } from './edits.ts'
import { logFailure, reasonOf } from './failures.ts'
import type { Palette } from './palette.ts'
import type { Selection } from './selection.ts'
import { moveSelection, type SelectionMove } from './selection-nav.ts'
import type { TextEditing } from './text-edit.ts'
import type { Toaster } from './toaster.ts'
import type { Tree } from './tree.ts'
import type { UserInputGate } from './user-input.ts'
import type { View } from './view.ts'
import { stepZoom } from './zoom.ts'

/** Key commands that write the user's files (the rest move the view or the selection). */
const CHANGING_COMMANDS: ReadonlySet<Command> = new Set(['undo', 'redo', 'duplicate', 'wrap', 'delete'])

/** Key commands the editor takes from the frame in drive mode too. */
const DRIVE_MODE_COMMANDS: ReadonlySet<Command> = new Set(['undo', 'redo', 'palette'])

/** What commands act on. */
interface CommandTargets {
  bridge: InspectorBridge
  selection: Selection
  tree: Tree
  edits: Edits
  view: View
  textEditing: TextEditing
  dragging: Dragging
  gate: UserInputGate
  toaster: Toaster
  palette: Palette
  /** Copy for agent (features/agent-bridge.ts). */
  copyForAgent: () => Promise<void>
}

/**
 * What a command does (docs/EDITOR.md, Gestures and shortcuts), from a shortcut in the editor
 * (app/use-shortcuts.ts), a key in the frame (KEY_DOWN), the selection's menu or the toolbar.
 */
export class CommandRunner {
  readonly #deps: CommandTargets
  /** The page's layout shows and hides the side panels (app/Editor.tsx registers it). */
  #togglePanel: ((panel: 'layers' | 'element') => void) | null = null

  constructor(deps: CommandTargets) {
    this.#deps = deps
  }

  /** The layout's side panels, for toggleLayers and toggleElement; returns the unregistering. */
  panels(toggle: (panel: 'layers' | 'element') => void): () => void {
    this.#togglePanel = toggle
    return () => {
      if (this.#togglePanel === toggle) this.#togglePanel = null
    }
  }

  /**
   * Moves the one selected element's selection through the tree (features/selection-nav.ts), the
   * layers following it, and scrolls the page just enough to show it.
   */
  async #move(move: SelectionMove): Promise<void> {
    const { selection, tree, bridge, textEditing } = this.#deps
    const only = selection.keys.length === 1 ? selection.keys[0] : undefined
    if (!only || selection.driving || textEditing.editing) return
    const nodes = tree.state.nodes
    const to = moveSelection(
      nodes,
      nodes.findIndex((node) => elementKeysEqual(node.key, only)),
      move,
    )
    if (!to) return
    await selection.select(to)
    await bridge
      .call('revealElement', to)
      .catch(logFailure("The app's page did not scroll to the element the keys selected"))
  }

  async run(command: Command): Promise<void> {
    const { bridge, selection, tree, edits, view, textEditing, dragging, toaster, palette } = this.#deps
    const selected = selection.keys
    // Elements of the code only: the page's roots and the storyboard have none to change.
    const ids = [...new Set(selected.map((key) => key.codebaseId))].filter(hasCodebaseIdPrefix)
    switch (command) {
      case 'undo':
      case 'redo':
        return edits.history(command)
      case 'escape': {
        if (textEditing.editing || dragging.cancel()) return
        const only = selected.length === 1 ? selected[0] : undefined
        const parent = only ? tree.parentOf(only) : undefined
        await selection.select(parent && hasCodebaseIdPrefix(parent.key.codebaseId) ? parent.key : null)
        return
      }
      case 'zoomIn':
      case 'zoomOut':
        return view.setZoom(stepZoom(view.state.zoom, command === 'zoomIn' ? 1 : -1))
      case 'zoomReset':
        return view.setZoom(100)
      case 'palette':
        return palette.togglePalette()
      case 'shortcuts':
        return palette.setShortcutsOpen(!palette.state.shortcutsOpen)
      case 'copyForAgent':
        return this.#deps.copyForAgent()
      case 'toggleLayers':
      case 'toggleElement':
        return this.#togglePanel?.(command === 'toggleLayers' ? 'layers' : 'element')
      case 'nextSibling':
      case 'previousSibling':
      case 'firstChild':
      case 'parent':
        return this.#move(command)
      case 'editText':
        // The user pressed Enter and expects the text to open: a failure is theirs to know.
        if (ids.length === 1)
          await bridge.call('startEditingText').catch((error: unknown) =>
            toaster.toast({
              kind: 'error',
              title: 'The text did not open for editing.',
              detail: reasonOf(error),
            }),
          )
        return
      default:
    }
    if (ids.length === 0 || selection.driving) return
    if (command === 'duplicate')
      await edits.submit('Duplicate', {
        type: ChangeType.DUPLICATE,
        changeFields: { codebaseIdsToDuplicate: ids },
      })
    else if (command === 'wrap')
      await edits.submit('Wrap in div', {
        type: ChangeType.WRAP_DIV,
        changeFields: { codebaseIdsToWrap: ids },
      })
    else if (command === 'delete') {
      await selection.select(null)
      await edits.submit('Delete', {
        type: ChangeType.REMOVE_JSX,
        changeFields: { codebaseIdsToRemove: ids },
      })
    }
  }

  /** KEY_DOWN: a key pressed with the focus in the frame. */
  keyDown(key: KeyPayload): void {
    const { selection, view, gate } = this.#deps
    if (key.code === 'Space' && !key.repeat && !selection.driving) {
      view.setSpaceHeld(true)
      return
    }
    const command = commandFor(key)
    // Keys typed into the app's own fields in drive mode are the app's (the palette's key is the editor's).
    if (!command || (selection.driving && !DRIVE_MODE_COMMANDS.has(command))) return
    // Arrows typed while editing text in place move the caret, not the selection.
    if (NAVIGATION_COMMANDS.has(command) && this.#deps.textEditing.editing) return
    if (CHANGING_COMMANDS.has(command) && !gate.allows(`the ${command} shortcut`)) return
    void this.run(command)
  }

  /** KEY_UP: space let go ends panning. */
  keyUp(key: KeyPayload): void {
    if (key.code === 'Space') this.#deps.view.setSpaceHeld(false)
  }
}
