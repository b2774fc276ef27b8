// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { type ElementKey, elementKeysEqual } from '../../protocol/element-key.ts'
import { CODEBASE_ID_ATTRIBUTE } from '../../protocol/ids.ts'
import { OutboundEvent } from '../../protocol/messages.ts'
import type { NavTreeNode } from '../../protocol/nav-tree-node.ts'
import { EDIT_TEXT_BUTTON_PX } from '../core/constants.ts'
import { InspectorContext, OVERLAY_ATTRIBUTE } from '../core/context.ts'
import { createOutlines, type Outlines, type OutlineTree } from '../overlay/outlines.ts'
import { createSelection, type Selection, type SelectionTree } from '../selection/selection.ts'
import { createInputForwarding, type InputForwarding } from './input-forwarding.ts'
import { createTextEdit, EDIT_DYNAMIC_TEXT_LABEL, type TextEditing, textOf } from './text-edit.ts'

/** Tagged elements as tree nodes, keyed by codebase id and element id (what the modules here read). */
function fakeTree(): SelectionTree & OutlineTree {
  const tagged = () => [...document.body.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}]`)]
  const keyFor = (element: Element): ElementKey => ({
    codebaseId: element.getAttribute(CODEBASE_ID_ATTRIBUTE) ?? '',
    storyboardId: 'app',
    uniquePath: `0-${element.id}`,
  })
  const nodeFor = (element: Element) =>
    ({ key: keyFor(element), name: element.localName, isComponent: false }) as NavTreeNode
  const elementsOf = (key: ElementKey) => tagged().filter((element) => elementKeysEqual(keyFor(element), key))
  return {
    keyOf: (element) => {
      const found = element.closest(`[${CODEBASE_ID_ATTRIBUTE}]`)
      return found ? keyFor(found) : null
    },
    elementsOf,
    // No shift-click, children or copies here.
    parentOf: () => null,
    parentKeyOf: () => null,
    childrenOf: () => [],
    nodeOf: (key) => (elementsOf(key)[0] ? nodeFor(elementsOf(key)[0] as Element) : null),
    isComponent: () => false,
    nodesWithCodebaseId: () => [],
    instancesWithCodebaseId: () => [],
  }
}

const id = (n: number) => `tempo-00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const $ = (selector: string) => document.querySelector(selector) as HTMLElement

function placeAt(selector: string, left: number, top: number, width: number, height: number) {
  $(selector).getBoundingClientRect = () =>
    ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top }) as DOMRect
}

let shadow: ShadowRoot | null = null
const attachShadow = Element.prototype.attachShadow
let context: InspectorContext
let selection: Selection
let outlines: Outlines
let forwarding: InputForwarding
let textEdit: TextEditing
let sent: { type: string; payload: unknown }[]
/** Events that reached the app (a listener on the document, where React listens above its root). */
let appSaw: string[]
let app: AbortController

const of = (type: string) => sent.filter((message) => message.type === type).map((message) => message.payload)
const key = (selector: string) => fakeTree().keyOf($(selector)) as ElementKey

function click(selector: string, init: MouseEventInit = {}): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, ...init })
  $(selector).dispatchEvent(event)
  return event
}
function press(selector: string, init: KeyboardEventInit, type = 'keydown'): KeyboardEvent {
  const event = new KeyboardEvent(type, { bubbles: true, cancelable: true, composed: true, ...init })
  $(selector).dispatchEvent(event)
  return event
}
/** What typing does to the element: the browser edits its text (here replacing the node React made). */
function type(selector: string, text: string) {
  $(selector).textContent = text
  $(selector).dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }))
}
/** The first click selects, the second starts editing. */
function edit(selector: string) {
  click(selector)
  click(selector)
}
/** The text from the element's start to the caret (a collapsed selection). */
function textBeforeCaret(selector: string): string {
  const range = window.getSelection()?.getRangeAt(0)
  if (!range?.collapsed) return '(no caret)'
  const before = document.createRange()
  before.setStart($(selector), 0)
  before.setEnd(range.startContainer, range.startOffset)
  return before.toString()
}
const button = () => shadow?.querySelector('button') ?? null
const buttonShown = () => button() !== null && button()?.style.display !== 'none'
const drawn = async () => {
  await Promise.resolve()
  outlines.render()
}

