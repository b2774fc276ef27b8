import { type Command, isMac, shortcutOf } from './commands.ts'
import { WIDTH_PRESETS } from './zoom.ts'

/** The groups of actions, in the order the shortcuts sheet and the palette show them. */
export const ACTION_GROUPS = ['Selection', 'History', 'View', 'Page', 'Editor'] as const
export type ActionGroup = (typeof ACTION_GROUPS)[number]

/**
 * What an action acts on: the session's calls (EditorSession has each) and the side panels, which
 * the page's layout holds.
 */
export interface ActionHost {
  run(command: Command): Promise<void>
  setWidth(width: number): void
  zoomToFit(): void
  setDrive(drive: boolean): Promise<void>
  setDark(dark: boolean): void
  setAi(ai: boolean): void
  navigate(action: 'goBack' | 'goForward' | 'refresh'): void
  togglePanel(panel: 'layers' | 'element'): void
  /** What toggles read to know which way they go. */
  readonly state: { readonly dark: boolean; readonly ai: boolean }
}

/** One thing the editor does, by name: the palette lists it, the shortcuts sheet shows its keys. */
export interface EditorAction {
  /** Stable: the palette's item value and the tests' handle. */
  id: string
  title: string
  group: ActionGroup
  /** The key command it is (its shortcut comes from commands.ts's table, never written here). */
  command?: Command
  /** More words the palette matches (`mobile` finds the 390 px width). */
  keywords?: string
  run(host: ActionHost): void | Promise<void>
}

/** An action of a key command: running it is running the command. */
const commandAction = (
  id: string,
  title: string,
  group: ActionGroup,
  command: Command,
  keywords?: string,
): EditorAction => ({
  id,
  title,
  group,
  command,
  ...(keywords ? { keywords } : {}),
  run: (host) => host.run(command),
})

/**
 * Every action of the editor (docs/EDITOR.md, Command palette), in the order they are shown within
 * their group. A new action added here appears in the palette and in the shortcuts sheet; its
 * shortcut, if it has one, is its command's binding in commands.ts.
 */
export const EDITOR_ACTIONS: readonly EditorAction[] = [
  commandAction('edit-text', 'Edit text', 'Selection', 'editText', 'type words'),
  commandAction('duplicate', 'Duplicate', 'Selection', 'duplicate', 'copy clone'),
  commandAction('wrap', 'Wrap in div', 'Selection', 'wrap', 'group container'),
  commandAction('delete', 'Delete', 'Selection', 'delete', 'remove'),
  commandAction(
    'copy-for-agent',
    'Copy for agent',
    'Selection',
    'copyForAgent',
    'clipboard ai llm prompt context',
  ),
  commandAction('select-parent', 'Select parent', 'Selection', 'escape', 'up deselect'),
  commandAction('next-sibling', 'Select next sibling', 'Selection', 'nextSibling', 'down tab'),
  commandAction('previous-sibling', 'Select previous sibling', 'Selection', 'previousSibling', 'up tab'),
  commandAction('first-child', 'Select first child', 'Selection', 'firstChild', 'into children'),
  commandAction('parent', 'Select parent (from the keyboard)', 'Selection', 'parent', 'out up'),
  commandAction('undo', 'Undo', 'History', 'undo'),
  commandAction('redo', 'Redo', 'History', 'redo'),
  commandAction('zoom-in', 'Zoom in', 'View', 'zoomIn', 'bigger'),
  commandAction('zoom-out', 'Zoom out', 'View', 'zoomOut', 'smaller'),
  commandAction('zoom-100', 'Zoom to 100%', 'View', 'zoomReset', 'actual size reset'),
  {
    id: 'zoom-fit',
    title: 'Zoom to fit',
    group: 'View',
    keywords: 'fit width',
    run: (host) => host.zoomToFit(),
  },
  ...WIDTH_PRESETS.map(
    (preset): EditorAction => ({
      id: `width-${preset.width}`,
      title: `Width: ${preset.label}, ${preset.width} px`,
      group: 'View',
      keywords: `viewport breakpoint ${preset.label === 'Phone' ? 'mobile' : ''}`,
      run: (host) => host.setWidth(preset.width),
    }),
  ),
  {
    id: 'theme',
    title: 'Toggle light and dark theme',
    group: 'View',
    keywords: 'dark light appearance colour color mode',
    run: (host) => host.setDark(!host.state.dark),
  },
  {
    id: 'layers-panel',
    title: 'Show or hide the layers panel',
    group: 'View',
    command: 'toggleLayers',
    keywords: 'tree sidebar left collapse expand',
    run: (host) => host.togglePanel('layers'),
  },
  {
    id: 'element-panel',
    title: 'Show or hide the element panel',
    group: 'View',
    command: 'toggleElement',
    keywords: 'styles inspector sidebar right collapse expand',
    run: (host) => host.togglePanel('element'),
  },
  {
    id: 'back',
    title: 'Back',
    group: 'Page',
    keywords: 'history previous',
    run: (host) => host.navigate('goBack'),
  },
  {
    id: 'forward',
    title: 'Forward',
    group: 'Page',
    keywords: 'history next',
    run: (host) => host.navigate('goForward'),
  },
  {
    id: 'reload',
    title: 'Reload the app',
    group: 'Page',
    keywords: 'refresh',
    run: (host) => host.navigate('refresh'),
  },
  {
    id: 'edit-mode',
    title: 'Edit mode: select and change elements',
    group: 'Page',
    keywords: 'select',
    run: (host) => host.setDrive(false),
  },
  {
    id: 'drive-mode',
    title: 'Drive mode: use the app',
    group: 'Page',
    keywords: 'play interact preview',
    run: (host) => host.setDrive(true),
  },
  {
    id: 'ai-context',
    title: 'Toggle the AI context',
    group: 'Page',
    keywords: 'assistant',
    run: (host) => host.setAi(!host.state.ai),
  },
  commandAction('palette', 'Command palette', 'Editor', 'palette', 'search jump go to'),
  commandAction('shortcuts', 'Keyboard shortcuts', 'Editor', 'shortcuts', 'keys help'),
]

/** An action as the palette and the sheet show it: its shortcut written for this platform. */
export interface ShownAction {
  action: EditorAction
  shortcut: string | null
}

/** The actions with their shortcuts as `mac` (or not) writes them, by group in ACTION_GROUPS's order. */
export function actionsByGroup(
  actions: readonly EditorAction[] = EDITOR_ACTIONS,
  mac = isMac(),
): { group: ActionGroup; actions: ShownAction[] }[] {
  return ACTION_GROUPS.map((group) => ({
    group,
    actions: actions
      .filter((action) => action.group === group)
      .map((action) => ({ action, shortcut: action.command ? shortcutOf(action.command, mac) : null })),
  })).filter((entry) => entry.actions.length > 0)
}
