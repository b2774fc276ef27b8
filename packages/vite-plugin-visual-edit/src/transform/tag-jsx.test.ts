import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'
import { describe, expect, test } from 'vitest'
import { SourceParseError } from '../errors.ts'
import { CODEBASE_ID_ATTRIBUTE, isTaggedCodebaseId } from '../protocol/ids.ts'
import { codebaseIdFor } from './codebase-id.ts'
import type { SourceMapV3 } from './insertion-map.ts'
import { parseModule } from './parse-module.ts'
import { type JsxElementInfo, type TagJsxResult, tagJsx } from './tag-jsx.ts'

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'tag-jsx')
const ROOT = '/project'

/** Removes exactly what the transform inserted; pre-existing attributes stay. */
function stripInserted(result: TagJsxResult): string {
  let code = result.code
  for (const element of result.elements) {
    if (!element.preTagged) code = code.replace(` ${CODEBASE_ID_ATTRIBUTE}="${element.id}"`, '')
  }
  return code
}

function describeElements(elements: JsxElementInfo[]): string {
  const pathOf = new Map(elements.map((element) => [element.id, element.structuralPath]))
  const lines = elements.map((element) =>
    [
      element.structuralPath.padEnd(8),
      `<${element.tagName}>`,
      `L${element.line}:${element.column}`,
      element.isComponent ? 'component' : 'host',
      `parent=${element.parentId ? pathOf.get(element.parentId) : '-'}`,
      `children=[${element.childIds.map((id) => pathOf.get(id)).join(',')}]`,
      `slot=${element.slot}`,
      `text=${element.text}`,
      element.selfClosing ? 'self-closing' : '',
      element.preTagged ? `pre-tagged(${element.id})` : '',
    ]
      .filter(Boolean)
      .join(' '),
  )
  return `${lines.join('\n')}\n`
}

describe('tagJsx fixtures', () => {
  for (const name of readdirSync(FIXTURES).sort()) {
    const dir = path.join(FIXTURES, name)
    const inputName = readdirSync(dir).find((file) => file.startsWith('input.')) as string
    const extension = path.extname(inputName)

    test(name, async () => {
      const input = readFileSync(path.join(dir, inputName), 'utf8')
      const filename = path.join(ROOT, 'src', name, inputName)
      let result: TagJsxResult
      try {
        result = tagJsx(input, { filename, root: ROOT })
      } catch (error) {
        expect(error).toBeInstanceOf(SourceParseError)
        const { code, message, loc } = error as SourceParseError
        await expect(`${code}\n${message}\n${JSON.stringify(loc)}\n`).toMatchFileSnapshot(
          path.join(dir, 'error.snap.txt'),
        )
        return
      }

      await expect(result.code).toMatchFileSnapshot(path.join(dir, `output.snap${extension}`))
      await expect(describeElements(result.elements)).toMatchFileSnapshot(path.join(dir, 'elements.snap.txt'))
      // Still valid code, and nothing but the attributes was added.
      expect(() => parseModule(result.code, filename)).not.toThrow()
      expect(stripInserted(result)).toBe(input)
      // Every element of the output carries an id, and no two share one.
      const ids = result.elements.map((element) => element.id)
      expect(new Set(ids).size).toBe(ids.length)
      for (const element of result.elements) {
        if (!element.preTagged) {
          expect(isTaggedCodebaseId(element.id)).toBe(true)
          expect(element.id).toBe(codebaseIdFor(`src/${name}/${inputName}`, element.structuralPath))
        }
        // Spans index the input, not the output.
        expect(input.slice(element.start, element.start + 1 + element.tagName.length)).toBe(
          `<${element.tagName}`,
        )
        expect(input[element.openingEnd - 1]).toBe('>')
        expect(input[element.end - 1]).toBe('>')
      }
    })
  }
})

