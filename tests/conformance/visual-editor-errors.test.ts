// @vitest-environment happy-dom
/**
 * Conformance with docs/spec/visual-editor.md, sections 8 (the error catalogue) and 9 (business
 * constants and limits). One test per promise, named after its section.
 *
 * How each promise is checked:
 * - by value: the protocol's error texts, the inspector's modules on a happy-dom page (inspectElement's
 *   replies, a failing tree build, the hydration report, CSS evals, the rules of an unreadable sheet)
 *   and the constants;
 * - by source: a failed rebuild after a DOM change (runtime/tree/nav-tree.ts), and that the inspector
 *   divides the drag threshold and the outline widths by the zoom (runtime/drag/drag.ts,
 *   runtime/overlay/outlines.ts), which tests/e2e/inspector/outlines.spec.ts and drag.test.ts measure.
 */
import { act, createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  DRAG_THRESHOLD_PX,
  OUT_OF_SCREEN_DRAG_START,
} from '../../packages/vite-plugin-visual-edit/src/protocol/drag.ts'
import { createElementKey } from '../../packages/vite-plugin-visual-edit/src/protocol/element-key.ts'
import { ProtocolErrorMessage } from '../../packages/vite-plugin-visual-edit/src/protocol/errors.ts'
import { InstantUpdateMessage } from '../../packages/vite-plugin-visual-edit/src/protocol/instant-update.ts'
import {
  FUNCTION_NOT_FOUND,
  InspectError,
} from '../../packages/vite-plugin-visual-edit/src/protocol/messages.ts'
import { RESPONSIVE_MODIFIERS } from '../../packages/vite-plugin-visual-edit/src/protocol/styling.ts'
import {
  DIMENSION_BADGE,
  EDIT_TEXT_BUTTON_PX,
  FRAME_BUDGET_MS,
  LOADER_REBUILD_DELAY_MS,
  NAV_TREE_REBUILD_DELAY_MS,
  NAV_TREE_SLICE_MS,
  OUTLINE_COLORS,
  OUTLINE_SCROLL_THROTTLE_MS,
  OUTLINE_THICKNESS_PX,
  Z_INDEX,
} from '../../packages/vite-plugin-visual-edit/src/runtime/core/constants.ts'
import { InspectorContext } from '../../packages/vite-plugin-visual-edit/src/runtime/core/context.ts'
import {
  CSS_EVAL_PROPERTIES,
  cssEvals,
} from '../../packages/vite-plugin-visual-edit/src/runtime/css/css-evals.ts'
import { rulesOf } from '../../packages/vite-plugin-visual-edit/src/runtime/css/css-rules.ts'
import { INHERITED_PROPERTIES } from '../../packages/vite-plugin-visual-edit/src/runtime/css/processed-css-rules.ts'
import {
  INSTANT_EPOCH_MS,
  instantClassPrefix,
} from '../../packages/vite-plugin-visual-edit/src/runtime/instant/instant-styles.ts'
import { checkHydration } from '../../packages/vite-plugin-visual-edit/src/runtime/page/hydration.ts'
import { inspectElement } from '../../packages/vite-plugin-visual-edit/src/runtime/react/state-and-props.ts'
import { createNavTree } from '../../packages/vite-plugin-visual-edit/src/runtime/tree/nav-tree.ts'
import { sourceOf } from './support/source.ts'

const ID = 'tempo-3f2a8c1e-5b7d-4e9f-8a6b-1c2d3e4f5a6b'
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

/** An inspector context for this page, stopped after the test. */
function inspector(): InspectorContext {
  const context = new InspectorContext(window)
  cleanups.push(() => context.stop())
  return context
}

