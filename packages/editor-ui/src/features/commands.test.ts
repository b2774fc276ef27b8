// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { activatesOnEnter, commandFor, isTyping, type KeyLike, shortcutOf } from './commands.ts'

const press = (key: string, modifiers: Partial<KeyLike> = {}): KeyLike => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...modifiers,
})

describe('shortcuts', () => {
  test.each([
    [press('d', { ctrlKey: true }), false, 'duplicate'],
    [press('d', { metaKey: true }), true, 'duplicate'],
    [press('d', { ctrlKey: true }), true, null],
    [press('g', { ctrlKey: true, altKey: true }), false, 'wrap'],
    [press('©', { metaKey: true, altKey: true }), true, 'wrap'],
    // Copy for agent: Alt+C types 'ç' on macOS; Ctrl+C stays the browser's copy.
    [press('c', { ctrlKey: true, altKey: true }), false, 'copyForAgent'],
    [press('ç', { metaKey: true, altKey: true }), true, 'copyForAgent'],
    [press('c', { ctrlKey: true }), false, null],
    [press('Delete'), false, 'delete'],
    [press('Backspace'), true, 'delete'],
    [press('Enter'), false, 'editText'],
    // Figma's Shift+Enter: to the parent; arrows move the selection as the layers' arrows move rows.
    [press('Enter', { shiftKey: true }), false, 'parent'],
    [press('ArrowDown'), false, 'nextSibling'],
    [press('ArrowUp'), true, 'previousSibling'],
    [press('ArrowRight'), false, 'firstChild'],
    [press('ArrowLeft'), false, 'parent'],
    [press('ArrowDown', { shiftKey: true }), false, null],
    [press('ArrowDown', { ctrlKey: true }), false, null],
    [press('1', { ctrlKey: true, altKey: true }), false, 'toggleLayers'],
    [press('¡', { metaKey: true, altKey: true }), true, 'toggleLayers'],
    [press('2', { ctrlKey: true, altKey: true }), false, 'toggleElement'],
    [press('™', { metaKey: true, altKey: true }), true, 'toggleElement'],
    [press('1', { ctrlKey: true }), false, null],
    [press('Escape'), false, 'escape'],
    [press('z', { ctrlKey: true }), false, 'undo'],
    [press('Z', { ctrlKey: true, shiftKey: true }), false, 'redo'],
    [press('y', { ctrlKey: true }), false, 'redo'],
    [press('z', { metaKey: true, shiftKey: true }), true, 'redo'],
    [press('=', { ctrlKey: true }), false, 'zoomIn'],
    [press('+', { ctrlKey: true, shiftKey: true }), false, 'zoomIn'],
    [press('-', { metaKey: true }), true, 'zoomOut'],
    [press('0', { ctrlKey: true }), false, 'zoomReset'],
    [press('0'), false, null],
    [press('a'), false, null],
    [press('Delete', { altKey: true }), false, null],
    [press('k', { ctrlKey: true }), false, 'palette'],
    [press('k', { metaKey: true }), true, 'palette'],
    [press('k', { ctrlKey: true }), true, null],
    [press('k'), false, null],
    [press('?', { shiftKey: true }), false, 'shortcuts'],
    [press('?', { shiftKey: true }), true, 'shortcuts'],
    [press('?', { ctrlKey: true, shiftKey: true }), false, null],
    // The other platform's modifier makes no shortcut: Win+Delete, Ctrl+Backspace on macOS.
    [press('Delete', { metaKey: true }), false, null],
    [press('Backspace', { ctrlKey: true }), true, null],
  ] as const)('%j (mac %s) is %s', (event, mac, command) => {
    expect(commandFor(event, mac)).toBe(command)
  })

  test.each([
    ['undo', '⌘Z', 'Ctrl+Z'],
    ['redo', '⇧⌘Z', 'Ctrl+Shift+Z'],
    ['wrap', '⌥⌘G', 'Ctrl+Alt+G'],
    ['copyForAgent', '⌥⌘C', 'Ctrl+Alt+C'],
    ['zoomIn', '⌘+', 'Ctrl++'],
    ['palette', '⌘K', 'Ctrl+K'],
    ['shortcuts', '?', '?'],
    ['delete', '⌫', 'Delete'],
    ['editText', '↵', 'Enter'],
    ['escape', 'Esc', 'Esc'],
    ['nextSibling', '↓', '↓'],
    ['parent', '←', '←'],
    ['toggleLayers', '⌥⌘1', 'Ctrl+Alt+1'],
  ] as const)('%s is shown as %s on macOS and %s elsewhere', (command, mac, other) => {
    expect(shortcutOf(command, true)).toBe(mac)
    expect(shortcutOf(command, false)).toBe(other)
  })

  test('every command has a shortcut, and each shortcut shown means its command', () => {
    const commands = [
      'duplicate',
      'wrap',
      'delete',
      'editText',
      'escape',
      'undo',
      'redo',
      'zoomIn',
      'zoomOut',
      'zoomReset',
      'palette',
      'shortcuts',
      'nextSibling',
      'previousSibling',
      'firstChild',
      'parent',
      'toggleLayers',
      'toggleElement',
      'copyForAgent',
    ] as const
    for (const command of commands) {
      expect(shortcutOf(command, false), command).not.toBeNull()
      expect(shortcutOf(command, true), command).not.toBeNull()
    }
  })

  test('never while typing in a field', () => {
    const input = document.createElement('input')
    const editable = document.createElement('div')
    editable.contentEditable = 'true'
    document.body.append(input, editable)
    expect(isTyping(input)).toBe(true)
    expect(isTyping(document.createElement('textarea'))).toBe(true)
    expect(isTyping(editable)).toBe(true)
    expect(isTyping(document.createElement('button'))).toBe(false)
    expect(isTyping(null)).toBe(false)
  })

  test('Enter on a focused button, link or menu item is left to it', () => {
    const link = document.createElement('a')
    link.href = '#'
    const item = document.createElement('div')
    item.setAttribute('role', 'menuitem')
    const row = document.createElement('div')
    row.setAttribute('role', 'treeitem')
    expect(activatesOnEnter(document.createElement('button'))).toBe(true)
    expect(activatesOnEnter(link)).toBe(true)
    expect(activatesOnEnter(item)).toBe(true)
    expect(activatesOnEnter(document.createElement('a'))).toBe(false)
    expect(activatesOnEnter(row)).toBe(false)
    expect(activatesOnEnter(document.body)).toBe(false)
    expect(activatesOnEnter(null)).toBe(false)
  })
})
