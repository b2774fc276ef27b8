// @vitest-environment happy-dom
/**
 * Conformance with docs/spec/visual-editor.md, sections 1 to 3: what the product does, the screens
 * and overlays, the entities (element keys, codebase ids, the nav tree, the ledger item, change types,
 * replies). The change fields per type are in visual-editor-changes.test.ts. One test per promise,
 * named after its section, so a failure says which promise broke.
 *
 * How each promise is checked:
 * - by value: the protocol's constants and schemas, the nav tree's wire form encoded and decoded, the
 *   inspector's constants, and the real functions called with inputs (readQueryFlags,
 *   applyStoryboardStyles on a happy-dom page, createChangeItem of the editor's ledger);
 * - by type: the mouse drag context, which exists only as a TypeScript type (expectTypeOf, which
 *   `tsc -p tests/conformance` enforces);
 * - by source: none in this file.
 * Behaviour that needs a browser is tested in tests/e2e/inspector/*.spec.ts (outlines, badges, drive
 * mode) and in the runtime's happy-dom tests beside the code.
 */
import { afterEach, describe, expect, expectTypeOf, test } from 'vitest'
import { createChangeItem } from '../../packages/editor-ui/src/ledger/change-item.ts'
import { CHANGE_TYPES } from '../../packages/vite-plugin-visual-edit/src/protocol/change-types.ts'
import type { MouseDragContext } from '../../packages/vite-plugin-visual-edit/src/protocol/drag.ts'
import {
  childUniquePath,
  createElementKey,
  encodePathSegment,
  isUniquePath,
  storyboardElementKey,
} from '../../packages/vite-plugin-visual-edit/src/protocol/element-key.ts'
import { OUTBOUND_EVENT_SCHEMAS } from '../../packages/vite-plugin-visual-edit/src/protocol/event-schemas.ts'
import {
  ADD_JSX_PLACEHOLDER_PREFIX,
  DUPLICATE_PLACEHOLDER_PREFIX,
  EMPTY_TREE_CODEBASE_ID,
  isValidCodebaseId,
  SKIP_ROOT_CODEBASE_ID,
  STORYBOARD_CODEBASE_ID,
  WRAP_IN_DIV_PLACEHOLDER_ID,
} from '../../packages/vite-plugin-visual-edit/src/protocol/ids.ts'
import {
  HydrationStatus,
  OutboundEvent,
  StoryboardType,
  TEMPO_FUNCTION_TYPE,
  TEMPO_OBJECT_TYPE,
} from '../../packages/vite-plugin-visual-edit/src/protocol/messages.ts'
import {
  type NavTreeNode,
  PropType,
} from '../../packages/vite-plugin-visual-edit/src/protocol/nav-tree-node.ts'
import {
  decodeNavTree,
  encodeNavTree,
} from '../../packages/vite-plugin-visual-edit/src/protocol/nav-tree-wire.ts'
import { checkComponentStateAndProps } from '../../packages/vite-plugin-visual-edit/src/protocol/state-and-props.ts'
import { STYLING_FRAMEWORKS } from '../../packages/vite-plugin-visual-edit/src/protocol/styling.ts'
import {
  OUTLINE_COLORS,
  OUTLINE_THICKNESS_PX,
} from '../../packages/vite-plugin-visual-edit/src/runtime/core/constants.ts'
import {
  InspectorContext,
  readQueryFlags,
} from '../../packages/vite-plugin-visual-edit/src/runtime/core/context.ts'
import { applyStoryboardStyles } from '../../packages/vite-plugin-visual-edit/src/runtime/page/storyboard-styles.ts'
import { EDIT_DYNAMIC_TEXT_LABEL } from '../../packages/vite-plugin-visual-edit/src/runtime/text/text-edit.ts'
import { objectEntries } from './support/schemas.ts'

const UUID_V4 = '3f2a8c1e-5b7d-4e9f-8a6b-1c2d3e4f5a6b'
const TAGGED = `tempo-${UUID_V4}`

afterEach(() => {
  document.head.innerHTML = ''
})

/** An inspector context for a page whose address has `search` (storyboard flags are read from it). */
function contextAt(search: string): InspectorContext {
  window.history.replaceState(null, '', `/${search}`)
  return new InspectorContext(window)
}

