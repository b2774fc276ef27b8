// @vitest-environment happy-dom
/**
 * Conformance with docs/spec/visual-editor.md, sections 5 (validation rules) and 6 (roles and
 * permissions). One test per promise, named after its section.
 *
 * How each promise is checked:
 * - by value: the protocol's validators and schemas called with inputs, the inspector's modules on a
 *   happy-dom page (processed CSS rules, navigation, instant styles), and the editor's Selection
 *   feature for drive mode;
 * - by source: none in this file.
 * The bridge's refusal of messages without an id or payload is tested in
 * packages/vite-plugin-visual-edit/src/runtime/port/bridge.test.ts.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { MUTATE_BODY_SCHEMAS } from '../../packages/vite-plugin-visual-edit/src/protocol/body-schemas.ts'
import { parseChange } from '../../packages/vite-plugin-visual-edit/src/protocol/change-schemas.ts'
import {
  assertCodebaseIdChars,
  assertStoryboardIdChars,
  isUuid,
} from '../../packages/vite-plugin-visual-edit/src/protocol/ids.ts'
import { apiPathForChange } from '../../packages/vite-plugin-visual-edit/src/protocol/mutate-routes.ts'
import {
  DARK_MODIFIER,
  DELETE_STYLE_CONSTANT,
  RESPONSIVE_BREAKPOINTS_REM,
  STATE_MODIFIERS,
} from '../../packages/vite-plugin-visual-edit/src/protocol/styling.ts'
import { InspectorContext } from '../../packages/vite-plugin-visual-edit/src/runtime/core/context.ts'
import {
  matchesSafely,
  processRules,
} from '../../packages/vite-plugin-visual-edit/src/runtime/css/processed-css-rules.ts'
import {
  declarations,
  ruleFor,
  sanitizeClassName,
} from '../../packages/vite-plugin-visual-edit/src/runtime/instant/instant-styles.ts'
import { createNavigation } from '../../packages/vite-plugin-visual-edit/src/runtime/page/navigation.ts'
import { id, key, selection } from './support/editor.ts'

const stops: (() => void)[] = []

afterEach(() => {
  for (const stop of stops.splice(0).reverse()) stop()
  document.body.innerHTML = ''
  document.head.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

/** The inspector's context for the page at `search`, stopped after the test. */
function inspector(search = ''): InspectorContext {
  window.history.replaceState(null, '', `/${search}`)
  const context = new InspectorContext(window)
  stops.push(() => context.stop())
  return context
}

describe('§5 Validation rules', () => {
  test('§5 Codebase id and storyboard id: letters, digits, hyphen, underscore only', () => {
    expect(() => assertCodebaseIdChars('tempo-Az_09')).not.toThrow()
    expect(() => assertCodebaseIdChars('tempo-a/b')).toThrow()
    expect(() => assertStoryboardIdChars('board_1-A')).not.toThrow()
    expect(() => assertStoryboardIdChars('board 1')).toThrow()
  })

  test("§5 A codebase id must match 'tempo-' plus a UUID (versions 1 to 5)", () => {
    const body = (codebaseId: string) => ({ element: { codebaseId }, newText: 'a', oldText: 'b' })
    const schema = MUTATE_BODY_SCHEMAS.editText
    expect(schema['~standard'].validate(body(id(1)))).toMatchObject({ value: { element: id(1) } })
    expect(schema['~standard'].validate(body('tempo-3f2a8c1e-5b7d-6e9f-8a6b-000000000001'))).toHaveProperty(
      'issues',
    )
    expect(schema['~standard'].validate(body('body'))).toHaveProperty('issues')
  })

  test('§5 Selectors are checked for validity before rules are applied; invalid ones are skipped', () => {
    document.body.innerHTML = '<p class="a">x</p>'
    const element = document.querySelector('p') as Element
    expect(matchesSafely(element, '.a')).toBe(true)
    expect(matchesSafely(element, '.a[')).toBe(false)
  })

  test('§5 Only elements whose class list holds exactly one class are considered for responsive rules', () => {
    const style = document.createElement('style')
    style.textContent = '.card { padding: 1rem } @media (min-width: 1280px) { .card { padding: 2rem } }'
    document.head.appendChild(style)
    document.body.innerHTML = '<div id="one" class="card"></div><div id="two" class="card big"></div>'
    const paddings = (selector: string) =>
      processRules(window, {
        element: document.querySelector(selector) as Element,
        codebaseId: null,
        forced: new Set(),
      }).map((rule) => rule.styles.padding)
    expect(paddings('#one')).toEqual(['1rem', '2rem'])
    expect(paddings('#two')).toEqual(['1rem'])
  })

  test("§5 Class names used in instant styling are sanitised: other characters become '-', and a leading digit gets a '-' prefix", () => {
    expect(sanitizeClassName('md:p-[13px]')).toBe('md-p--13px-')
    expect(sanitizeClassName('2xl:p-4')).toBe('-2xl-p-4')
    expect(sanitizeClassName('a_b-C9')).toBe('a_b-C9')
  })

  test('§5 Allowed state modifiers: hover, required, focus, active, invalid, disabled', () => {
    expect(STATE_MODIFIERS).toEqual(['hover', 'required', 'focus', 'active', 'invalid', 'disabled'])
  })

  test('§5 Responsive variants sm, md, lg, xl, 2xl correspond to width minimums of 40, 48, 64, 80 and 96 rem', () => {
    expect(RESPONSIVE_BREAKPOINTS_REM).toEqual({ sm: 40, md: 48, lg: 64, xl: 80, '2xl': 96 })
    expect(ruleFor('.x', 'color:red;', ['2xl'])).toBe('@media (min-width:96rem){.x{color:red;}}')
  })

  test("§5 Dark mode is recognised through a 'dark' class selector", () => {
    expect(DARK_MODIFIER).toBe('dark')
    expect(ruleFor('.x', 'color:red;', ['dark'])).toBe('.dark .x{color:red;}')
  })

  test("§5 A stylingChanges entry marked with the delete constant becomes 'unset !important'", () => {
    expect(declarations({ color: DELETE_STYLE_CONSTANT })).toBe('color:unset !important;')
  })

  test('§5 Going back works only when a referrer exists', () => {
    const navigation = createNavigation(inspector())
    expect(document.referrer).toBe('')
    expect(navigation.goBack()).toBe(false)
  })

  test("§5 Reconstructing an unsupported change type raises 'Unknown change type'", () => {
    expect(() => parseChange({ type: 'RENAME_FILE', changeFields: {} })).toThrow('Unknown change type')
  })

  test("§5 An UNKNOWN change cannot make an API request ('Unsupported operation')", () => {
    expect(() => apiPathForChange('canvas-1', 'UNKNOWN')).toThrow('Unsupported operation')
  })

  test('§5 UUID validation is a standard format check', () => {
    expect(isUuid('3f2a8c1e-5b7d-4e9f-8a6b-1c2d3e4f5a6b')).toBe(true)
    expect(isUuid('3f2a8c1e5b7d4e9f8a6b1c2d3e4f5a6b')).toBe(false)
    expect(isUuid('3f2a8c1e-5b7d-4e9f-7a6b-1c2d3e4f5a6b')).toBe(false)
  })
})

describe('§6 Roles and permissions', () => {
  test('§6 No user roles: the only distinction is drive mode versus edit mode (drive mode takes no selection)', async () => {
    const editor = selection()
    await editor.setDrive(true)
    editor.selectedInFrame(key(1))
    expect(editor.keys).toEqual([])
    await editor.setDrive(false)
    editor.selectedInFrame(key(1))
    expect(editor.keys).toEqual([key(1)])
  })
})
