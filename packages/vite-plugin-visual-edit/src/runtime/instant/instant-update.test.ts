// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { ChangeType } from '../../protocol/change-types.ts'
import {
  ADD_JSX_PLACEHOLDER_PREFIX,
  CODEBASE_ID_ATTRIBUTE,
  DUPLICATE_PLACEHOLDER_PREFIX,
  WRAP_IN_DIV_PLACEHOLDER_ID,
} from '../../protocol/ids.ts'
import {
  INSTANT_UPDATE_ATTRIBUTE,
  type InstantChangeItem,
  InstantUpdateMessage,
} from '../../protocol/instant-update.ts'
import { OutboundEvent } from '../../protocol/messages.ts'
import type { NavTreeNode } from '../../protocol/nav-tree-node.ts'
import { InspectorContext } from '../core/context.ts'
import { createInstantUpdates, INSTANT_CLEANUP_FALLBACK_MS, type InstantUpdates } from './instant-update.ts'

const id = (n: number) => `tempo-00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const change = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`
const MAIN = id(1)
const TITLE = id(2)
const NOTE = id(3)
const LIST = id(4)
const FIRST = id(5)
const SECOND = id(6)
const CARD = id(7)

const PAGE = `<main ${CODEBASE_ID_ATTRIBUTE}="${MAIN}"><h1 ${CODEBASE_ID_ATTRIBUTE}="${TITLE}" class="title">Welcome back</h1><p ${CODEBASE_ID_ATTRIBUTE}="${NOTE}" class="note big" style="color: red">Edits land here.</p><ul ${CODEBASE_ID_ATTRIBUTE}="${LIST}"><li ${CODEBASE_ID_ATTRIBUTE}="${FIRST}">One</li><li ${CODEBASE_ID_ATTRIBUTE}="${SECOND}">Two</li></ul><div ${CODEBASE_ID_ATTRIBUTE}="${CARD}">Card</div></main>`

const $ = (codebaseId: string) =>
  document.querySelector(`[${CODEBASE_ID_ATTRIBUTE}="${codebaseId}"]`) as HTMLElement
const visible = (el: Element) => !(el as HTMLElement).style.display.startsWith('none')
const pageClasses = (codebaseId: string) =>
  [...$(codebaseId).classList].filter((name) => !name.startsWith('tempo-instant-'))
