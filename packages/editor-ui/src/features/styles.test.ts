import type {
  ElementKey,
  ElementLookup,
  NavTreeNode,
  ProcessedCssRule,
} from 'vite-plugin-visual-edit/protocol'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { SliceStore } from './slice.ts'
import { StyleScoping } from './style-scope.ts'
import { BUSY_AFTER_MS, Styles } from './styles.ts'
import { Toaster } from './toaster.ts'

/**
 * The Styles feature without a browser: the inspector's port and the ledger are fakes that record
 * what they are asked, so each test reads exactly what would be previewed, written and forced.
 */
const ID = 'tempo-6ba7b810-9dad-41d1-80b4-00c04fd43001'
const KEY: ElementKey = { codebaseId: ID, storyboardId: 'app', uniquePath: '0-1' }
const ID2 = 'tempo-6ba7b810-9dad-41d1-80b4-00c04fd43002'
const KEY2: ElementKey = { codebaseId: ID2, storyboardId: 'app', uniquePath: '0-2' }
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

const EVALS = { styles: { 'padding-top': '16px' }, parent: null, darkEnabledInParent: false }
const UTILITY: ProcessedCssRule = {
  filename: null,
  selector: '.p-4',
  styles: { padding: '1rem' },
  applied: true,
  allowChanges: false,
  removable: true,
  inherited: false,
  modifiers: [],
  classParsed: 'p-4',
  cssText: '@layer utilities { .p-4 { padding: 1rem } }',
  codebaseId: ID,
  eligibleToApply: true,
}

function setup(
  options: {
    framework?: 'Tailwind' | 'CSS'
    node?: Partial<NavTreeNode>
    submitOk?: boolean
    rules?: ProcessedCssRule[]
    generated?: string[]
  } = {},
) {
  const store = new SliceStore(() => null)
  const toaster = new Toaster(store)
  const calls: { name: string; args: unknown[] }[] = []
  const bridge = {
    call: vi.fn(async (name: string, ...args: unknown[]): Promise<unknown> => {
      calls.push({ name, args })
      if (name === 'getCssEvals') return EVALS
      if (name === 'processRulesForSelectedElement') return options.rules ?? [UTILITY]
      if (name === 'applyChangeItemToDocument') return { success: true }
      return true
    }),
  }
  const submit = vi.fn(async () => ({ ok: options.submitOk ?? true }))
  const lookup = { classes: ['p-4'], classesEditable: true } as ElementLookup
  const lookups = {
    state: {
      lookups: new Map([
        [ID, lookup],
        [ID2, lookup],
      ]),
      stylingFramework: options.framework ?? ('Tailwind' as const),
    },
  }
  const tree = { nodeOf: () => ({ key: KEY, ...options.node }) as NavTreeNode }
  let selected: ElementKey[] = [KEY]
  const view = { state: { width: 1280 }, setWidth: vi.fn() }
  const scope = new StyleScoping(store, {
    bridge: bridge as never,
    view: view as never,
    toaster,
    tokens: () => null,
    selected: () => selected,
  })
  const styles = new Styles(store, {
    bridge: bridge as never,
    edits: { submit } as never,
    lookups: lookups as never,
    tree,
    scope,
    toaster,
    selected: () => selected,
    afterPaint: (run) => run(),
    ...(options.generated
      ? {
          generatedClasses: async (names: readonly string[]) =>
            new Set(names.filter((name) => options.generated?.includes(name))),
        }
      : {}),
  })
  const applied = () =>
    calls.filter((call) => call.name === 'applyChangeItemToDocument').map((call) => call.args[0])
  return {
    styles,
    scope,
    bridge,
    submit,
    toaster,
    calls,
    applied,
    view,
    select: (keys: ElementKey[]) => (selected = keys),
  }
}

afterEach(() => vi.restoreAllMocks())

