import type { ElementKey, ElementLookup } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test, vi } from 'vitest'
import { ServerError } from '../api/server-api.ts'
import { conflictingClasses, declaredProperties, replaceClasses, variantsOf } from './class-conflicts.ts'
import { SliceStore } from './slice.ts'
import { StyleClasses } from './style-classes.ts'
import { Toaster } from './toaster.ts'

const ID = 'tempo-6ba7b810-9dad-41d1-80b4-00c04fd43002'
const KEY: ElementKey = { codebaseId: ID, storyboardId: 'app', uniquePath: '0-2' }
const ID2 = 'tempo-6ba7b810-9dad-41d1-80b4-00c04fd43003'
const KEY2: ElementKey = { codebaseId: ID2, storyboardId: 'app', uniquePath: '0-3' }
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Tailwind 4's CSS for the classes the tests use, as the class-css endpoint answers it. */
const CSS: Record<string, string> = {
  'p-4': '.p-4 {\n  padding: calc(var(--spacing) * 4);\n}\n',
  'p-6': '.p-6 {\n  padding: calc(var(--spacing) * 6);\n}\n',
  'px-6': '.px-6 {\n  padding-inline: calc(var(--spacing) * 6);\n}\n',
  'md:p-8': '.md\\:p-8 {\n  @media (width >= 48rem) {\n    padding: calc(var(--spacing) * 8);\n  }\n}\n',
  'shadow-md':
    '.shadow-md {\n  --tw-shadow: 0 4px 6px -1px var(--tw-shadow-color, rgb(0 0 0 / 0.1));\n  box-shadow: var(--tw-shadow);\n}\n@property --tw-shadow {\n  syntax: "*";\n  inherits: false;\n  initial-value: 0 0 #0000;\n}\n',
  'shadow-lg':
    '.shadow-lg {\n  --tw-shadow: 0 10px 15px -3px rgb(0 0 0 / 0.1);\n  box-shadow: var(--tw-shadow);\n}\n',
  'text-lg':
    '.text-lg {\n  font-size: var(--text-lg);\n  line-height: var(--tw-leading, var(--text-lg--line-height));\n}\n',
  'text-red-500': '.text-red-500 {\n  color: var(--color-red-500);\n}\n',
}

describe('which class a new class replaces', () => {
  test("declared properties: rules at any depth, not @property's descriptors", () => {
    expect(declaredProperties(CSS['md:p-8'] ?? '')).toEqual(new Set(['padding']))
    expect(declaredProperties(CSS['shadow-md'] ?? '')).toEqual(new Set(['--tw-shadow', 'box-shadow']))
  })

  test('same variants and no property of its own left: replaced; otherwise kept', () => {
    const existing = ['flex', 'p-4', 'md:p-8', 'shadow-md', 'text-lg']
    expect(conflictingClasses(['p-6'], existing, CSS)).toEqual(['p-4'])
    expect(conflictingClasses(['px-6'], existing, CSS)).toEqual([])
    expect(conflictingClasses(['shadow-lg'], existing, CSS)).toEqual(['shadow-md'])
    expect(conflictingClasses(['text-red-500'], existing, CSS)).toEqual([])
    expect(conflictingClasses(['md:p-4'], existing, { ...CSS, 'md:p-4': CSS['md:p-8'] ?? '' })).toEqual([
      'md:p-8',
    ])
    expect(variantsOf('md:hover:bg-[url(a:b)]')).toBe('md:hover:')
  })

  test('the new class takes the place of the one it replaces', () => {
    expect(replaceClasses(['flex', 'p-4', 'text-lg'], ['p-4'], ['p-6'])).toEqual(['flex', 'p-6', 'text-lg'])
    expect(replaceClasses(['flex'], [], ['p-6'])).toEqual(['flex', 'p-6'])
  })
})

function setup(
  classCss = vi.fn(async (classes: readonly string[]) => ({
    css: Object.fromEntries(classes.map((name) => [name, CSS[name] ?? null])),
  })),
) {
  const store = new SliceStore(() => null)
  const toaster = new Toaster(store)
  const submit = vi.fn(async () => ({ ok: true }))
  const classSuggestions = vi.fn()
  const lookup = { classes: ['flex', 'p-4'], classesEditable: true } as ElementLookup
  const other = { classes: ['grid'], classesEditable: true } as ElementLookup
  let selected: ElementKey[] = [KEY]
  const select = (keys: ElementKey[]) => (selected = keys)
  const modifiers: string[] = []
  const classes = new StyleClasses(store, {
    api: { classSuggestions, classCss },
    edits: { submit } as never,
    lookups: {
      state: {
        lookups: new Map([
          [ID, lookup],
          [ID2, other],
        ]),
        stylingFramework: 'Tailwind',
      },
    } as never,
    scope: {
      get modifiers() {
        return modifiers
      },
    } as never,
    toaster,
    selected: () => selected,
  })
  return { classes, submit, classSuggestions, classCss, modifiers, toaster, select }
}