const marked = () => document.querySelectorAll(`[${INSTANT_UPDATE_ATTRIBUTE}]`).length
/** Mutation observers deliver in a microtask; happy-dom's may take a task. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 0))

let context: InspectorContext
let instant: InstantUpdates
let sent: { type: string; payload: unknown }[]
let components: Set<string>
let hot: (() => void) | undefined
let serial = 0

function apply<T extends ChangeType>(type: T, changeFields: unknown, itemId = change(++serial)) {
  return { itemId, reply: instant.apply({ id: itemId, type, changeFields } as InstantChangeItem) }
}
const undo = (itemId: string, type: ChangeType, changeFields: unknown, flushed = false) =>
  instant.apply({
    id: change(++serial),
    type: 'UNDO',
    changeFields: { changeToUndo: { id: itemId, type, changeFields }, matchingActivityFlushed: flushed },
  } as InstantChangeItem)

beforeEach(() => {
  document.head.innerHTML = ''
  document.body.innerHTML = PAGE
  context = new InspectorContext(window)
  sent = []
  context.send = (type, payload) => {
    sent.push({ type, payload })
  }
  components = new Set()
  hot = undefined
  instant = createInstantUpdates(
    context,
    {
      nodesWithCodebaseId: (codebaseId) =>
        components.has(codebaseId) ? [{ isComponent: true } as NavTreeNode] : [],
      elementsOf: () => [],
    },
    { on: (_event, listener) => (hot = listener) },
  )
})
afterEach(() => {
  instant.stop()
  vi.restoreAllMocks()
})

/** Every change type with fields that show it on PAGE, and what the page then shows. */
const CASES: [ChangeType, Record<string, unknown>, () => void][] = [
  [
    'STYLING',
    { codebaseId: NOTE, stylingChanges: { paddingTop: '2rem' }, stylingFramework: 'Inline' },
    () => {
      expect($(NOTE).className).toMatch(/^note big tempo-instant-\w+-\d+-style$/)
      expect(document.head.querySelector('style')?.textContent).toContain('{padding-top:2rem !important;}')
    },
  ],
  [
    'ADD_CLASS',
    {
      codebaseIdToAddClass: NOTE,
      className: 'p-[13px]',
      addingTailwindClass: true,
      cssEquivalent: '.p-\\[13px\\] {\n  padding: 13px;\n}\n',
    },
    () => {
      expect($(NOTE).classList.contains('p-[13px]')).toBe(true)
      expect(document.head.querySelector('style')?.textContent).toMatch(
        /^:is\(\.tempo-instant-[\w-]+,\[data-tempo-instant~="[\w-]+"\]\) \{\n {2}padding: 13px;/,
      )
    },
  ],
  [
    'REMOVE_CLASS',
    { codebaseIdToRemoveClass: NOTE, className: 'big' },
    () => expect($(NOTE).classList.contains('big')).toBe(false),
  ],
  [
    'UPDATE_CLASSES',
    {
      codebaseIdToUpdateClass: NOTE,
      oldClasses: ['note', 'big'],
      newClasses: ['note', 'small'],
      involvedClasses: [{ tailwind: 'small', css: 'font-size: 12px;' }],
    },
    () => {
      expect(pageClasses(NOTE)).toEqual(['note', 'small'])
      expect(document.head.querySelector('style')?.textContent).toContain('{font-size: 12px;}')
    },
  ],
  [
    'EDIT_TEXT',
    { codebaseIdToEditText: TITLE, oldText: 'Welcome back', newText: 'Hello' },
    () => expect($(TITLE).textContent).toBe('Hello'),
  ],
  [
    'CHANGE_PROP',
    { codebaseIdToChange: NOTE, propName: 'title', propValue: 'Tip' },
    () => expect($(NOTE).getAttribute('title')).toBe('Tip'),
  ],
  ['REMOVE_JSX', { codebaseIdsToRemove: [NOTE, NOTE] }, () => expect(visible($(NOTE))).toBe(false)],
  [
    'ADD_JSX',
    {
      codebaseIdToAddTo: LIST,
      beforeCodebaseId: SECOND,
      addNativeTag: 'li',
      htmlForInstantUpdate: '<li>New</li>',
    },
    () => expect([...$(LIST).children].map((li) => li.textContent)).toEqual(['One', 'New', 'Two']),
  ],
  [
    'MOVE_JSX',
    { codebaseIdToMove: FIRST, codebaseIdToMoveTo: LIST, afterCodebaseId: SECOND },
    () => expect([...$(LIST).children].filter(visible).map((li) => li.textContent)).toEqual(['Two', 'One']),
  ],
  [
    'WRAP_DIV',
    { codebaseIdsToWrap: [SECOND, FIRST] },
    () => {
      const wrapper = document.querySelector(`[${CODEBASE_ID_ATTRIBUTE}="${WRAP_IN_DIV_PLACEHOLDER_ID}"]`)
      expect(wrapper?.parentElement).toBe($(LIST))
      expect([...(wrapper?.children ?? [])].map((li) => li.textContent)).toEqual(['One', 'Two'])
      expect([...$(LIST).children].filter(visible)).toEqual([wrapper])
    },
  ],
  [
    'DUPLICATE',
    { codebaseIdsToDuplicate: [FIRST] },
    () => {
      const copy = $(FIRST).nextElementSibling
      expect(copy?.getAttribute(CODEBASE_ID_ATTRIBUTE)).toBe(`${DUPLICATE_PLACEHOLDER_PREFIX}${FIRST}`)
      expect(copy?.textContent).toBe('One')
    },
  ],
  [
    'CHANGE_TAG',
    { codebaseIdToChange: NOTE, newTagName: 'section' },
    () => {
      const shown = [...$(MAIN).children].filter(visible).map((el) => el.localName)
      expect(shown).toEqual(['h1', 'section', 'ul', 'div'])
      expect(document.querySelector('section')?.outerHTML).toMatch(
        /^<section [^>]*class="note big"[^>]*>Edits land here\.<\/section>$/,
      )
    },
  ],
]

describe('applyChangeItemToDocument', () => {
  test.each(CASES)(
    '%s is shown, marked, and reverted exactly by an UNDO before it was written',
    (type, fields, shows) => {
      const before = document.documentElement.outerHTML
      const elements = [...document.body.querySelectorAll('*')]
      const places = elements.map((el) => [el.parentNode, el.nextElementSibling])
      const { itemId, reply } = apply(type, fields)
      expect(reply).toEqual({ success: true })
      expect(sent.at(-1)).toEqual({
        type: OutboundEvent.INSTANT_UPDATE_DONE,
        payload: { changeId: itemId, success: true },
      })
      shows()
      expect(document.querySelector(`[${INSTANT_UPDATE_ATTRIBUTE}~="${itemId}"]`)).not.toBeNull()
      // React's nodes stay where React put them: none detached or re-parented.
      for (const [index, el] of elements.entries()) {
        expect(el.parentNode).toBe(places[index]?.[0])
        expect(el.isConnected).toBe(true)
      }
      expect(undo(itemId, type, fields)).toEqual({ success: true })
      expect(document.documentElement.outerHTML).toBe(before)
    },
  )

  test('a change whose target or parent is missing fails with the console text and changes nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const before = document.body.innerHTML
    const missing = id(99)
    const cases: [ChangeType, unknown, string][] = [
      ['MOVE_JSX', { codebaseIdToMove: FIRST, codebaseIdToMoveTo: missing }, InstantUpdateMessage.NO_PARENT],
      ['ADD_JSX', { codebaseIdToAddTo: missing, addNativeTag: 'p' }, InstantUpdateMessage.NO_PARENT],
      [
        'ADD_JSX',
        { codebaseIdToAddTo: LIST, beforeCodebaseId: missing, addNativeTag: 'li' },
        InstantUpdateMessage.NO_SIBLING,
      ],
      [
        'MOVE_JSX',
        { codebaseIdToMove: FIRST, codebaseIdToMoveTo: MAIN, afterCodebaseId: missing },
        InstantUpdateMessage.NO_SIBLING,
      ],
    ]
    for (const [type, fields, message] of cases) {
      const { itemId, reply } = apply(type, fields)
      expect(reply).toEqual({ success: false, error: message })
      expect(warn).toHaveBeenLastCalledWith(message)
      expect(sent.at(-1)?.payload).toEqual({ changeId: itemId, success: false, error: message })
    }
    expect(apply('STYLING', { codebaseId: missing, stylingChanges: { color: 'red' } }).reply.error).toBe(
      `No element with codebase id ${missing} is in the page`,
    )
    expect(apply('MOVE_JSX', { codebaseIdToMove: 'a"b', codebaseIdToMoveTo: MAIN }).reply.error).toBe(
      'Codebase ID contains invalid chars',
    )
    expect(apply('UNKNOWN', {}).reply.error).toBe('Unsupported operation')
    expect(apply('NOPE' as ChangeType, {}).reply.error).toBe('Unknown change type')
    expect(instant.apply({ type: 'STYLING' } as InstantChangeItem)).toEqual({
      success: false,
      error: 'An instant update needs the change item id (a UUID)',
    })
    expect(document.body.innerHTML).toBe(before)
    expect(document.head.innerHTML).toBe('')
  })

  test("ADD_JSX's HTML is sanitised and its roots carry the add-JSX placeholder id", () => {
    const { itemId } = apply('ADD_JSX', {
      codebaseIdToAddTo: MAIN,
      addNativeTag: 'a',
      htmlForInstantUpdate:
        '<a href=" java\tscript:alert(1)" onclick="x()" title="ok">Hi<script>alert(2)</script><img src="data:text/html,x" onerror="y()"></a><iframe srcdoc="z"></iframe>',
    })
    const added = $(MAIN).lastElementChild as Element
    expect(added.outerHTML).toBe(
      `<a title="ok" ${INSTANT_UPDATE_ATTRIBUTE}="${itemId}" ${CODEBASE_ID_ATTRIBUTE}="${ADD_JSX_PLACEHOLDER_PREFIX}${itemId}">Hi<img></a>`,
    )
  })

  test('a copy of an element to add, or an empty native element, without HTML; a component without HTML fails', () => {
    apply('ADD_JSX', { codebaseIdToAddTo: LIST, addCodebaseId: FIRST })
    expect($(LIST).lastElementChild?.textContent).toBe('One')
    apply('ADD_JSX', { codebaseIdToAddTo: LIST, afterCodebaseId: FIRST, addNativeTag: 'li' })
    expect($(FIRST).nextElementSibling?.outerHTML).toMatch(/^<li [^>]*><\/li>$/)
    expect(apply('ADD_JSX', { codebaseIdToAddTo: LIST, addNativeTag: 'Card' }).reply.error).toBe(
      'No HTML to show the new Card with before the reload',
    )
  })

  test("a component's prop is not shown; a prop that is code is refused", () => {
    components.add(CARD)
    expect(
      apply('CHANGE_PROP', { codebaseIdToChange: CARD, propName: 'title', propValue: 'x' }).reply.error,
    ).toBe('The prop title of a component shows after the reload')
    for (const [propName, propValue] of [
      ['onClick', 'x'],
      ['href', 'javascript:alert(1)'],
      ['dangerouslySetInnerHTML', 'x'],
    ])
      expect(apply('CHANGE_PROP', { codebaseIdToChange: NOTE, propName, propValue }).reply.error).toBe(
        `The prop ${propName} cannot be shown before the reload`,
      )
    apply('CHANGE_PROP', { codebaseIdToChange: NOTE, propName: 'hidden', propValue: true })
    apply('CHANGE_PROP', { codebaseIdToChange: NOTE, propName: 'aria-hidden', propValue: false })
    apply('CHANGE_PROP', { codebaseIdToChange: NOTE, propName: 'className', propValue: 'lead' })
    expect($(NOTE).getAttribute('hidden')).toBe('')
    expect($(NOTE).getAttribute('aria-hidden')).toBe('false')
    expect($(NOTE).classList.contains('lead')).toBe(true)
  })

  test("EDIT_TEXT changes React's text nodes in place; an element holding more is hidden behind a copy", () => {
    const text = $(TITLE).firstChild
    apply('EDIT_TEXT', { codebaseIdToEditText: TITLE, oldText: 'Welcome back', newText: 'Hello' })
    expect($(TITLE).firstChild).toBe(text)
    expect(text?.textContent).toBe('Hello')
    $(CARD).append(document.createElement('b'))
    apply('EDIT_TEXT', { codebaseIdToEditText: CARD, oldText: 'Card', newText: 'Box' })
    expect([...$(MAIN).children].filter(visible).at(-1)?.textContent).toBe('Box')
  })

  test('an UNDO of a change the inspector has no update of fails, unless its type can be undone in the page', () => {
    expect(undo(change(500), 'MOVE_JSX', { codebaseIdToMove: FIRST, codebaseIdToMoveTo: LIST })).toEqual({
      success: false,
      error: 'MOVE_JSX cannot be undone in the page before the reload',
    })
    expect(
      undo(change(501), 'STYLING', { codebaseId: NOTE, stylingChanges: { color: 'blue' } }, true).error,
    ).toBe(`The page no longer has what STYLING ${change(501)} changed: its undo shows after the reload`)
  })

  test('REDO shows the change again', () => {
    const fields = { codebaseIdToRemoveClass: NOTE, className: 'big' }
    instant.apply({
      id: change(600),
      type: 'REDO',
      changeFields: { changeToRedo: { id: change(1), type: 'REMOVE_CLASS', changeFields: fields } },
    } as InstantChangeItem)
    expect($(NOTE).classList.contains('big')).toBe(false)
  })
})

