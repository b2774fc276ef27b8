import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'
import fc from 'fast-check'
import MagicString from 'magic-string'
import { describe, expect, test } from 'vitest'
import { applyInsertions, type Insertion } from './insertion-map.ts'

const textArbitrary = fc.string({
  unit: fc.constantFrom('a', 'b', ' ', '\n', '\r', '<', 'é', '🙂'),
  maxLength: 60,
})

function insertionsFor(text: string, picks: number[]): Insertion[] {
  const offsets = [...new Set(picks.map((pick) => pick % (text.length + 1)))].sort((a, b) => a - b)
  return offsets.map((offset, index) => ({ offset, text: ` x${index}="y"` }))
}

describe('applyInsertions', () => {
  test('produces the same code and the same mappings as magic-string with hires: true', () => {
    fc.assert(
      fc.property(textArbitrary, fc.array(fc.nat(), { maxLength: 8 }), (text, picks) => {
        const insertions = insertionsFor(text, picks)
        const magic = new MagicString(text)
        for (const insertion of insertions) magic.appendLeft(insertion.offset, insertion.text)
        const expected = magic.generateMap({ hires: true, source: 'a.tsx', includeContent: true })

        const { code, map } = applyInsertions(text, insertions, 'a.tsx')
        expect(code).toBe(magic.toString())
        expect(map.mappings).toBe(expected.mappings)
        expect(map.sourcesContent).toEqual([text])
      }),
      { numRuns: 2000 },
    )
  })

  test('every original character maps back to its own line and column', () => {
    const text = 'const a = (\r\n  <div className="x">\n\n    <b>é🙂</b>\n  </div>\n)'
    const insertions = [...text.matchAll(/<(div|b)/g)].map((match, index) => ({
      offset: (match.index ?? 0) + match[0].length,
      text: ` data-id="${index}"`,
    }))
    const { code, map } = applyInsertions(text, insertions, 'a.tsx')
    const trace = new TraceMap(map)
    const originalLines = text.split('\n')
    const generatedLines = code.split('\n')
    originalLines.forEach((line, lineIndex) => {
      for (let column = 0; column < line.length; column++) {
        const before = insertions.filter((insertion) => {
          const lineStart = originalLines.slice(0, lineIndex).join('\n').length + (lineIndex > 0 ? 1 : 0)
          return insertion.offset >= lineStart && insertion.offset <= lineStart + column
        })
        const generatedColumn = column + before.reduce((sum, insertion) => sum + insertion.text.length, 0)
        expect(generatedLines[lineIndex]?.[generatedColumn]).toBe(line[column])
        expect(originalPositionFor(trace, { line: lineIndex + 1, column: generatedColumn })).toMatchObject({
          line: lineIndex + 1,
          column,
        })
      }
    })
  })
})
