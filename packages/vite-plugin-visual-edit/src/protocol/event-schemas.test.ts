import { describe, expect, test } from 'vitest'
import { checkInstantUpdateReply, checkOutboundEvent, navTreeWireProblem } from './event-schemas.ts'
import { OutboundEvent } from './messages.ts'
import { encodeNavTree } from './nav-tree-wire.ts'

/**
 * The editor's check of what the app's frame posts (docs/SECURITY.md): what the inspector really
 * sends passes, and anything else is refused with a reason, never handed to the editor.
 */
const H1 = 'tempo-6ba7b810-9dad-51d1-80b4-00c04fd43000'
const key = (codebaseId = H1, uniquePath = '0-0-1') => ({ codebaseId, storyboardId: 'app', uniquePath })
const keyPayload = (overrides: Record<string, unknown> = {}) => ({
  key: 'Delete',
  code: 'Delete',
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  repeat: false,
  ...overrides,
})
const tree = () =>
  encodeNavTree([
    {
      key: key(H1, '0-0'),
      parent: null,
      children: [1],
      name: 'main',
      elementTagName: 'main',
      isComponent: false,
      pageBoundingBox: { pageX: 0, pageY: 0, width: 100, height: 20 },
      level: 0,
      props: { title: { type: 'LITERAL', value: 'x' } },
    },
    {
      key: key(H1, '0-0-0'),
      parent: 0,
      children: [],
      name: 'h1',
      elementTagName: 'h1',
      isComponent: false,
      classList: ['text-xl'],
      literalChildren: ['Hello'],
      pageBoundingBox: { pageX: 0, pageY: 0, width: 100, height: 20 },
      level: 1,
    },
  ])

describe('what the inspector sends passes', () => {
  test.each([
    [OutboundEvent.NAV_TREE, { tree: tree() }],
    [OutboundEvent.SELECTED_ELEMENT_KEY, { elementKey: key(), outerHTML: '<h1>Hello</h1>' }],
    [OutboundEvent.SELECTED_ELEMENT_KEY, { elementKey: null, outerHTML: null }],
    [OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS, [key(), key(H1, '0-0-2')]],
    [OutboundEvent.HOVERED_ELEMENT_KEY, null],
    [OutboundEvent.HOVERED_ELEMENT_KEY, key('body', '0')],
    [OutboundEvent.KEY_DOWN, keyPayload()],
    [OutboundEvent.LATEST_HREF, 'http://localhost:5173/listing/L1001'],
    [OutboundEvent.HYDRATION_STATUS, { status: 'error', description: 'Hydration failed' }],
    [
      OutboundEvent.DRAG_END,
      {
        elementKey: key(),
        drop: { parentKey: key(H1, '0-0'), codebaseIdToMoveTo: H1, beforeCodebaseId: H1 },
        expectedCurrentParentCodebaseId: H1,
        changeId: 'c1',
      },
    ],
    [OutboundEvent.DRAG_CANCEL, { elementKey: null, reason: 'escape' }],
    [OutboundEvent.EDITED_TEXT, { elementKey: key(), newText: 'Hi</h1><script>', oldText: 'Hello' }],
    [OutboundEvent.START_EDITING_TEXT, { elementKey: key('tempo-duplicate-placeholder-1'), oldText: '' }],
    [OutboundEvent.CONTEXT_MENU, { clientX: 1, clientY: 2, pageX: 1, pageY: 2, elementKey: key() }],
  ] as const)('%s', (type, payload) => {
    const checked = checkOutboundEvent(type, payload)
    expect(checked).not.toHaveProperty('problem')
    expect(checked).toMatchObject({ type })
  })

  test('the tree the inspector encodes is a tree the check accepts', () => {
    expect(navTreeWireProblem(tree())).toBeNull()
  })
})