describe('§8 The error catalogue', () => {
  test("§8 Replies to inspect requests: 'No component name'", () => {
    expect(() => inspectElement(inspector(), {})).toThrow(InspectError.NO_COMPONENT_NAME)
    expect(InspectError.NO_COMPONENT_NAME).toBe('No component name')
  })

  test("§8 Replies to inspect requests: 'Could not find element'", () => {
    expect(() => inspectElement(inspector(), { componentName: 'Card', tempoElementID: ID })).toThrow(
      'Could not find element',
    )
  })

  test("§8 Replies to inspect requests: 'No component found'", () => {
    document.body.innerHTML = `<div data-tempo-id="${ID}"></div>`
    expect(() => inspectElement(inspector(), { componentName: 'Card', tempoElementID: ID })).toThrow(
      'No component found',
    )
  })

  test("§8 Replies to inspect requests: 'Could not find component'", () => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    const container = document.body.appendChild(document.createElement('div'))
    const root = createRoot(container)
    const Card = () => createElement('p', { 'data-tempo-id': ID }, 'Hi')
    act(() => root.render(createElement(Card)))
    cleanups.push(() => act(() => root.unmount()))
    expect(() => inspectElement(inspector(), { componentName: 'Other', tempoElementID: ID })).toThrow(
      'Could not find component',
    )
    expect(inspectElement(inspector(), { componentName: 'Card', tempoElementID: ID }).props).toEqual({})
  })

  test("§8 Thrown: 'Codebase ID contains invalid chars'", () => {
    expect(() => createElementKey('tempo-a b', 'app', '0')).toThrow('Codebase ID contains invalid chars')
  })

  test("§8 Thrown: 'Storyboard ID contains invalid chars'", () => {
    expect(() => createElementKey(ID, 'app/1', '0')).toThrow('Storyboard ID contains invalid chars')
  })

  test("§8 Thrown: 'Unknown change type', 'Unsupported operation'", () => {
    expect(ProtocolErrorMessage.UNKNOWN_CHANGE_TYPE).toBe('Unknown change type')
    expect(ProtocolErrorMessage.UNSUPPORTED_OPERATION).toBe('Unsupported operation')
  })

  test('§8 Hydration errors are read from the framework overlay and reported with description, label and body', () => {
    const overlay = document.body.appendChild(document.createElement('vite-error-overlay'))
    overlay.attachShadow({ mode: 'open' }).innerHTML =
      '<pre class="message"><span class="plugin">[plugin:runtime]</span><span class="message-body">Hydration failed</span></pre><pre class="frame">at App</pre>'
    expect(checkHydration(inspector())).toEqual({
      status: 'error',
      description: 'Hydration failed',
      label: '[plugin:runtime]',
      body: 'at App',
    })
  })

  test("§8 Console only: 'Function to execute not found'", () => {
    expect(FUNCTION_NOT_FOUND).toBe('Function to execute not found')
  })

  test("§8 Console only: 'Error building nav tree'", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    window.history.replaceState(null, '', '/?type=STORY')
    const context = inspector()
    window.history.replaceState(null, '', '/')
    context.lookups.get = () => {
      throw new Error('lookups unreadable')
    }
    document.body.innerHTML = `<div data-tempo-id="${ID}"></div>`
    const tree = createNavTree(context)
    cleanups.push(() => tree.stop())
    await expect(tree.rebuild()).rejects.toThrow('lookups unreadable')
    expect(errors).toHaveBeenCalledWith('Error building nav tree', expect.any(Error))
  })

  test("§8 Console only: 'Could not re-create nav tree on DOM change' (runtime/tree/nav-tree.ts)", () => {
    expect(sourceOf('packages/vite-plugin-visual-edit/src/runtime/tree/nav-tree.ts')).toContain(
      ".catch((error) => console.error('Could not re-create nav tree on DOM change', error))",
    )
  })

  test("§8 Console only: 'Could not find new parent element for instant update', 'Cannot find element to insert before'", () => {
    expect(InstantUpdateMessage).toEqual({
      NO_PARENT: 'Could not find new parent element for instant update',
      NO_SIBLING: 'Cannot find element to insert before',
    })
  })

  test('§8 Console only: a warning if the rendering callback takes longer than 16 ms', () => {
    expect(FRAME_BUDGET_MS).toBe(16)
  })

  test('§8 Console only: unreadable stylesheets are logged and skipped', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const unreadable = {
      href: 'https://cdn.example/site.css',
      get cssRules(): never {
        throw new DOMException('Cannot access rules', 'SecurityError')
      },
    }
    vi.spyOn(document, 'styleSheets', 'get').mockReturnValue([unreadable] as unknown as StyleSheetList)
    expect(rulesOf(document)).toEqual([])
    expect(warn).toHaveBeenCalledOnce()
  })
})

