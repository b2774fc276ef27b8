import type { ElementKey } from 'vite-plugin-visual-edit/protocol'
import { assign, setup } from 'xstate'

export interface SelectionContext {
  hovered: ElementKey | null
  /** One key for a single selection or a storyboard, several for a multi-selection. */
  selected: ElementKey[]
  /** Whether two keys are siblings (children of one parent) in the current tree. */
  areSiblings: (a: ElementKey, b: ElementKey) => boolean
}

export type SelectionEvent =
  | { type: 'HOVER'; key: ElementKey | null }
  | { type: 'SELECT'; key: ElementKey }
  | { type: 'SELECT_STORYBOARD'; key: ElementKey }
  /** Shift-click: adds or removes a sibling of the selection; anything else is ignored. */
  | { type: 'TOGGLE'; key: ElementKey }
  /**
   * The page's multi-selection as it reports it (shift-clicks in the frame): the page checked the
   * siblings against the page as it is, which the editor's tree may not show yet.
   */
  | { type: 'ADOPT'; keys: readonly ElementKey[] }
  | { type: 'CLEAR' }
  | { type: 'DRIVE' }
  | { type: 'EDIT' }
  /**
   * Codebase ids an edit changed: the selection follows its elements. `selection` false: the page
   * says the selection was chosen in the edit's new code already, so only the hover follows.
   */
  | { type: 'REMAP'; map: Readonly<Record<string, string>>; selection?: boolean }

const sameKey = (a: ElementKey, b: ElementKey) =>
  a.codebaseId === b.codebaseId && a.storyboardId === b.storyboardId && a.uniquePath === b.uniquePath

const remapKey = (key: ElementKey, map: Readonly<Record<string, string>>): ElementKey => {
  const codebaseId = map[key.codebaseId]
  return codebaseId ? { ...key, codebaseId } : key
}

/**
 * The editor's selection (docs/EDITOR.md, Selection): none, one element, a storyboard or several
 * siblings, and the hovered element. Shift-click adds or removes siblings only. Drive mode suppresses
 * everything: entering it clears hover and selection, and no selection event is taken until edit mode.
 * The UI asks `snapshot.can(...)` what it may do.
 */
export const selectionMachine = setup({
  types: {
    context: {} as SelectionContext,
    events: {} as SelectionEvent,
    input: {} as { areSiblings: SelectionContext['areSiblings'] },
  },
  actions: {
    hover: assign({ hovered: ({ event }) => (event.type === 'HOVER' ? event.key : null) }),
    selectOne: assign({
      selected: ({ event }) =>
        event.type === 'SELECT' || event.type === 'SELECT_STORYBOARD' ? [event.key] : [],
    }),
    toggle: assign({
      selected: ({ context, event }) => {
        if (event.type !== 'TOGGLE') return context.selected
        const kept = context.selected.filter((key) => !sameKey(key, event.key))
        return kept.length < context.selected.length ? kept : [...context.selected, event.key]
      },
    }),
    adopt: assign({
      selected: ({ event, context }) => (event.type === 'ADOPT' ? [...event.keys] : context.selected),
    }),
    clearSelection: assign({ selected: () => [] }),
    clearAll: assign({ selected: () => [], hovered: () => null }),
    remap: assign({
      selected: ({ context, event }) =>
        event.type === 'REMAP' && event.selection !== false
          ? context.selected.map((key) => remapKey(key, event.map))
          : context.selected,
      hovered: ({ context, event }) =>
        event.type === 'REMAP' && context.hovered ? remapKey(context.hovered, event.map) : context.hovered,
    }),
  },
  guards: {
    isSiblingOfSelection: ({ context, event }) =>
      event.type === 'TOGGLE' &&
      context.selected.length > 0 &&
      context.selected.every((key) => sameKey(key, event.key) || context.areSiblings(key, event.key)),
    leavesOne: ({ context, event }) =>
      event.type === 'TOGGLE' &&
      context.selected.length === 2 &&
      context.selected.some((key) => sameKey(key, event.key)),
    leavesNone: ({ context, event }) =>
      event.type === 'TOGGLE' &&
      context.selected.length === 1 &&
      sameKey(context.selected[0] as ElementKey, event.key),
  },
}).createMachine({
  id: 'selection',
  context: ({ input }) => ({ hovered: null, selected: [], areSiblings: input.areSiblings }),
  initial: 'edit',
  states: {
    edit: {
      initial: 'none',
      on: {
        HOVER: { actions: 'hover' },
        SELECT: { target: '.selected', actions: 'selectOne' },
        SELECT_STORYBOARD: { target: '.storyboard', actions: 'selectOne' },
        CLEAR: { target: '.none', actions: 'clearSelection' },
        ADOPT: [
          {
            guard: ({ event }) => event.type === 'ADOPT' && event.keys.length > 1,
            target: '.multiSelected',
            actions: 'adopt',
          },
          {
            guard: ({ event }) => event.type === 'ADOPT' && event.keys.length === 1,
            target: '.selected',
            actions: 'adopt',
          },
          { target: '.none', actions: 'adopt' },
        ],
        DRIVE: { target: 'drive', actions: 'clearAll' },
        REMAP: { actions: 'remap' },
      },
      states: {
        none: {},
        storyboard: {},
        selected: {
          on: {
            TOGGLE: [
              { guard: 'leavesNone', target: 'none', actions: 'toggle' },
              { guard: 'isSiblingOfSelection', target: 'multiSelected', actions: 'toggle' },
            ],
          },
        },
        multiSelected: {
          on: {
            TOGGLE: [
              { guard: 'leavesOne', target: 'selected', actions: 'toggle' },
              { guard: 'isSiblingOfSelection', actions: 'toggle' },
            ],
          },
        },
      },
    },
    drive: {
      on: { EDIT: 'edit' },
    },
  },
})