beforeEach(() => {
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attachShadow.call(this, init)
    if (this.hasAttribute(OVERLAY_ATTRIBUTE)) shadow = root
    return root
  }
  sessionStorage.clear()
  document.body.innerHTML = `
    <main id="main" ${CODEBASE_ID_ATTRIBUTE}="${id(1)}">
      <h1 id="title" ${CODEBASE_ID_ATTRIBUTE}="${id(2)}">  Welcome   back </h1>
      <p id="count" ${CODEBASE_ID_ATTRIBUTE}="${id(3)}">3 listings</p>
      <div id="card" ${CODEBASE_ID_ATTRIBUTE}="${id(4)}">Card <b>bold</b></div>
      <span id="other" ${CODEBASE_ID_ATTRIBUTE}="${id(5)}">Other</span>
    </main>`
  placeAt('#title', 10, 20, 300, 40)
  placeAt('#count', 10, 80, 200, 20)
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 800 })
  appSaw = []
  app = new AbortController()
  for (const name of ['click', 'mousedown', 'keydown', 'keyup', 'input'])
    document.addEventListener(name, () => appSaw.push(name), { signal: app.signal })

  context = new InspectorContext(window)
  sent = []
  context.send = (type, payload) => {
    sent.push({ type, payload })
  }
  context.lookups.set(id(3), { text: 'dynamic' })
  const tree = fakeTree()
  selection = createSelection(context, tree)
  outlines = createOutlines(context, tree, selection)
  textEdit = createTextEdit(context, tree, selection, outlines)
  selection.setTextEditing(textEdit)
  forwarding = createInputForwarding(context, selection, textEdit)
  selection.start()
  textEdit.start()
  forwarding.start()
  outlines.start()
})

afterEach(() => {
  app.abort()
  textEdit.stop()
  outlines.stop()
  forwarding.stop()
  selection.stop()
  context.stop()
  Element.prototype.attachShadow = attachShadow
  shadow = null
  vi.restoreAllMocks()
})

describe('starting', () => {
  test('a click on the selected element with static text makes it plain-text editable, focused, caret at the end', () => {
    click('#title')
    expect(of(OutboundEvent.START_EDITING_TEXT)).toEqual([])
    expect($('#title').getAttribute('contenteditable')).toBeNull()

    const second = click('#title')
    expect(second.defaultPrevented).toBe(true)
    expect(of(OutboundEvent.START_EDITING_TEXT)).toEqual([
      { elementKey: key('#title'), oldText: '  Welcome   back ' },
    ])
    expect($('#title').contentEditable).toBe('plaintext-only')
    expect(document.activeElement).toBe($('#title'))
    expect(textBeforeCaret('#title')).toBe('  Welcome   back ')
    expect(textEdit.editing).toEqual(key('#title'))
    expect(appSaw).not.toContain('click')
  })

  test('the caret goes where the click was when the browser can tell', () => {
    const text = $('#title').firstChild as Text
    Object.assign(document, { caretPositionFromPoint: () => ({ offsetNode: text, offset: 4 }) })
    try {
      click('#title')
      click('#title', { clientX: 40, clientY: 30 })
      expect(textBeforeCaret('#title')).toBe('  We')
    } finally {
      Reflect.deleteProperty(document, 'caretPositionFromPoint')
    }
  })

  test('without a lookup an element of text only is static; one with elements in it is not', () => {
    edit('#card')
    expect(of(OutboundEvent.START_EDITING_TEXT)).toEqual([])
    expect($('#card').getAttribute('contenteditable')).toBeNull()
    context.lookups.set(id(5), { text: 'none' })
    edit('#other')
    expect(of(OutboundEvent.START_EDITING_TEXT)).toEqual([])
  })

  test('startEditingText edits the selection; it answers false for text from code or nothing selected', () => {
    expect(textEdit.startEditingSelected()).toBe(false)
    selection.setSelected(key('#count'))
    expect(textEdit.startEditingSelected()).toBe(false)
    selection.setSelected(key('#title'))
    expect(textEdit.startEditingSelected()).toBe(true)
    expect(of(OutboundEvent.START_EDITING_TEXT)).toHaveLength(1)
    expect(textEdit.startEditingSelected()).toBe(true)
    expect(of(OutboundEvent.START_EDITING_TEXT)).toHaveLength(1)
  })
})

