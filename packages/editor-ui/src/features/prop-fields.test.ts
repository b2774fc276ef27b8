import type { ElementPropsResponse, WrittenProp } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test } from 'vitest'
import {
  addPropProblem,
  initialValue,
  memberOf,
  memberText,
  parseDraft,
  propRows,
  tagChoices,
  unsetDeclaredProps,
} from './prop-fields.ts'

const at = (line: number) => ({ file: 'src/pages/AuthPage.tsx', line, column: 8 })

/** `<AuthField label="Email" type="email" required rows={3} onBlur={check} {...rest} className="x" />` */
const written: WrittenProp[] = [
  { name: 'label', kind: 'literal', value: 'Email', at: at(10) },
  { name: 'type', kind: 'literal', value: 'email', at: at(11) },
  { name: 'required', kind: 'literal', value: true, at: at(12) },
  { name: 'rows', kind: 'literal', value: 3, at: at(13) },
  { name: 'onBlur', kind: 'expression', source: 'check', at: at(14) },
  { name: '...', kind: 'spread', source: 'rest', at: at(15) },
  { name: 'className', kind: 'literal', value: 'x', at: at(16) },
  { name: 'onClick', kind: 'literal', value: 'alert(1)', at: at(17) },
  { name: 'hidden', kind: 'literal', value: null, at: at(18) },
]

const code: ElementPropsResponse = {
  id: 'tempo-6d2b7f5e-0a0c-4f7e-9a51-2a8e1f3b9c10',
  tagName: 'AuthField',
  isComponent: true,
  at: at(9),
  written,
  declared: {
    component: 'AuthField',
    at: { file: 'src/components/auth/AuthField.tsx', line: 3, column: 0 },
    props: [
      { name: 'label', optional: false, kind: 'string', type: 'string' },
      {
        name: 'type',
        optional: false,
        kind: 'union',
        members: ['email', 'password'],
        type: "'email' | 'password'",
      },
      { name: 'required', optional: true, kind: 'boolean', type: 'boolean' },
      { name: 'placeholder', optional: true, kind: 'string', type: 'string' },
      { name: 'size', optional: true, kind: 'union', members: [1, 2], type: '1 | 2' },
      { name: 'ref', optional: true, kind: 'other', type: 'Ref<HTMLInputElement>' },
    ],
  },
  componentsInScope: ['AuthAlert', 'AuthField'],
}

describe('propRows', () => {
  test('literals by their declared type, a union as a list; expressions, spreads, refused names and null read-only', () => {
    const rows = propRows(code)
    expect(rows.map((row) => [row.name, row.kind === 'editable' ? row.editor : row.kind])).toEqual([
      ['label', 'text'],
      ['type', 'select'],
      ['required', 'boolean'],
      ['rows', 'number'],
      ['onBlur', 'readonly'],
      ['...', 'readonly'],
      ['onClick', 'readonly'],
      ['hidden', 'readonly'],
    ])
    expect(rows[1]).toMatchObject({ members: ['email', 'password'], value: 'email' })
    expect(rows[4]).toMatchObject({
      text: '{check}',
      at: at(14),
      reason: expect.stringContaining('expression'),
    })
    expect(rows[5]).toMatchObject({ text: '{...rest}' })
    expect(rows[6]).toMatchObject({ reason: expect.stringContaining('event handlers') })
  })

  test('a literal outside its declared union is edited as its own type', () => {
    const other = {
      ...code,
      written: [{ name: 'type', kind: 'literal' as const, value: 'search', at: at(3) }],
    }
    expect(propRows(other)[0]).toMatchObject({ editor: 'text', value: 'search' })
  })
})

test('unsetDeclaredProps: what the component declares and the element does not set, editable kinds only', () => {
  expect(unsetDeclaredProps(code).map((prop) => prop.name)).toEqual(['placeholder', 'size'])
})

describe('parseDraft', () => {
  test('a number must be finite; text is as typed', () => {
    expect(parseDraft('number', ' 12 ')).toEqual({ value: 12 })
    expect(parseDraft('number', '-0.5')).toEqual({ value: -0.5 })
    expect(parseDraft('number', '12px')).toEqual({ problem: expect.stringContaining('not a number') })
    expect(parseDraft('number', '')).toHaveProperty('problem')
    expect(parseDraft('number', 'Infinity')).toHaveProperty('problem')
    expect(parseDraft('text', '')).toEqual({ value: '' })
    expect(parseDraft('text', ' a "b" ')).toEqual({ value: ' a "b" ' })
  })
})

test('addPropProblem: names the server refuses, the Element panel edits, or the element has', () => {
  expect(addPropProblem('placeholder', code)).toBeNull()
  expect(addPropProblem('aria-label', code)).toBeNull()
  expect(addPropProblem('', code)).toMatch(/name/)
  expect(addPropProblem('2x', code)).toMatch(/not a valid JSX attribute name/)
  expect(addPropProblem('onFocus', code)).toMatch(/event handlers/)
  expect(addPropProblem('className', code)).toMatch(/Element panel/)
  expect(addPropProblem('label', code)).toMatch(/set already/)
})

test('initialValue and the select options of a union with numbers', () => {
  const size = code.declared?.props.find((prop) => prop.name === 'size')
  expect(initialValue(size)).toBe(1)
  expect(initialValue(undefined)).toBe('')
  expect(memberText(2)).toBe('2')
  expect(memberText('2')).toBe('"2"')
  expect(memberOf([1, '2'], '"2"')).toBe('2')
  expect(memberOf([1, '2'], '1')).toBe(1)
})

describe('tagChoices', () => {
  test('the file’s components and HTML tags, without the current tag, the script sinks, or void tags when it has children', () => {
    const choices = tagChoices('div', ['Card', 'Logo'], true)
    expect(choices.components).toEqual(['Card', 'Logo'])
    expect(choices.html).toContain('section')
    expect(choices.html).not.toContain('div')
    for (const sink of ['script', 'iframe', 'object', 'embed', 'base', 'meta', 'link'])
      expect(choices.html).not.toContain(sink)
    expect(choices.html).not.toContain('img')
    expect(tagChoices('div', [], false).html).toContain('img')
  })

  test('filtered by what was typed, case-insensitive', () => {
    expect(tagChoices('p', ['Card', 'CardTitle'], false, 'card').components).toEqual(['Card', 'CardTitle'])
    expect(tagChoices('p', ['Card'], false, 'H').html).toEqual(
      expect.arrayContaining(['h1', 'h2', 'header', 'th', 'thead']),
    )
  })
})