describe('§1 What the product does and for whom', () => {
  test('§1 The AI-assisted mode: the only effect shown is that outline colours change', () => {
    const normal = [OUTLINE_COLORS.PRIMARY, OUTLINE_COLORS.COMPONENT]
    const ai = [OUTLINE_COLORS.AI_PRIMARY, OUTLINE_COLORS.AI_COMPONENT]
    for (const colour of ai) expect(normal).not.toContain(colour)
  })
})

describe('§2 Screens and routes', () => {
  test("§2 The previewed app mounts under a router with base path '/': the editor opens the app's base", () => {
    const context = contextAt('')
    expect(context.win.location.pathname).toBe('/')
    expect(context.flags.type).toBe(StoryboardType.APPLICATION)
  })

  test('§2 storyboard=true: the root takes the full viewport size', () => {
    const context = contextAt('?storyboard=true')
    expect(context.flags.storyboard).toBe(true)
    applyStoryboardStyles(context)
    expect(document.head.textContent).toContain('html, body, #root { width: 100vw; height: 100vh;')
  })

  test('§2 type=STORY or type=COMPONENT: transparent backgrounds, hidden overflow', () => {
    for (const type of [StoryboardType.STORY, StoryboardType.COMPONENT]) {
      document.head.innerHTML = ''
      const context = contextAt(`?type=${type}`)
      expect(context.flags.type).toBe(type)
      applyStoryboardStyles(context)
      expect(document.head.textContent).toContain('background: transparent !important')
      expect(document.head.textContent).toContain('overflow: hidden !important')
    }
    expect(readQueryFlags('?type=OTHER').type).toBe(StoryboardType.APPLICATION)
  })

  test('§2 framework=VITE: the Vite error overlay is used', () => {
    expect(readQueryFlags('?framework=VITE').framework).toBe('VITE')
    expect(readQueryFlags('').framework).toBeNull()
  })

  test('§2 debugLog=true: debug logging is enabled', () => {
    expect(readQueryFlags('?debugLog=true').debugLog).toBe(true)
    expect(readQueryFlags('?debugLog=false').debugLog).toBe(false)
  })

  test('§2 Drive mode is a flag kept in session storage', () => {
    const context = contextAt('')
    expect(context.storageKey('driveMode')).toMatch(/^visual-edit:app:driveMode$/)
  })

  test("§2 An 'Edit Dynamic Text' button appears on an element whose text cannot be edited statically", () => {
    expect(EDIT_DYNAMIC_TEXT_LABEL).toBe('Edit Dynamic Text')
  })

  test('§2 Outline colours: blue normally, purple when the AI context is on, a separate shade for components', () => {
    expect(OUTLINE_COLORS.PRIMARY).toBe('#4597F7')
    expect(OUTLINE_COLORS.AI_PRIMARY).toBe('#6858f5')
    expect(OUTLINE_COLORS.COMPONENT).not.toBe(OUTLINE_COLORS.PRIMARY)
  })

  test('§2 Outline widths scale with the canvas zoom percentage', () => {
    // Drawn as thickness / zoom (overlay/outlines.ts); tests/e2e/inspector/outlines.spec.ts measures it.
    for (const thickness of Object.values(OUTLINE_THICKNESS_PX)) expect(thickness).toBeGreaterThan(0)
  })
})