describe('dynamic text', () => {
  test('gets the 22 px edit-dynamic-text button at its top-right corner instead; the button sends its key', async () => {
    edit('#count')
    expect(of(OutboundEvent.START_EDITING_TEXT)).toEqual([])
    expect($('#count').getAttribute('contenteditable')).toBeNull()
    await drawn()
    const shown = button() as HTMLButtonElement
    expect(buttonShown()).toBe(true)
    expect(shown.getAttribute('aria-label')).toBe(EDIT_DYNAMIC_TEXT_LABEL)
    expect(shown.type).toBe('button')
    expect(EDIT_TEXT_BUTTON_PX).toBe(22)
    expect(shown.style.width).toBe('22px')
    expect(shown.style.height).toBe('22px')
    // Beside the corner; inside it where the viewport ends.
    expect(Number.parseFloat(shown.style.left)).toBe(10 + 200)
    expect(Number.parseFloat(shown.style.top)).toBe(80)
    placeAt('#count', 600, 80, 200, 20)
    await drawn()
    expect(Number.parseFloat(shown.style.left)).toBe(800 - 22)

    appSaw = []
    const pressed = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true })
    shown.dispatchEvent(pressed)
    expect(of(OutboundEvent.EDIT_DYNAMIC_TEXT)).toEqual([{ elementKey: key('#count') }])
    expect(appSaw).toEqual([])
    expect(selection.selected).toEqual(key('#count'))
  })

  test('the button hides when the selection changes and in drive mode, and follows the zoom', async () => {
    click('#count')
    await drawn()
    expect(buttonShown()).toBe(true)
    click('#title')
    await drawn()
    expect(buttonShown()).toBe(false)
    click('#count')
    context.zoom = 2
    await drawn()
    expect(button()?.style.width).toBe(`${EDIT_TEXT_BUTTON_PX / 2}px`)
    selection.setDriveMode(true)
    await drawn()
    expect(buttonShown()).toBe(false)
  })
})

describe('committing', () => {
  test('Enter sends the new and old text, keeps the selection, and no key reaches the editor or the app', () => {
    edit('#title')
    const original = $('#title').firstChild
    type('#title', 'Hello again')
    const enter = press('#title', { key: 'Enter', code: 'Enter' })
    expect(enter.defaultPrevented).toBe(true)
    expect(of(OutboundEvent.EDITED_TEXT)).toEqual([
      { elementKey: key('#title'), newText: 'Hello again', oldText: '  Welcome   back ' },
    ])
    expect(appSaw).toEqual([])
    press('#title', { key: 'Enter', code: 'Enter' }, 'keyup')
    expect(of(OutboundEvent.KEY_DOWN)).toEqual([])
    expect(of(OutboundEvent.KEY_UP)).toEqual([])
    expect($('#title').getAttribute('contenteditable')).toBeNull()
    expect(document.activeElement).not.toBe($('#title'))
    expect(window.getSelection()?.rangeCount).toBe(0)
    expect(selection.selected).toEqual(key('#title'))
    expect(textEdit.editing).toBeNull()
    // React's text node is back, with the new text: the hot update finds the node it made.
    expect($('#title').childNodes).toHaveLength(1)
    expect($('#title').firstChild).toBe(original)
    expect($('#title').textContent).toBe('Hello again')

    // The next key is the editor's again.
    press('#title', { key: 'Delete', code: 'Delete' })
    expect(of(OutboundEvent.KEY_DOWN)).toMatchObject([{ key: 'Delete' }])
  })

  test('Shift+Enter is a line break, not a commit', () => {
    edit('#title')
    const shifted = press('#title', { key: 'Enter', code: 'Enter', shiftKey: true })
    expect(shifted.defaultPrevented).toBe(false)
    expect(of(OutboundEvent.EDITED_TEXT)).toEqual([])
    expect(textEdit.editing).toEqual(key('#title'))
    // What the browser then makes of it: a <br>, and the one it keeps last to show the empty line.
    $('#title').innerHTML = 'Two<br>lines<br><br>'
    press('#title', { key: 'Enter', code: 'Enter' })
    expect(of(OutboundEvent.EDITED_TEXT)).toMatchObject([{ newText: 'Two\nlines\n' }])
  })

  test('blur commits', () => {
    edit('#title')
    type('#title', 'Blurred')
    $('#title').blur()
    expect(of(OutboundEvent.EDITED_TEXT)).toEqual([
      { elementKey: key('#title'), newText: 'Blurred', oldText: '  Welcome   back ' },
    ])
    expect($('#title').getAttribute('contenteditable')).toBeNull()
  })

  test('a click on another element commits, then selects it', () => {
    edit('#title')
    type('#title', 'Elsewhere')
    click('#other')
    expect(
      sent.map((message) => message.type).filter((name) => name !== OutboundEvent.HOVERED_ELEMENT_KEY),
    ).toEqual([
      OutboundEvent.SELECTED_ELEMENT_KEY,
      OutboundEvent.START_EDITING_TEXT,
      OutboundEvent.EDITED_TEXT,
      OutboundEvent.SELECTED_ELEMENT_KEY,
    ])
    expect(of(OutboundEvent.EDITED_TEXT)).toMatchObject([{ newText: 'Elsewhere' }])
    expect(selection.selected).toEqual(key('#other'))
    expect(textEdit.editing).toBeNull()
  })

  test('a selection the editor makes elsewhere commits; the same selection again does not', () => {
    edit('#title')
    selection.setSelected(key('#title'))
    expect(textEdit.editing).toEqual(key('#title'))
    selection.setSelected(key('#other'))
    expect(of(OutboundEvent.EDITED_TEXT)).toMatchObject([{ newText: '  Welcome   back ' }])
    expect(textEdit.editing).toBeNull()
  })
})

