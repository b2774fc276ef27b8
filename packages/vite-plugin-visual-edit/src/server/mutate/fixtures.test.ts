/**
 * Runs every mutate fixture: `fixtures/<operation>/<behaviour>/` holds
 *
 *   input.tsx (or input.jsx)   the file, placed at src/input.tsx of a fresh project
 *   request.json               the body; "$h1" or "$li:2" stands for { codebaseId } of the first <h1>
 *                              or the third <li> of input.tsx
 *   extra/                     optional files copied into the project root (stylesheets, components)
 *
 * and compares with file snapshots: `output.snap.tsx` (the file after the edit) and `response.snap.json`,
 * or `error.snap.json` when the edit is refused. Every output is re-parsed, only lines of the elements
 * the request names (with the parentheses around them; from line 1 for addJsxElement, whose import goes
 * on top) may change, and undo must give the input back byte for byte.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { structuredPatch } from 'diff'
import { describe, expect, test } from 'vitest'
import { ElementIndex } from '../../transform/element-index.ts'
import { parseModule } from '../../transform/parse-module.ts'
import { analyzeJsx, tagJsx } from '../../transform/tag-jsx.ts'
import { replay } from '../edit/activities.ts'
import { History } from '../edit/history.ts'
import { MutateError } from '../edit/mutate-error.ts'
import type { MutationServices } from '../edit/mutation.ts'
import { FileLocks, nodeFileSystem } from '../edit/source-file.ts'
import { OPERATIONS } from './index.ts'

const FIXTURES = path.join(import.meta.dirname, 'fixtures')

function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? listFiles(full, base) : [path.relative(base, full)]
  })
}

/** Resolves "$tag" / "$tag:n" strings anywhere in the request to element objects. */
function resolveRefs(value: unknown, idOf: (selector: string) => string): unknown {
  if (typeof value === 'string' && value.startsWith('$')) return { codebaseId: idOf(value.slice(1)) }
  if (Array.isArray(value)) return value.map((entry) => resolveRefs(entry, idOf))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, resolveRefs(entry, idOf)]))
  }
  return value
}

/**
 * 1-based first and last line of `before` that a line diff changes (for lines only added, the first is
 * the line they come before and the last the one they follow); null when the texts are equal.
 */
function changedLines(before: string, after: string): { first: number; lastBefore: number } | null {
  const { hunks } = structuredPatch('', '', before, after, undefined, undefined, { context: 0 })
  const first = hunks[0]
  const last = hunks.at(-1)
  if (!first || !last) return null
  return { first: first.oldStart, lastBefore: last.oldStart + last.oldLines - 1 }
}

/**
 * `after` with its leading import block (directives, imports and blank lines) replaced by `before`'s, so an
 * import an edit adds (a component, a keyed Fragment) does not count as a changed line; the
 * snapshot still shows it.
 */