describe('tagJsx', () => {
  const code = [
    'export const A = () => (',
    '  <div className="x">',
    '    <span>hi</span>',
    '  </div>',
    ')',
    '',
  ].join('\n')

  test('returns the input itself and no map when there is no JSX element', () => {
    const input = 'export const f = () => <></>\n'
    const result = tagJsx(input, { filename: `${ROOT}/src/f.tsx`, root: ROOT })
    expect(result).toEqual({ code: input, map: null, elements: [] })
  })

  test('ids depend on the path relative to the root, not on where the checkout lives', () => {
    const a = tagJsx(code, { filename: '/home/a/app/src/A.tsx', root: '/home/a/app' })
    const b = tagJsx(code, { filename: '/srv/b/src/A.tsx', root: '/srv/b' })
    expect(a.code).toBe(b.code)
    const c = tagJsx(code, { filename: '/srv/b/src/B.tsx', root: '/srv/b' })
    expect(c.elements[0]?.id).not.toBe(a.elements[0]?.id)
  })

  test('the source map takes every tagged element back to its original line and column', () => {
    const result = tagJsx(code, { filename: `${ROOT}/src/A.tsx`, root: ROOT })
    const map = new TraceMap(result.map as SourceMapV3)
    const outputLines = result.code.split('\n')
    for (const element of result.elements) {
      const line = outputLines.findIndex((text) => text.includes(element.id))
      const column = outputLines[line]?.indexOf(`<${element.tagName}`) ?? -1
      expect(originalPositionFor(map, { line: line + 1, column })).toMatchObject({
        source: `${ROOT}/src/A.tsx`,
        line: element.line,
        column: element.column,
      })
      // The code after the inserted attribute maps back too (hires: every character).
      const after = outputLines[line]?.indexOf('>', column) ?? -1
      const original = code.split('\n')[element.line - 1] ?? ''
      expect(originalPositionFor(map, { line: line + 1, column: after })).toMatchObject({
        line: element.line,
        column: original.indexOf('>', element.column),
      })
    }
  })

  test('a file that does not parse throws VISUAL_EDIT_PARSE_FAILED with its location', () => {
    expect(() => tagJsx('const a = <div>\n', { filename: `${ROOT}/src/bad.tsx`, root: ROOT })).toThrow(
      expect.objectContaining({ code: 'VISUAL_EDIT_PARSE_FAILED', loc: { line: 1, column: 15 } }),
    )
  })
})

describe('components from node_modules', () => {
  const source = [
    "import Calendar from 'calendar'",
    'export const A = () => (',
    '  <div>',
    '    <Calendar view="month" />',
    '    {open && <Calendar.Day />}',
    '  </div>',
    ')',
    '',
  ].join('\n')
  const tag = () =>
    tagJsx(source, { filename: `${ROOT}/src/A.tsx`, root: ROOT, externalComponents: new Set(['Calendar']) })

  test('are wrapped in the tag helper instead of getting the attribute, with the same ids', () => {
    const result = tag()
    const [div, calendar, day] = result.elements
    expect(result.elements.map((element) => element.id)).toEqual(
      tagJsx(source, { filename: `${ROOT}/src/A.tsx`, root: ROOT }).elements.map((element) => element.id),
    )
    expect(result.code).toContain(`<div ${CODEBASE_ID_ATTRIBUTE}="${div?.id}">`)
    expect(result.code).toContain(`{__visualEditTag(<Calendar view="month" />, "${calendar?.id}")}`)
    expect(result.code).toContain(`{open && __visualEditTag(<Calendar.Day />, "${day?.id}")}`)
    expect(result.code.match(/function __visualEditTag\(/g)).toHaveLength(1)
    parseModule(result.code, `${ROOT}/src/A.tsx`)
  })

  test("the helper records the id against the element's props and what its clones keep, and returns it", () => {
    const code = tag().code
    const helper = new Function(
      `${code.slice(code.lastIndexOf('function __visualEditTag'))}; return __visualEditTag`,
    )()
    const registry = () =>
      (globalThis as Record<symbol, WeakMap<object, string>>)[Symbol.for('visual-edit.component-ids')]
    const element = { props: {}, _debugStack: new Error('stack'), _source: { fileName: 'A.tsx' } }
    expect(helper(element, 'tempo-a')).toBe(element)
    for (const key of [element.props, element._debugStack, element._source])
      expect(registry()?.get(key)).toBe('tempo-a')
    // React shares one debug stack once it stops tracking owners: met with two ids, it names none.
    const shared = new Error('unknown owner')
    helper({ props: {}, _debugStack: shared }, 'tempo-a')
    helper({ props: {}, _debugStack: shared }, 'tempo-b')
    expect(registry()?.get(shared)).toBe('')
  })
})