describe('while editing', () => {
  test('presses inside the text keep their default (the caret) but reach neither the app nor the selection', () => {
    edit('#title')
    appSaw = []
    const down = new MouseEvent('mousedown', { bubbles: true, cancelable: true, composed: true })
    $('#title').dispatchEvent(down)
    expect(down.defaultPrevented).toBe(false)
    const again = click('#title')
    expect(again.defaultPrevented).toBe(true)
    expect(appSaw).toEqual([])
    expect(of(OutboundEvent.START_EDITING_TEXT)).toHaveLength(1)
    expect(textEdit.editing).toEqual(key('#title'))
  })

  test('typed keys (Backspace, undo) are not forwarded as shortcuts', () => {
    edit('#title')
    press('#title', { key: 'Backspace', code: 'Backspace' })
    press('#title', { key: 'z', code: 'KeyZ', metaKey: true })
    press('#title', { key: 'z', code: 'KeyZ', metaKey: true }, 'keyup')
    expect(of(OutboundEvent.KEY_DOWN)).toEqual([])
    expect(of(OutboundEvent.KEY_UP)).toEqual([])
  })

  test('no hover outline on the edited element; the selection outline stays', async () => {
    edit('#title')
    $('#title').dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }))
    await drawn()
    const kinds = [...(shadow?.querySelectorAll('div') ?? [])]
      .filter((div) => !div.hidden)
      .map((div) => div.dataset.kind)
    expect(kinds).toContain('primary')
    expect(kinds).not.toContain('hover')
  })

  test('where plaintext-only is missing, contenteditable is true and a paste goes in as plain text', () => {
    // Such a browser refuses the value (restoreAllMocks puts the setter back).
    vi.spyOn(HTMLElement.prototype, 'contentEditable', 'set').mockImplementation(function (
      this: HTMLElement,
      value: string,
    ) {
      if (value === 'plaintext-only') throw new SyntaxError('not supported')
      this.setAttribute('contenteditable', value)
    })
    edit('#title')
    expect($('#title').getAttribute('contenteditable')).toBe('true')
    const data = new DataTransfer()
    data.setData('text/html', '<b>bold</b>')
    data.setData('text/plain', 'plain')
    const paste = new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: data })
    $('#title').dispatchEvent(paste)
    expect(paste.defaultPrevented).toBe(true)
    expect($('#title').innerHTML).toBe('  Welcome   back plain')
  })
})