describe('adding and removing classes', () => {
  test("a class that makes one of the element's redundant replaces it in one UPDATE_CLASSES", async () => {
    const { classes, submit } = setup()
    expect(await classes.addClass('p-6')).toBe(true)
    expect(submit).toHaveBeenCalledWith(
      'Replace p-4',
      {
        type: 'UPDATE_CLASSES',
        changeFields: {
          codebaseIdToUpdateClass: ID,
          newClasses: ['flex', 'p-6'],
          oldClasses: ['flex', 'p-4'],
        },
      },
      {},
    )
  })

  test("any other class is an ADD_CLASS the server checks, under the scope's modifiers", async () => {
    const { classes, submit, modifiers } = setup()
    modifiers.push('md', 'hover')
    await classes.addClass('text-red-500')
    expect(submit).toHaveBeenCalledWith(
      'Add class',
      {
        type: 'ADD_CLASS',
        changeFields: {
          codebaseIdToAddClass: ID,
          className: 'text-red-500',
          addingTailwindClass: true,
          modifiers: ['md', 'hover'],
        },
      },
      {},
    )
  })

  test('an unknown class refused by the server: false, so the input keeps the text', async () => {
    const { classes, submit } = setup()
    submit.mockResolvedValueOnce({ ok: false } as never)
    expect(await classes.addClass('p-banana')).toBe(false)
  })

  test('REMOVE_CLASS for a chip', async () => {
    const { classes, submit } = setup()
    await classes.removeClass('p-4')
    expect(submit).toHaveBeenCalledWith(
      'Remove p-4',
      {
        type: 'REMOVE_CLASS',
        changeFields: { codebaseIdToRemoveClass: ID, className: 'p-4' },
      },
      {},
    )
  })

  test('a multi-selection: a class is added to each element that lacks it, one undo step', async () => {
    const { classes, submit, select } = setup()
    select([KEY, KEY2])
    expect(await classes.addClass('p-6')).toBe(true)
    const calls = submit.mock.calls as unknown as [string, { type: string }, { step?: string }][]
    expect(calls.map(([action, change]) => [action, change.type])).toEqual([
      ['Replace p-4', 'UPDATE_CLASSES'],
      ['Add class', 'ADD_CLASS'],
    ])
    expect(calls[0]?.[2].step).toBeDefined()
    expect(calls[1]?.[2].step).toBe(calls[0]?.[2].step)
  })

  test('a multi-selection: a chip is removed from each element that has it', async () => {
    const { classes, submit, select } = setup()
    select([KEY2, KEY])
    await classes.removeClass('p-4')
    expect(submit).toHaveBeenCalledTimes(1)
    expect(submit).toHaveBeenCalledWith(
      'Remove p-4',
      { type: 'REMOVE_CLASS', changeFields: { codebaseIdToRemoveClass: ID, className: 'p-4' } },
      {},
    )
  })
})

describe('suggestions', () => {
  test('one request at a time; the latest query is asked next, answers for older ones are dropped', async () => {
    const { classes, classSuggestions } = setup()
    const answers: ((value: unknown) => void)[] = []
    classSuggestions.mockImplementation(() => new Promise((resolve) => answers.push(resolve)))
    classes.suggest('p')
    classes.suggest('pt')
    classes.suggest('pt-')
    expect(classSuggestions).toHaveBeenCalledTimes(1)
    answers[0]?.({ tailwind: 4, suggestions: [{ className: 'p-4', css: null }] })
    await flush()
    expect(classes.state.classSuggestions.status).toBe('loading')
    expect(classSuggestions).toHaveBeenLastCalledWith('pt-', 30)
    answers[1]?.({
      tailwind: 4,
      suggestions: [{ className: 'pt-4', css: 'padding-top: 1rem', value: '1rem' }],
    })
    await flush()
    expect(classes.state.classSuggestions).toMatchObject({ query: 'pt-', status: 'ready' })
    expect(classes.state.classSuggestions.suggestions.map((s) => s.className)).toEqual(['pt-4'])
  })

  test('a server without the endpoint (404) says so where the list would be', async () => {
    const { classes, classSuggestions } = setup()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    classSuggestions.mockRejectedValue(new ServerError(404, 'NOT_FOUND', 'Not found'))
    classes.suggest('bg-')
    await flush()
    expect(classes.state.classSuggestions.status).toBe('error')
    expect(classes.state.classSuggestions.error).toContain('offers no class suggestions')
  })
})