describe('a multi-selection', () => {
  test('a scrub previews every element under its own id and writes one change per element, one undo step', async () => {
    const { styles, submit, applied, calls, select } = setup()
    // Two instances of KEY2's element are one place in the code: written once.
    select([KEY, KEY2, { ...KEY2, uniquePath: '0-3' }])
    styles.watch()
    await flush()
    expect(
      calls.filter((call) => call.name === 'processRulesForSelectedElement').map((call) => call.args[0]),
    ).toEqual([KEY, KEY2])
    for (const value of ['17px', '18px', '19px']) styles.previewStyle({ 'padding-top': value })
    const previews = applied() as { id: string; changeFields: { codebaseId: string } }[]
    expect(previews.map((item) => item.changeFields.codebaseId)).toEqual([ID, ID2, ID, ID2, ID, ID2])
    expect(new Set(previews.map((item) => item.id)).size).toBe(2)
    expect(await styles.commitStyle({ 'padding-top': '19px' })).toBe(true)
    expect(submit).toHaveBeenCalledTimes(2)
    const options = submit.mock.calls.map(
      (call) => (call as unknown[])[2] as { step: string; instantShownAs: string },
    )
    expect(options[0]?.step).toBeDefined()
    expect(options[0]?.step).toBe(options[1]?.step)
    expect(options.map((option) => option.instantShownAs)).toEqual([previews[0]?.id, previews[1]?.id])
    expect(submit.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      'Change style of 2 elements',
      'Change style of 2 elements',
    ])
  })

  test('a typed value is written to each element; an element without code is left out', async () => {
    const { styles, submit, select } = setup()
    select([KEY, { codebaseId: 'library-node', storyboardId: 'app', uniquePath: '0-9' }, KEY2])
    styles.watch()
    await flush()
    await styles.commitStyle({ color: '#ff0000' })
    expect(
      submit.mock.calls.map(
        (call) =>
          ((call as unknown[])[1] as { changeFields: { codebaseId: string } }).changeFields.codebaseId,
      ),
    ).toEqual([ID, ID2])
  })
})

describe('another element selected', () => {
  test("the last element's values stay, not busy, until the new one's are read: one render, not two", async () => {
    const { styles, select } = setup()
    styles.watch()
    await flush()
    expect(styles.state.styles).toMatchObject({ key: KEY, status: 'ready' })
    select([KEY2])
    styles.refresh()
    expect(styles.state.styles).toMatchObject({ key: KEY, status: 'ready' })
    await flush()
    expect(styles.state.styles).toMatchObject({ key: KEY2, status: 'ready' })
  })

  test('a read slower than BUSY_AFTER_MS shows loading meanwhile; an edit waits for it', async () => {
    const { styles, select, bridge, submit } = setup()
    styles.watch()
    await flush()
    let answer: (value: unknown) => void = () => {}
    const original = bridge.call.getMockImplementation()
    bridge.call.mockImplementation(async (name: string, ...args: unknown[]) =>
      name === 'getCssEvals' ? new Promise((resolve) => (answer = resolve)) : original?.(name, ...args),
    )
    select([KEY2])
    styles.refresh()
    const written = styles.commitStyle({ 'padding-top': '20px' })
    await new Promise((resolve) => setTimeout(resolve, BUSY_AFTER_MS + 20))
    expect(styles.state.styles).toMatchObject({ key: KEY2, status: 'loading' })
    expect(submit).not.toHaveBeenCalled()
    answer(EVALS)
    expect(await written).toBe(true)
    expect(submit).toHaveBeenCalledTimes(1)
    expect(styles.state.styles).toMatchObject({ key: KEY2, status: 'ready' })
  })
})