describe('cancelling', () => {
  test('Escape restores the exact original text and nodes, reports it unchanged, keeps the selection', () => {
    // An element's own contenteditable comes back too.
    $('#title').setAttribute('contenteditable', 'false')
    edit('#title')
    const original = $('#title').firstChild
    type('#title', 'Thrown away')
    const cancel = press('#title', { key: 'Escape', code: 'Escape' })
    press('#title', { key: 'Escape', code: 'Escape' }, 'keyup')
    expect(cancel.defaultPrevented).toBe(true)
    expect($('#title').innerHTML).toBe('  Welcome   back ')
    expect($('#title').firstChild).toBe(original)
    expect($('#title').getAttribute('contenteditable')).toBe('false')
    // No edit to write, but the editor learns that editing ended.
    expect(of(OutboundEvent.EDITED_TEXT)).toEqual([
      { elementKey: key('#title'), newText: '  Welcome   back ', oldText: '  Welcome   back ' },
    ])
    expect(of(OutboundEvent.KEY_DOWN)).toEqual([])
    expect(of(OutboundEvent.KEY_UP)).toEqual([])
    expect(selection.selected).toEqual(key('#title'))
    expect(textEdit.editing).toBeNull()
  })
})

describe('the element leaves the page', () => {
  test('the next tree ends the editing, reported unchanged; a tree while it is there does not', () => {
    const title = key('#title')
    edit('#title')
    type('#title', 'Gone soon')
    context.emit('tree')
    expect(textEdit.editing).toEqual(title)
    $('#title').remove()
    context.emit('tree')
    expect(textEdit.editing).toBeNull()
    // Nothing to write (the element is gone), but the editor learns that editing ended.
    expect(of(OutboundEvent.EDITED_TEXT)).toEqual([
      { elementKey: title, newText: '  Welcome   back ', oldText: '  Welcome   back ' },
    ])
  })
})

describe('drive mode', () => {
  test('suppresses everything: no editing, no button, and turning it on commits an edit', async () => {
    edit('#title')
    type('#title', 'Driven')
    selection.setDriveMode(true)
    expect(of(OutboundEvent.EDITED_TEXT)).toMatchObject([{ newText: 'Driven' }])
    expect(textEdit.startEditingSelected()).toBe(false)
    edit('#title')
    expect(of(OutboundEvent.START_EDITING_TEXT)).toHaveLength(1)
    expect($('#title').getAttribute('contenteditable')).toBeNull()
    selection.setSelected(key('#count'))
    await drawn()
    expect(buttonShown()).toBe(false)
  })
})

test('stop() removes everything: the edit is undone, the button and the listeners are gone', async () => {
  click('#count')
  await drawn()
  expect(button()).not.toBeNull()
  edit('#title')
  type('#title', 'Half typed')
  textEdit.stop()
  expect($('#title').innerHTML).toBe('  Welcome   back ')
  expect($('#title').getAttribute('contenteditable')).toBeNull()
  expect(of(OutboundEvent.EDITED_TEXT)).toMatchObject([
    { newText: '  Welcome   back ', oldText: '  Welcome   back ' },
  ])
  expect(textEdit.startEditingSelected()).toBe(false)
  click('#count')
  await drawn()
  expect(button()).toBeNull()
  edit('#title')
  expect(of(OutboundEvent.START_EDITING_TEXT)).toHaveLength(1)
  appSaw = []
  press('#title', { key: 'x', code: 'KeyX' })
  expect(appSaw).toEqual(['keydown'])
})

test('textOf reads line breaks from <br> and the blocks contenteditable makes', () => {
  const element = document.createElement('div')
  element.innerHTML = 'one<div>two</div><div><br></div>'
  expect(textOf(element)).toBe('one\ntwo\n')
  element.innerHTML = 'a\nb<br>c<br><br>'
  expect(textOf(element)).toBe('a\nb\nc\n')
  element.innerHTML = 'last<br>'
  expect(textOf(element)).toBe('last')
  // Chromium's plaintext-only after Shift+Enter at the end.
  element.innerHTML = 'Hello\n\n'
  expect(textOf(element)).toBe('Hello\n')
})