/** What React does when it renders the written change: here, by hand. */
describe('cleanup after the reload', () => {
  test('a flush queues the changes shown so far; the temporary DOM goes when React rendered the change', async () => {
    const note = $(NOTE)
    const { itemId } = apply('REMOVE_JSX', { codebaseIdsToRemove: [NOTE] })
    // Nothing queued yet: the page's own mutations do not clean up.
    note.remove()
    await delivered()
    $(MAIN).insertBefore(note, $(LIST))
    expect(note.style.display).toBe('none')

    instant.setFlushing(true)
    // Applied during the flush: queued only by the next one.
    apply('DUPLICATE', { codebaseIdsToDuplicate: [FIRST] })
    note.remove()
    await delivered()
    expect(document.querySelector(`[${INSTANT_UPDATE_ATTRIBUTE}~="${itemId}"]`)).toBeNull()
    expect(note.getAttribute('style')).toBe('color: red')
    expect(
      document.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}^="${DUPLICATE_PLACEHOLDER_PREFIX}"]`),
    ).toHaveLength(1)

    instant.setFlushing(false)
    instant.setFlushing(true)
    $(LIST).append(document.createElement('li'))
    await delivered()
    expect(marked()).toBe(0)
  })

  test('a list node React reuses for the next element is shown again', async () => {
    apply('REMOVE_JSX', { codebaseIdsToRemove: [FIRST] })
    instant.setFlushing(true)
    // React renders ['Two'] into the first <li> and removes the second.
    const first = $(FIRST)
    ;(first.firstChild as Text).data = 'Two'
    $(SECOND).remove()
    await delivered()
    expect(first.getAttribute('style')).toBeNull()
    expect(marked()).toBe(0)
  })

  test('EDIT_TEXT: React setting the same text settles it and leaves the text', async () => {
    apply('EDIT_TEXT', { codebaseIdToEditText: TITLE, oldText: 'Welcome back', newText: 'Hello' })
    instant.setFlushing(true)
    ;($(TITLE).firstChild as Text).data = 'Hello'
    await delivered()
    expect(marked()).toBe(0)
    expect($(TITLE).textContent).toBe('Hello')
  })

  test('class changes wait for React to write the className anew', async () => {
    apply('ADD_CLASS', { codebaseIdToAddClass: NOTE, className: 'p-4', addingTailwindClass: true })
    instant.setFlushing(true)
    $(NOTE).setAttribute('title', 'unrelated')
    await delivered()
    expect(marked()).toBe(1)
    $(NOTE).className = 'note big p-4'
    await delivered()
    expect(marked()).toBe(0)
    expect($(NOTE).className).toBe('note big p-4')
  })

  test('temporaryOnly changes are never queued; an UNDO removes them', async () => {
    const fields = { codebaseIdToAddClass: NOTE, className: 'p-4', temporaryOnly: true }
    const { itemId } = apply('ADD_CLASS', fields)
    instant.setFlushing(true)
    $(NOTE).className = 'note big'
    await delivered()
    instant.setFlushing(false)
    expect($(NOTE).getAttribute(INSTANT_UPDATE_ATTRIBUTE)).toBe(itemId)
    undo(itemId, 'ADD_CLASS', fields)
    expect(marked()).toBe(0)
  })

  test('what the page never re-renders goes a while after the flush ended, or after a hot update', () => {
    const timers: (() => void)[] = []
    vi.spyOn(window, 'setTimeout').mockImplementation(((callback: () => void, ms: number) => {
      if (ms === INSTANT_CLEANUP_FALLBACK_MS) timers.push(callback)
      return 0
    }) as typeof setTimeout)
    apply('MOVE_JSX', { codebaseIdToMove: FIRST, codebaseIdToMoveTo: LIST })
    instant.setFlushing(true)
    expect(timers).toHaveLength(0)
    hot?.()
    expect(timers).toHaveLength(0)
    instant.setFlushing(false)
    expect(timers).toHaveLength(1)
    timers[0]?.()
    expect(marked()).toBe(0)
    expect(document.body.innerHTML).toBe(PAGE)
  })
})

describe('updateCodebaseIds', () => {
  test('the copies follow renamed ids; so do the places kept for an undo after the write', async () => {
    apply('MOVE_JSX', { codebaseIdToMove: FIRST, codebaseIdToMoveTo: MAIN })
    const remove = { codebaseIdsToRemove: [NOTE] }
    const { itemId } = apply('REMOVE_JSX', remove)
    const renamedFirst = id(50)
    const renamedTitle = id(51)
    instant.remap({ [FIRST]: renamedFirst, [TITLE]: renamedTitle })
    expect($(renamedFirst)?.parentElement).toBe($(MAIN))
    expect($(FIRST)?.parentElement).toBe($(LIST))

    // Written and reloaded: the paragraph is gone, the heading renamed.
    instant.setFlushing(true)
    $(NOTE).remove()
    $(TITLE).setAttribute(CODEBASE_ID_ATTRIBUTE, renamedTitle)
    await delivered()
    expect(undo(itemId, 'REMOVE_JSX', remove, true)).toEqual({ success: true })
    expect(($(renamedTitle).nextElementSibling as Element).outerHTML).toMatch(
      /^<p [^>]*class="note big"[^>]*>Edits land here\.<\/p>$/,
    )
  })
})

describe('undo after the write', () => {
  test('ADD_CLASS removes the class, UPDATE_CLASSES puts the old ones back, STYLING the values from before', () => {
    expect(undo(change(700), 'ADD_CLASS', { codebaseIdToAddClass: NOTE, className: 'big' }, true)).toEqual({
      success: true,
    })
    expect($(NOTE).classList.contains('big')).toBe(false)
    undo(
      change(701),
      'UPDATE_CLASSES',
      { codebaseIdToUpdateClass: TITLE, oldClasses: ['a', 'b'], newClasses: ['title'] },
      true,
    )
    expect(pageClasses(TITLE)).toEqual(['a', 'b'])

    const styling = { codebaseId: CARD, stylingChanges: { color: 'blue' }, stylingFramework: 'Inline' }
    const { itemId } = apply('STYLING', styling)
    instant.setFlushing(true)
    instant.stop()
    instant = createInstantUpdates(context, { nodesWithCodebaseId: () => [], elementsOf: () => [] })
    expect(undo(itemId, 'STYLING', styling, true).error).toMatch(/no longer has what STYLING/)
  })
})