describe('§3 Entities and their fields', () => {
  test('§3 Element key: a codebase id, a storyboard id and a unique path', () => {
    expect(Object.keys(createElementKey(TAGGED, 'app', '0-1')).sort()).toEqual([
      'codebaseId',
      'storyboardId',
      'uniquePath',
    ])
  })

  test('§3 The codebase id and storyboard id may contain only letters, digits, hyphen and underscore', () => {
    expect(() => createElementKey('tempo-a_B-9', 'story_board-1', '0')).not.toThrow()
    expect(() => createElementKey('tempo-a.b', 'app', '0')).toThrow()
    expect(() => createElementKey(TAGGED, 'app board', '0')).toThrow()
  })

  test("§3 The unique path is the chain of child indexes from body, prefixed with '0-'", () => {
    expect(childUniquePath(childUniquePath('0', 2), 0)).toBe('0-2-0')
    expect(isUniquePath('0-2-0-5')).toBe(true)
    expect(isUniquePath('1-2')).toBe(false)
  })

  test('§3 Special characters in path names are replaced by word tokens', () => {
    expect(encodePathSegment('Memo(Card)')).toBe('Memo_LPAREN_Card_RPAREN_')
    expect(childUniquePath('0', 'a.b')).toBe('0-a_DOT_b')
  })

  test('§3 A storyboard element uses the fixed codebase marker for storyboards and path 0', () => {
    expect(storyboardElementKey('app')).toEqual({
      codebaseId: STORYBOARD_CODEBASE_ID,
      storyboardId: 'app',
      uniquePath: '0',
    })
  })

  test("§3 Codebase ids start with 'tempo-' followed by a UUID (versions 1 to 5)", () => {
    for (const version of [1, 2, 3, 4, 5])
      expect(isValidCodebaseId(`tempo-3f2a8c1e-5b7d-${version}e9f-8a6b-1c2d3e4f5a6b`)).toBe(true)
    expect(isValidCodebaseId('tempo-3f2a8c1e-5b7d-7e9f-8a6b-1c2d3e4f5a6b')).toBe(false)
    expect(isValidCodebaseId(`other-${UUID_V4}`)).toBe(false)
  })

  test('§3 Codebase ids may be the special placeholders for wrap-in-div, duplicate and add-JSX', () => {
    expect(isValidCodebaseId(WRAP_IN_DIV_PLACEHOLDER_ID)).toBe(true)
    expect(isValidCodebaseId(`${DUPLICATE_PLACEHOLDER_PREFIX}${UUID_V4}`)).toBe(true)
    expect(isValidCodebaseId(`${ADD_JSX_PLACEHOLDER_PREFIX}1`)).toBe(true)
  })

  test('§3 Body, root and __next are also accepted as codebase ids', () => {
    for (const id of ['body', 'root', '__next']) expect(isValidCodebaseId(id)).toBe(true)
  })

  test('§3 Special codebase ids in the tree: EMPTY-TREE and SKIP-ROOT', () => {
    expect([EMPTY_TREE_CODEBASE_ID, SKIP_ROOT_CODEBASE_ID]).toEqual(['EMPTY-TREE', 'SKIP-ROOT'])
  })

  test('§3 Navigation tree node: parent, children, classList, directlySetClassList, name, elementTagName, isComponent, element key, props, literalChildren, scope, page bounding box and level', () => {
    const root: NavTreeNode = {
      key: createElementKey(TAGGED, 'app', '0'),
      parent: null,
      children: [],
      name: 'App',
      elementTagName: 'div',
      isComponent: true,
      classList: ['p-4'],
      directlySetClassList: ['p-4'],
      props: { title: { type: PropType.LITERAL, value: 'Hi' } },
      literalChildren: ['Hi'],
      scope: 'App',
      pageBoundingBox: { pageX: 1, pageY: 2, width: 30, height: 40 },
      level: 0,
    }
    const [decoded] = decodeNavTree(encodeNavTree([root]))
    expect(Object.keys(decoded ?? {}).sort()).toEqual(Object.keys(root).sort())
    expect(decoded?.pageBoundingBox).toEqual({ pageX: 1, pageY: 2, width: 30, height: 40 })
  })

  test('§3 Props are typed LITERAL, FUNCTION or JSON_OBJECT', () => {
    expect(Object.values(PropType)).toEqual(['LITERAL', 'FUNCTION', 'JSON_OBJECT'])
  })

  test('§3 Change ledger item: id (a UUID), type, name, changeFields, and flags for instant update sent, finished, successful, consumed and failed', () => {
    const item = createChangeItem({
      type: 'EDIT_TEXT',
      changeFields: { codebaseIdToEditText: TAGGED, newText: 'b', oldText: 'a' },
    })
    expect(item.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(item.change.type).toBe('EDIT_TEXT')
    expect(item.name).toBe('Edit text')
    expect(item.change.changeFields).toEqual({ codebaseIdToEditText: TAGGED, newText: 'b', oldText: 'a' })
    expect(item).toMatchObject({
      instantUpdateSent: false,
      instantUpdateFinished: false,
      instantUpdateSuccessful: false,
      consumed: false,
      failed: false,
    })
  })

  test('§3 Change types: STYLING, ADD_JSX, MOVE_JSX, REMOVE_JSX, CHANGE_PROP, ADD_CLASS, REMOVE_CLASS, UPDATE_CLASSES, EDIT_TEXT, WRAP_DIV, CHANGE_TAG, DUPLICATE, UNDO, REDO, UNKNOWN', () => {
    expect(CHANGE_TYPES).toEqual([
      'STYLING',
      'ADD_JSX',
      'MOVE_JSX',
      'REMOVE_JSX',
      'CHANGE_PROP',
      'ADD_CLASS',
      'REMOVE_CLASS',
      'UPDATE_CLASSES',
      'EDIT_TEXT',
      'WRAP_DIV',
      'CHANGE_TAG',
      'DUPLICATE',
      'UNDO',
      'REDO',
      'UNKNOWN',
    ])
  })

  test('§3 Styling frameworks: Inline, CSS, Tailwind', () => {
    expect([...STYLING_FRAMEWORKS].sort()).toEqual(['CSS', 'Inline', 'Tailwind'])
  })
})

describe('§3 Replies and contexts', () => {
  test('§3 Processed CSS rule: filename, selector, styles map, applied, allowChanges, removable, inherited, modifiers, classParsed, cssText, codebaseId, eligibleToApply', () => {
    const [rules] = OUTBOUND_EVENT_SCHEMAS[OutboundEvent.PROCESSED_CSS_RULES].pipe
    expect(objectEntries(rules.item)).toEqual([
      'filename',
      'selector',
      'styles',
      'applied',
      'allowChanges',
      'removable',
      'inherited',
      'modifiers',
      'classParsed',
      'cssText',
      'codebaseId',
      'eligibleToApply',
    ])
  })

  test('§3 Mouse drag context: pageX, pageY, offsetX, offsetY, parentSelectedElementKey, selectedParentDisplay, selectedParentFlexDirection, dragging', () => {
    expectTypeOf<keyof MouseDragContext>().toEqualTypeOf<
      | 'pageX'
      | 'pageY'
      | 'offsetX'
      | 'offsetY'
      | 'parentSelectedElementKey'
      | 'selectedParentDisplay'
      | 'selectedParentFlexDirection'
      | 'dragging'
    >()
  })

  test('§3 Computed-style reply: collected CSS values, a parent object with collected parent values, and darkEnabledInParent', () => {
    const reply = OUTBOUND_EVENT_SCHEMAS[OutboundEvent.CSS_EVALS].wrapped
    expect(objectEntries(reply)).toEqual(['styles', 'parent', 'darkEnabledInParent'])
    expect(objectEntries(reply.entries.parent.wrapped)).toEqual(['display', 'flex-direction'])
  })

  test('§3 Component state and props reply: id, props and state; objects are TEMPO_OBJECT_TYPE and functions TEMPO_FUNCTION_TYPE', () => {
    expect([TEMPO_OBJECT_TYPE, TEMPO_FUNCTION_TYPE]).toEqual(['TEMPO_OBJECT_TYPE', 'TEMPO_FUNCTION_TYPE'])
    const reply = {
      id: TAGGED,
      props: { onClick: TEMPO_FUNCTION_TYPE, style: TEMPO_OBJECT_TYPE },
      state: [1],
    }
    expect(checkComponentStateAndProps(reply)).toEqual(reply)
  })

  test('§3 Hydration status: no_error, error, other_error', () => {
    expect(Object.values(HydrationStatus)).toEqual(['no_error', 'error', 'other_error'])
  })

  test('§3 Storyboard type: APPLICATION or STORY; the storyboard component filename and original URL are kept in memory', () => {
    expect(StoryboardType).toMatchObject({ APPLICATION: 'APPLICATION', STORY: 'STORY' })
    const context = contextAt('')
    expect(context.storyboardFile).toBeNull()
    expect(context.originalUrl).toBeNull()
  })
})