describe('§9 Business constants and limits', () => {
  test('§9 Navigation tree build time slice: 10 ms', () => expect(NAV_TREE_SLICE_MS).toBe(10))

  test('§9 Nav tree rebuild after mutation: 300 ms', () => expect(NAV_TREE_REBUILD_DELAY_MS).toBe(300))

  test('§9 Delayed rebuild for Next.js loader: 1000 ms', () => expect(LOADER_REBUILD_DELAY_MS).toBe(1000))

  test('§9 Frame time budget warning: 16 ms', () => expect(FRAME_BUDGET_MS).toBe(16))

  test('§9 Outline update throttle on scroll: 15 ms', () => expect(OUTLINE_SCROLL_THROTTLE_MS).toBe(15))

  test('§9 Drag threshold: 20 px divided by zoom', () => {
    expect(DRAG_THRESHOLD_PX).toBe(20)
    expect(sourceOf('packages/vite-plugin-visual-edit/src/runtime/drag/drag.ts')).toContain(
      'if (distance < DRAG_THRESHOLD_PX / zoom()) return false',
    )
  })

  test('§9 Out-of-screen drag start coordinates: -10000', () => expect(OUT_OF_SCREEN_DRAG_START).toBe(-10000))

  test('§9 Overlay layering: 2000000000 to 2000000003 (secondary, child, primary, move in rising order); outline 2000000004', () => {
    expect([Z_INDEX.SECONDARY, Z_INDEX.CHILD, Z_INDEX.PRIMARY, Z_INDEX.MOVE, Z_INDEX.OUTLINE]).toEqual([
      2000000000, 2000000001, 2000000002, 2000000003, 2000000004,
    ])
  })

  test('§9 Primary outline thickness: 1 px divided by zoom', () => {
    expect(OUTLINE_THICKNESS_PX.PRIMARY).toBe(1)
    expect(sourceOf('packages/vite-plugin-visual-edit/src/runtime/overlay/outlines.ts')).toContain(
      'const primaryThickness = OUTLINE_THICKNESS_PX.PRIMARY / zoom',
    )
  })

  test('§9 Secondary outline thickness: 0.5 px divided by zoom', () => {
    expect(OUTLINE_THICKNESS_PX.SECONDARY).toBe(0.5)
    expect(sourceOf('packages/vite-plugin-visual-edit/src/runtime/overlay/outlines.ts')).toContain(
      'const secondaryThickness = OUTLINE_THICKNESS_PX.SECONDARY / zoom',
    )
  })

  test('§9 Dashed child outline thickness: about 5 px divided by zoom', () => {
    expect(OUTLINE_THICKNESS_PX.CHILD).toBe(5)
    expect(sourceOf('packages/vite-plugin-visual-edit/src/runtime/overlay/outlines.ts')).toContain(
      'const childThickness = OUTLINE_THICKNESS_PX.CHILD / zoom',
    )
  })

  test('§9 Dimension badge: height 38 px, font 20 px', () => {
    expect(DIMENSION_BADGE).toEqual({ HEIGHT_PX: 38, FONT_PX: 20 })
  })

  test('§9 Edit-dynamic-text icon: 22 px', () => expect(EDIT_TEXT_BUTTON_PX).toBe(22))

  test('§9 Responsive prefixes: sm, md, lg, xl, 2xl', () => {
    expect(RESPONSIVE_MODIFIERS).toEqual(['sm', 'md', 'lg', 'xl', '2xl'])
  })

  test('§9 Outline colours: primary and secondary #4597F7; component #6183e4; AI mode #6858f5 and #5246C2', () => {
    expect(OUTLINE_COLORS).toEqual({
      PRIMARY: '#4597F7',
      SECONDARY: '#4597F7',
      COMPONENT: '#6183e4',
      AI_PRIMARY: '#6858f5',
      AI_COMPONENT: '#5246C2',
    })
  })

  test('§9 Session storage keys are prefixed per instance', () => {
    const context = inspector()
    context.storyboardId = 'frame-2'
    expect(context.storageKey('driveMode')).toBe('visual-edit:frame-2:driveMode')
  })

  test('§9 About 70 layout, font, border, colour and position CSS properties are collected for elements', () => {
    expect(CSS_EVAL_PROPERTIES.length).toBeGreaterThanOrEqual(65)
    expect(CSS_EVAL_PROPERTIES.length).toBeLessThanOrEqual(75)
    for (const name of ['display', 'font-size', 'border-top-width', 'color', 'position'])
      expect(CSS_EVAL_PROPERTIES).toContain(name)
  })

  test('§9 Only display and flex-direction are collected for a parent', () => {
    document.body.innerHTML = '<div style="display:flex"><p>x</p></div>'
    const evals = cssEvals(window, document.querySelector('p') as Element)
    expect(Object.keys(evals.parent ?? {})).toEqual(['display', 'flex-direction'])
  })

  test('§9 The inheritable property list is fixed', () => {
    expect(INHERITED_PROPERTIES.has('color')).toBe(true)
    expect(INHERITED_PROPERTIES.has('font-size')).toBe(true)
    expect(INHERITED_PROPERTIES.has('margin')).toBe(false)
  })

  test('§9 The temporary class name prefix for instant styling carries a timestamp offset from a fixed epoch', () => {
    expect(INSTANT_EPOCH_MS).toBe(Date.UTC(2025, 0, 1))
    expect(instantClassPrefix(INSTANT_EPOCH_MS + 1e9)).toBe('tempo-instant-gjdgxs-')
  })
})