function withImportsOf(before: string, after: string): string {
  const head = (lines: string[]) => {
    let index = 0
    while (index < lines.length && /^(?:import\b.*|(['"])use [\w ]+\1;?|\s*)$/.test(lines[index] as string))
      index += 1
    return index
  }
  const a = before.split('\n')
  const b = after.split('\n')
  return [...a.slice(0, head(a)), ...b.slice(head(b))].join('\n')
}

/** [start, end) widened over the parentheses that enclose it, if any: `(\n  <div />\n)`. */
function withParentheses(text: string, start: number, end: number): { start: number; end: number } {
  for (;;) {
    let before = start
    while (before > 0 && /\s/.test(text[before - 1] as string)) before -= 1
    let after = end
    while (after < text.length && /\s/.test(text[after] as string)) after += 1
    if (text[before - 1] !== '(' || text[after] !== ')') return { start, end }
    start = before - 1
    end = after + 1
  }
}

const operations = existsSync(FIXTURES) ? readdirSync(FIXTURES).sort() : []

for (const operation of operations) {
  describe(operation, () => {
    for (const behaviour of readdirSync(path.join(FIXTURES, operation)).sort()) {
      const dir = path.join(FIXTURES, operation, behaviour)
      test(behaviour, async () => {
        const inputName = readdirSync(dir).find((name) => /^input\.[jt]sx$/.test(name)) as string
        const input = readFileSync(path.join(dir, inputName))
        const root = mkdtempSync(path.join(tmpdir(), 'visual-edit-fixture-'))
        try {
          cpSync(path.join(dir, 'extra'), root, { recursive: true, errorOnExist: false, force: true })
        } catch {
          // no extra files
        }
        mkdirSync(path.join(root, 'src'), { recursive: true })
        const file = path.join(root, 'src', inputName)
        writeFileSync(file, input)
        const extraBefore = new Map(
          listFiles(root).map((name) => [name, readFileSync(path.join(root, name))]),
        )

        try {
          const text = input.toString('utf8')
          const { elements } = tagJsx(text, { filename: file, root })
          const index = new ElementIndex()
          index.setFile(file, elements, text)
          const services: MutationServices = {
            root,
            index,
            fs: nodeFileSystem,
            locks: new FileLocks(),
            history: new History(100),
          }
          const idOf = (selector: string) => {
            const [tag, nth = '0'] = selector.split(':')
            const match = elements.filter((element) => element.tagName === tag)[Number(nth)]
            if (!match)
              throw new Error(`${operation}/${behaviour}: no <${tag}> number ${nth} in ${inputName}`)
            return match.id
          }
          const body = resolveRefs(JSON.parse(readFileSync(path.join(dir, 'request.json'), 'utf8')), idOf)
          const run = OPERATIONS.get(operation)
          if (!run) throw new Error(`No operation '${operation}' is registered`)

          let response: unknown
          try {
            response = await run(body, services, 'fixture-canvas')
          } catch (error) {
            if (!(error instanceof MutateError)) throw error
            // A fixture that expects an output (a hand-written output.snap) must not be refused.
            expect(
              existsSync(path.join(dir, `output.snap${path.extname(inputName)}`)),
              `refused, but the fixture expects an output: ${error.code} ${error.message}`,
            ).toBe(false)
            await expect(
              `${JSON.stringify({ status: error.status, code: error.code, message: error.message }, null, 2)}\n`,
            ).toMatchFileSnapshot(path.join(dir, 'error.snap.json'))
            for (const [name, bytes] of extraBefore)
              expect(readFileSync(path.join(root, name)).equals(bytes), `${name} untouched`).toBe(true)
            return
          }

          const output = readFileSync(file, 'utf8')
          expect(existsSync(path.join(dir, 'error.snap.json')), 'the fixture expects a refusal').toBe(false)
          await expect(`${JSON.stringify(response, null, 2)}\n`).toMatchFileSnapshot(
            path.join(dir, 'response.snap.json'),
          )
          await expect(output).toMatchFileSnapshot(path.join(dir, `output.snap${path.extname(inputName)}`))
          for (const name of listFiles(root).filter((entry) => !extraBefore.has(entry))) {
            await expect(readFileSync(path.join(root, name), 'utf8')).toMatchFileSnapshot(
              path.join(dir, `created.${path.basename(name)}.snap`),
            )
          }
          for (const [name, bytes] of extraBefore) {
            if (name === `src/${inputName}`) continue
            const after = readFileSync(path.join(root, name))
            if (!after.equals(bytes))
              await expect(after.toString('utf8')).toMatchFileSnapshot(
                path.join(dir, `output.${path.basename(name)}.snap`),
              )
          }

          expect(() => parseModule(output, file)).not.toThrow()
          // The index the server keeps after its write is what tagging the new file from scratch gives.
          expect(index.elementsOf(file)).toEqual(analyzeJsx(output, { filename: file, root }).elements)
          const targets = Object.values(body as Record<string, unknown>).flatMap((entry) =>
            Array.isArray(entry) ? entry : [entry],
          )
          const touched = targets
            .map((entry) =>
              entry && typeof entry === 'object' && 'codebaseId' in entry
                ? elements.find((element) => element.id === entry.codebaseId)
                : undefined,
            )
            .filter((element) => element !== undefined)
          const diff = changedLines(text, withImportsOf(text, output))
          if (diff && touched.length > 0) {
            // Only lines of the elements the request names change (besides imports, see withImportsOf).
            // Parentheses around an element belong to it: a returned root removed gives `return null`.
            const spans = touched.map((element) => withParentheses(text, element.start, element.end))
            const firstLine = Math.min(...spans.map(({ start }) => text.slice(0, start).split('\n').length))
            const lastLine = Math.max(...spans.map(({ end }) => text.slice(0, end).split('\n').length))
            expect(diff.first, 'first changed line is inside the edited element').toBeGreaterThanOrEqual(
              firstLine,
            )
            expect(diff.lastBefore, 'last changed line is inside the edited element').toBeLessThanOrEqual(
              lastLine,
            )
          }

          if (
            diff ||
            listFiles(root).some(
              (name) => !readFileSync(path.join(root, name)).equals(extraBefore.get(name) ?? Buffer.alloc(0)),
            )
          ) {
            await replay(services, 'fixture-canvas', 'undo')
            expect(readFileSync(file).equals(input), 'undo restores the input byte for byte').toBe(true)
            for (const [name, bytes] of extraBefore)
              expect(readFileSync(path.join(root, name)).equals(bytes), `undo restores ${name}`).toBe(true)
            expect(listFiles(root).sort(), 'undo removes the files the edit created').toEqual(
              [...extraBefore.keys()].sort(),
            )
          }
        } finally {
          rmSync(root, { recursive: true, force: true })
        }
      })
    }
  })
}