describe('one undo step per gesture', () => {
  test('fifty scrub moves preview under one id and write one STYLING change, taken as already shown', async () => {
    const { styles, submit, applied } = setup()
    for (let move = 1; move <= 50; move++) styles.previewStyle({ 'padding-top': `${16 + move}px` })
    await styles.commitStyle({ 'padding-top': '66px' })

    const previews = applied() as { id: string; type: string; changeFields: { stylingChanges: object } }[]
    expect(previews).toHaveLength(50)
    expect(new Set(previews.map((item) => item.id)).size).toBe(1)
    expect(previews.at(-1)?.changeFields.stylingChanges).toEqual({ 'padding-top': '66px' })
    expect(submit).toHaveBeenCalledTimes(1)
    expect(submit).toHaveBeenCalledWith(
      'Change style',
      {
        type: 'STYLING',
        changeFields: {
          codebaseId: ID,
          stylingChanges: { 'padding-top': '66px' },
          stylingFramework: 'Tailwind',
          modifiers: [],
        },
      },
      { instantShownAs: previews[0]?.id },
    )
  })

  test('a held arrow key: each repeat previews, the key up writes once; a repeat of the same value sends nothing', async () => {
    const { styles, submit, applied } = setup()
    for (const value of ['17px', '18px', '18px', '19px']) styles.previewStyle({ 'padding-top': value })
    expect(applied()).toHaveLength(3)
    await styles.commitStyle({ 'padding-top': '19px' })
    expect(submit).toHaveBeenCalledTimes(1)
  })

  test('an end that differs from the last preview takes the preview back and writes with its own instant update', async () => {
    const { styles, submit, applied } = setup()
    styles.previewStyle({ 'padding-top': '20px' })
    await styles.commitStyle({ 'padding-top': '24px' })
    const [preview, undo] = applied() as { id: string; type: string; changeFields: Record<string, unknown> }[]
    expect(undo?.type).toBe('UNDO')
    expect(undo?.changeFields).toMatchObject({
      changeToUndo: { id: preview?.id },
      matchingActivityFlushed: false,
    })
    expect(submit).toHaveBeenCalledWith('Change style', expect.anything(), {})
  })

  test('Escape (cancel) takes the preview back and writes nothing; Enter alone writes once with no preview', async () => {
    const { styles, submit, applied } = setup()
    styles.previewStyle({ 'padding-top': '20px' })
    styles.cancelStyle()
    expect(applied().map((item) => (item as { type: string }).type)).toEqual(['STYLING', 'UNDO'])
    expect(submit).not.toHaveBeenCalled()
    await styles.commitStyle({ 'padding-top': '12px' })
    expect(submit).toHaveBeenCalledTimes(1)
    expect(applied()).toHaveLength(2)
  })
})

describe('what an edit carries', () => {
  test("the scope's modifiers, and the forced state put back after the preview so its :hover rule shows", async () => {
    const { styles, scope, submit, calls } = setup()
    await scope.setState('hover')
    scope.setBreakpoint('md')
    styles.previewStyle({ color: 'red' })
    await styles.commitStyle({ color: 'red' })
    expect(submit).toHaveBeenCalledWith(
      'Change style',
      expect.objectContaining({ changeFields: expect.objectContaining({ modifiers: ['md', 'hover'] }) }),
      expect.anything(),
    )
    const forced = calls.filter((call) => call.name === 'setModifiersForSelectedElement')
    expect(forced.length).toBeGreaterThanOrEqual(2)
    expect(forced.every((call) => JSON.stringify(call.args) === '[["hover"]]')).toBe(true)
  })

  test('an inline-styled element in a CSS project: Inline; with a state: refused with a toast, nothing written', async () => {
    const style = { type: 'JSON_OBJECT' as const, value: '{"color":"red"}' }
    const { styles, scope, submit, toaster } = setup({ framework: 'CSS', node: { props: { style } } })
    await styles.commitStyle({ color: 'blue' })
    expect(submit).toHaveBeenLastCalledWith(
      'Change style',
      expect.objectContaining({ changeFields: expect.objectContaining({ stylingFramework: 'Inline' }) }),
      {},
    )
    await scope.setState('focus')
    expect(await styles.commitStyle({ color: 'green' })).toBe(false)
    expect(submit).toHaveBeenCalledTimes(1)
    expect(toaster.state.toasts.at(-1)?.detail).toContain('An inline style cannot target focus')
  })

  test('a breakpoint gives the frame its width and Base gives back the width from before', () => {
    const { scope, view } = setup()
    scope.setBreakpoint('lg')
    scope.setBreakpoint('sm')
    scope.setBreakpoint(null)
    expect(view.setWidth.mock.calls).toEqual([[1024], [640], [1280]])
  })

  test('a value a wider breakpoint gives: written to the base, and the user told it does not show here', async () => {
    const sm: ProcessedCssRule = {
      ...UTILITY,
      selector: '.sm\\:text-5xl',
      styles: { 'font-size': '3rem' },
      classParsed: 'sm:text-5xl',
      modifiers: ['sm'],
    }
    const { styles, scope, toaster } = setup({ rules: [sm] })
    styles.watch()
    await flush()
    await styles.commitStyle({ 'font-size': '68px' })
    expect(toaster.state.toasts.at(-1)).toMatchObject({
      kind: 'info',
      title: expect.stringContaining('text-5xl still sets font-size at this width.'),
    })
    scope.setBreakpoint('sm')
    await styles.commitStyle({ 'font-size': '60px' })
    expect(toaster.state.toasts).toHaveLength(1)
  })
})

