// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are JSX source holding template literals
import type { JSXOpeningElement, Node } from '@babel/types'
import { VISITOR_KEYS } from '@babel/types'
import { describe, expect, test } from 'vitest'
import { parseModule } from '../../transform/parse-module.ts'
import { type ElementSource, editClassList, readClassList, replaceClassList } from './class-list.ts'

/** The first `<div>` (or `tag`) of `code`, as a class edit sees it. */
function source(code: string, tag = 'div'): ElementSource {
  const ast = parseModule(code, 'test.tsx')
  let found: JSXOpeningElement | undefined
  const visit = (node: Node) => {
    if (found) return
    if (node.type === 'JSXOpeningElement' && node.name.type === 'JSXIdentifier' && node.name.name === tag) {
      found = node
      return
    }
    for (const key of VISITOR_KEYS[node.type] ?? []) {
      const value = (node as unknown as Record<string, unknown>)[key]
      for (const child of Array.isArray(value) ? value : [value])
        if (child && typeof child === 'object' && 'type' in child) visit(child as Node)
    }
  }
  visit(ast.program)
  if (!found) throw new Error(`no <${tag}> in ${code}`)
  return { code, opening: found, tagName: tag, eol: code.includes('\r\n') ? '\r\n' : '\n' }
}

const el = (attributes: string) => `const x = <div ${attributes}>hi</div>\n`
const edit = (attributes: string, change: { remove?: string[]; add?: string[] }) =>
  editClassList(source(el(attributes)), change)

describe('readClassList', () => {
  test.each([
    ['className="a  b"', ['a', 'b'], []],
    ["className={'a b'}", ['a', 'b'], []],
    ['className={"a \\"q\\" b"}', ['a', '"q"', 'b'], []],
    ['className={`a ${x ? "b" : ""} c`}', ['a', 'c'], ['${x ? "b" : ""}']],
    ['className={`a-${size} c d${e}`}', ['c'], ['${size}', '${e}']],
    ['className={cn("a b", active && "c", `d`)}', ['a', 'b', 'd'], ['active && "c"']],
    ['class="x"', ['x'], []],
    ['id="y"', [], []],
  ])('%s', (attributes, classes, expressions) => {
    expect(readClassList(source(el(attributes)))).toMatchObject({ classes, expressions })
  })

  test.each([
    ['className={styles.card}', 'is {styles.card}, a value read from an object,'],
    ['className={getClasses()}', 'is {getClasses()}, a call to a function whose result is known only at run'],
    ['className={classes}', 'is {classes}, a variable,'],
    ['className={"a " + b}', 'is {"a " + b}, a string built with +,'],
    ['className', 'is className, an attribute with no value,'],
  ])('refuses %s', (attributes, message) => {
    expect(() => readClassList(source(el(attributes)))).toThrow(
      expect.objectContaining({
        code: 'EDIT_IMPOSSIBLE',
        status: 422,
        message: expect.stringContaining(message),
      }),
    )
  })
})

describe('editClassList', () => {
  test.each([
    ['className="a b c"', { remove: ['b'] }, 'className="a c"'],
    ['className="a b c"', { remove: ['c'] }, 'className="a b"'],
    ['className="a b c"', { remove: ['a'] }, 'className="b c"'],
    ['className="a b c"', { remove: ['b', 'c'] }, 'className="a"'],
    ['className="a b c"', { remove: ['a', 'b', 'c'] }, 'className=""'],
    ['className="a b"', { add: ['c', 'd'] }, 'className="a b c d"'],
    ['className="a b "', { add: ['c'] }, 'className="a b c "'],
    ['className=""', { add: ['c'] }, 'className="c"'],
    ['className="a b"', { add: ['a'] }, 'className="a b"'],
    ['className="a b"', { remove: ['a'], add: ['c'] }, 'className="b c"'],
    ["className={'a'}", { add: ["it's"] }, "className={'a it\\'s'}"],
    ['className={`a ${x} b`}', { add: ['c'] }, 'className={`a ${x} b c`}'],
    ['className={`a ${x}`}', { add: ['c'] }, 'className={`a ${x} c`}'],
    ['className={`a ${x}`}', { remove: ['a'] }, 'className={`${x}`}'],
    ['className={`${x} a b`}', { remove: ['a'] }, 'className={`${x} b`}'],
    ['className={`${x} a`}', { remove: ['a'] }, 'className={`${x}`}'],
    [
      'className={`a`}',
      { add: ['w-[calc(1px_+_2px)]', 'c`${'] },
      'className={`a w-[calc(1px_+_2px)] c\\`\\${`}',
    ],
    ['className={cn("a", x && "b")}', { add: ['c'] }, 'className={cn("a c", x && "b")}'],
    ['className={cn(x && "b")}', { add: ['c'] }, 'className={cn(x && "b", "c")}'],
    ['className={cn()}', { add: ['c'] }, 'className={cn("c")}'],
    ['className={clsx("a", "b")}', { remove: ['b'] }, 'className={clsx("a", "")}'],
    ['id="y"', { add: ['c', 'd'] }, 'id="y" className="c d"'],
    ['id="y"', { remove: ['c'] }, 'id="y"'],
  ])('%s %o', (attributes, change, expected) => {
    expect(edit(attributes, change)).toBe(el(expected))
  })

  test('keeps a class-per-line layout', () => {
    const code = 'const x = (\n  <div\n    className="\n      a\n      b\n    "\n  />\n)\n'
    expect(editClassList(source(code), { add: ['c'] })).toBe(code.replace('b\n', 'b\n      c\n'))
    expect(editClassList(source(code), { remove: ['b'] })).toBe(code.replace('\n      b', ''))
    expect(editClassList(source(code), { remove: ['a'] })).toBe(code.replace('a\n      ', ''))
  })

  test('creates the attribute on its own line when attributes are one per line, with the eol', () => {
    const code = 'const x = (\r\n  <div\r\n    id="y"\r\n    title="t"\r\n  />\r\n)\r\n'
    expect(editClassList(source(code), { add: ['p-4'] })).toBe(
      code.replace('title="t"', 'title="t"\r\n    className="p-4"'),
    )
  })

  test('creates the attribute after the tag name of a bare element', () => {
    expect(editClassList(source('const x = <div>hi</div>'), { add: ['p-4'] })).toBe(
      'const x = <div className="p-4">hi</div>',
    )
  })

  test('refuses a class the attribute string cannot hold', () => {
    expect(() => edit('className="a"', { add: ['content-["x"]'] })).toThrow(
      expect.objectContaining({ code: 'INVALID_VALUE' }),
    )
  })
})

describe('replaceClassList', () => {
  test('writes a plain string in the new order, keeping its surrounding space', () => {
    expect(replaceClassList(source(el('className=" a b c "')), ['c', 'a', 'd'])).toBe(
      el('className=" c a d "'),
    )
    expect(replaceClassList(source(el('className={`a b`}')), ['b', 'a'])).toBe(el('className={`b a`}'))
  })

  test('edits only the difference of anything else', () => {
    expect(replaceClassList(source(el('className={cn("a b", x && "c")}')), ['b', 'd'])).toBe(
      el('className={cn("b d", x && "c")}'),
    )
  })

  test('creates the attribute when there is none', () => {
    expect(replaceClassList(source(el('id="y"')), ['a'])).toBe(el('id="y" className="a"'))
    expect(replaceClassList(source(el('id="y"')), [])).toBe(el('id="y"'))
  })
})
