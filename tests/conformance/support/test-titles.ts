import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseModule } from '../../../packages/vite-plugin-visual-edit/src/transform/parse-module.ts'

/**
 * The titles of the conformance tests, read from their source with the plugin's own Babel parser (the
 * coverage test compares them with the specs' quotes). A title must be written out: a string, or a
 * template without `${}`; any other title is reported, so no test escapes the comparison.
 */

export interface TestTitle {
  /** The test file, relative to tests/conformance. */
  file: string
  line: number
  /** The title, or null when it is computed (then `source` is its code). */
  title: string | null
  source: string
}

/** Calls whose first argument names a test: `test(...)`, `it(...)`, `test.fails(...)`, ... */
function isTestCall(node: Record<string, unknown>): boolean {
  if (node.type !== 'CallExpression') return false
  const callee = node.callee as Record<string, unknown>
  const name = (value: unknown) => (value as { name?: string } | undefined)?.name
  if (callee.type === 'Identifier') return name(callee) === 'test' || name(callee) === 'it'
  if (callee.type === 'MemberExpression') return ['test', 'it'].includes(name(callee.object) ?? '')
  return false
}

function literalText(node: Record<string, unknown>): string | null {
  if (node.type === 'StringLiteral') return node.value as string
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0) {
    const [quasi] = node.quasis as { value: { cooked: string } }[]
    return quasi?.value.cooked ?? null
  }
  return null
}

function collect(node: unknown, code: string, file: string, into: TestTitle[]): void {
  if (Array.isArray(node)) {
    for (const child of node) collect(child, code, file, into)
    return
  }
  if (typeof node !== 'object' || node === null) return
  const record = node as Record<string, unknown>
  if (typeof record.type !== 'string') return
  if (isTestCall(record)) {
    const [first] = record.arguments as Record<string, unknown>[]
    if (first) {
      const { start, end, loc } = first as { start: number; end: number; loc: { start: { line: number } } }
      into.push({ file, line: loc.start.line, title: literalText(first), source: code.slice(start, end) })
    }
  }
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'loc' && key !== 'leadingComments' && key !== 'trailingComments')
      collect(value, code, file, into)
  }
}

/** Every test title of every `*.test.ts` under `dir`, in file order. */
export function testTitlesUnder(dir: string): TestTitle[] {
  const titles: TestTitle[] = []
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .sort()
  for (const file of files) {
    const code = readFileSync(path.join(dir, file), 'utf8')
    collect(parseModule(code, file).program, code, file, titles)
  }
  return titles
}