describe('reading the styles', () => {
  test('an edit made while the rules are read waits for them: where it goes depends on them', async () => {
    const own: ProcessedCssRule = {
      ...UTILITY,
      allowChanges: true,
      filename: 'src/app.css',
      cssText: '.p-4 { }',
    }
    const { styles, submit } = setup({ rules: [own] })
    styles.watch()
    expect(styles.state.styles.status).toBe('loading')
    await styles.commitStyle({ 'padding-top': '20px' })
    expect(submit).toHaveBeenCalledWith(
      'Change style',
      expect.objectContaining({
        changeFields: expect.objectContaining({
          stylingFramework: 'CSS',
          customProperties: { selector: '.p-4', filename: 'src/app.css' },
        }),
      }),
      {},
    )
  })

  test('only while a panel watches; another element shows loading, then its values and rules', async () => {
    const { styles, calls, select } = setup()
    styles.refresh()
    expect(calls).toHaveLength(0)
    const stop = styles.watch()
    expect(styles.state.styles.status).toBe('loading')
    await flush()
    expect(styles.state.styles).toMatchObject({ status: 'ready', evals: EVALS, rules: [UTILITY] })
    select([])
    styles.refresh()
    expect(styles.state.styles.status).toBe('none')
    stop()
  })

  test('an answer that does not match the protocol is an error with its reason, not values', async () => {
    const { styles, bridge } = setup()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    bridge.call.mockImplementation(async (name: string) => (name === 'getCssEvals' ? { styles: 5 } : []))
    styles.watch()
    await flush()
    expect(styles.state.styles.status).toBe('error')
    expect(styles.state.styles.error).toContain('getCssEvals')
  })
})

describe('a typed value (Enter)', () => {
  test('its instant update is posted at once, before the change goes to the ledger, which takes it as shown', async () => {
    const { styles, submit, applied } = setup()
    const stop = styles.watch()
    await flush()
    const order: string[] = []
    submit.mockImplementation(async () => {
      order.push(`submit after ${applied().length} preview(s)`)
      return { ok: true }
    })
    await styles.commitStyle({ 'padding-top': '24px' })
    const previews = applied() as { id: string }[]
    expect(previews).toHaveLength(1)
    expect(order).toEqual(['submit after 1 preview(s)'])
    expect(submit).toHaveBeenCalledWith('Change style', expect.anything(), {
      instantShownAs: previews[0]?.id,
    })
    stop()
  })
})

describe('Tailwind 3: utilities compiled into the project stylesheet', () => {
  // Vite serves src/index.css with the utilities Tailwind 3 compiled into it: the page sees .p-4 as a
  // rule of a project file.
  const compiled: ProcessedCssRule = {
    ...UTILITY,
    filename: 'src/index.css',
    allowChanges: true,
    cssText: '.p-4 { padding: 1rem; }',
  }

  test("a class the project's Tailwind generates is not an editable rule: the edit is a Tailwind class change", async () => {
    const { styles, submit } = setup({ rules: [compiled], generated: ['p-4'] })
    const stop = styles.watch()
    await flush()
    expect(styles.state.styles.rules[0]?.allowChanges).toBe(false)
    await styles.commitStyle({ 'padding-top': '16px' })
    expect(submit).toHaveBeenCalledWith(
      'Change style',
      expect.objectContaining({ changeFields: expect.objectContaining({ stylingFramework: 'Tailwind' }) }),
      expect.anything(),
    )
    stop()
  })

  test('a plain class of the same stylesheet stays an editable CSS rule', async () => {
    const card = { ...compiled, selector: '.card', classParsed: 'card', cssText: '.card { padding: 1rem; }' }
    const { styles, submit } = setup({ rules: [card], generated: [] })
    const stop = styles.watch()
    await flush()
    expect(styles.state.styles.rules[0]?.allowChanges).toBe(true)
    await styles.commitStyle({ 'padding-top': '16px' })
    expect(submit).toHaveBeenCalledWith(
      'Change style',
      expect.objectContaining({ changeFields: expect.objectContaining({ stylingFramework: 'CSS' }) }),
      expect.anything(),
    )
    stop()
  })
})
