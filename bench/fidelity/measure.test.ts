import { describe, expect, it } from 'vitest'
import { measureFile } from './measure.ts'

const FILE = '/project/src/App.tsx'
const ORIGINAL = [
  '// The page',
  'export function App() {',
  '  return (',
  '    <main>',
  '      <h1>Title</h1>',
  '      {/* the lead */}',
  '      <p>Lead</p>',
  '    </main>',
  '  )',
  '}',
  '',
].join('\n')

const replaceLine = (text: string, line: number, by: string) =>
  text
    .split('\n')
    .map((current, index) => (index === line - 1 ? by : current))
    .join('\n')

describe('measureFile', () => {
  it('counts nothing outside for a change inside the region', () => {
    const after = replaceLine(ORIGINAL, 5, '      <h1>New title</h1>')
    expect(measureFile(FILE, ORIGINAL, after, [{ first: 5, last: 5 }])).toEqual({
      changed: 2,
      outside: 0,
      formatting: { kept: 9, total: 9 },
      commentsLost: [],
    })
  })

  it('counts a line changed outside the region, out and in', () => {
    const after = replaceLine(ORIGINAL, 3, '  return(')
    const measured = measureFile(FILE, ORIGINAL, after, [{ first: 5, last: 5 }])
    expect(measured.outside).toBe(2)
    expect(measured.formatting).toEqual({ kept: 8, total: 9 })
  })

  it('takes lines added right after the region as inside, and further on as outside', () => {
    const lines = ORIGINAL.split('\n')
    const insert = (at: number) => [...lines.slice(0, at), '      <hr />', ...lines.slice(at)].join('\n')
    expect(measureFile(FILE, ORIGINAL, insert(5), [{ first: 5, last: 5 }]).outside).toBe(0)
    expect(measureFile(FILE, ORIGINAL, insert(7), [{ first: 5, last: 5 }]).outside).toBe(1)
  })

  it('counts a line whose line break changed', () => {
    const after = ORIGINAL.replace('export function App() {\n', 'export function App() {\r\n')
    expect(measureFile(FILE, ORIGINAL, after, [{ first: 5, last: 5 }]).outside).toBe(2)
  })

  it('finds a lost comment, except one inside removed code', () => {
    const after = ORIGINAL.replace('      {/* the lead */}\n', '')
    expect(measureFile(FILE, ORIGINAL, after, [{ first: 6, last: 6 }]).commentsLost).toEqual(['the lead'])
    const start = ORIGINAL.indexOf('      {/*')
    const removed = [{ start, end: ORIGINAL.indexOf('\n', start) }]
    expect(measureFile(FILE, ORIGINAL, after, [{ first: 6, last: 6 }], removed).commentsLost).toEqual([])
  })

  it('reports a file that no longer parses', () => {
    const after = replaceLine(ORIGINAL, 5, '      <h1>Title</h2>')
    expect(measureFile(FILE, ORIGINAL, after, [{ first: 5, last: 5 }]).parseError).toMatch(/h1/)
  })
})