describe('anything else is refused with its reason', () => {
  const bad: [string, unknown, unknown, RegExp][] = [
    ['an unknown event', 'RUN_THIS', {}, /unknown event type "RUN_THIS"/],
    ['a type that is not a string', { toString: () => 'NAV_TREE' }, {}, /unknown event type/],
    ['an inherited name', 'constructor', {}, /unknown event type/],
    ['a tree that is a number', OutboundEvent.NAV_TREE, { tree: 5 }, /NAV_TREE: tree/],
    [
      'a key with a path outside the page',
      OutboundEvent.SELECTED_ELEMENT_KEY,
      { elementKey: key('../../etc/passwd'), outerHTML: null },
      /codebaseId: a codebase id/,
    ],
    [
      'a key whose path is not a unique path',
      OutboundEvent.HOVERED_ELEMENT_KEY,
      key(H1, '0/../1'),
      /uniquePath: a unique path/,
    ],
    [
      'a storyboard id with a dot',
      OutboundEvent.HOVERED_ELEMENT_KEY,
      { ...key(), storyboardId: 'a.b' },
      /storyboardId/,
    ],
    ['a key without its fields', OutboundEvent.HOVERED_ELEMENT_KEY, { codebaseId: H1 }, /storyboardId/],
    [
      'a key press missing its modifiers',
      OutboundEvent.KEY_DOWN,
      { key: 'Delete', code: 'Delete' },
      /altKey/,
    ],
    [
      'a key press with a megabyte of key',
      OutboundEvent.KEY_DOWN,
      keyPayload({ key: 'x'.repeat(1_000_000) }),
      /key/,
    ],
    [
      'a wheel of NaN',
      OutboundEvent.WHEEL,
      {
        deltaX: Number.NaN,
        deltaY: 0,
        deltaMode: 0,
        clientX: 0,
        clientY: 0,
        ctrlKey: true,
        metaKey: false,
        shiftKey: false,
        altKey: false,
      },
      /deltaX/,
    ],
    ['an href that is an object', OutboundEvent.LATEST_HREF, { href: 'x' }, /LATEST_HREF/],
    ['a hydration status of its own', OutboundEvent.HYDRATION_STATUS, { status: 'pwned' }, /status/],
    [
      'a drop into an invented id',
      OutboundEvent.DRAG_END,
      {
        elementKey: key(),
        drop: { parentKey: key(), codebaseIdToMoveTo: 'tempo-x' },
        expectedCurrentParentCodebaseId: null,
        changeId: null,
      },
      /codebaseIdToMoveTo/,
    ],
    [
      'a text edit without its element',
      OutboundEvent.EDITED_TEXT,
      { newText: 'x', oldText: 'y' },
      /elementKey/,
    ],
    [
      'a cancel for a reason of its own',
      OutboundEvent.DRAG_CANCEL,
      { elementKey: null, reason: 'because' },
      /reason/,
    ],
  ]
  test.each(bad)('%s', (_name, type, payload, reason) => {
    const checked = checkOutboundEvent(type, payload)
    expect(checked).toHaveProperty('problem')
    expect((checked as { problem: string }).problem).toMatch(reason)
    expect((checked as { problem: string }).problem.length).toBeLessThanOrEqual(500)
  })
})

type Wire = Record<string, unknown>

describe('the tree check', () => {
  const broken = (change: (wire: Wire) => void) => {
    const wire = tree() as unknown as Wire
    change(wire)
    return navTreeWireProblem(wire)
  }
  test.each([
    [
      'another version',
      (wire: Wire) => {
        wire.v = 2
      },
      /version 3/,
    ],
    [
      'a string table with a number',
      (wire: Wire) => {
        wire.s = ['', 1]
      },
      /string table/,
    ],
    [
      'a column that is a plain array',
      (wire: Wire) => {
        wire.p = [-1, 0]
      },
      /p is not an Int32Array/,
    ],
    [
      'a column of another length',
      (wire: Wire) => {
        wire.nm = new Int32Array(1)
      },
      /nm does not have one entry per node/,
    ],
    [
      'boxes not four per node',
      (wire: Wire) => {
        wire.b = new Int32Array(3)
      },
      /four numbers per node/,
    ],
    [
      'a parent after its child',
      (wire: Wire) => {
        wire.p = Int32Array.of(1, 0)
      },
      /parent that does not come before/,
    ],
    [
      'a name outside the table',
      (wire: Wire) => {
        ;(wire.nm as Int32Array)[1] = 9999
      },
      /nm of node 1/,
    ],
    [
      'a class list index of -2',
      (wire: Wire) => {
        ;(wire.cl as Int32Array)[0] = -2
      },
      /cl of node 0/,
    ],
    [
      'a prop of no node',
      (wire: Wire) => {
        ;(wire.pr as Int32Array)[0] = 7
      },
      /a prop names no node/,
    ],
    [
      'props and their values apart',
      (wire: Wire) => {
        wire.pv = []
      },
      /pr and pv/,
    ],
    [
      'a text of no node',
      (wire: Wire) => {
        ;(wire.lc as Int32Array)[0] = 5
      },
      /a text names no node/,
    ],
  ] as [string, (wire: Wire) => void, RegExp][])('%s', (_name, change, reason) => {
    expect(broken(change)).toMatch(reason)
  })
})

test("an instant update's reply that is not one counts as a failed instant update", () => {
  expect(checkInstantUpdateReply({ success: true })).toEqual({ success: true })
  expect(checkInstantUpdateReply({ success: 'yes' })).toMatchObject({ success: false })
  expect(checkInstantUpdateReply(null)).toMatchObject({ success: false })
})
