import { execFile } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { run } from '../../packages/cli/src/cli.ts'
import { unifiedDiff } from '../../packages/cli/src/line-diff.ts'
import { analyzeJsx } from '../../packages/vite-plugin-visual-edit/src/transform/tag-jsx.ts'
import { treeOf } from '../helpers/project-tree.ts'
import { copyFixture } from '../helpers/temp-project.ts'

/**
 * `visual-edit apply <change.json> [dir]`, the built binary on a copy of tests/fixtures/mutate-app:
 * the mutate operations without a dev server, elements by codebase id or by file and line.
 */
const REPO = path.resolve(import.meta.dirname, '../..')
const CLI = path.join(REPO, 'packages/cli/bin/visual-edit.js')

function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: REPO }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** The command in-process, as the binary runs it (its exit code is process.exitCode). */
async function applyInProcess(
  change: string,
  dir: string,
  flags: string[],
): Promise<{ exitCode: number; stdout: string }> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  try {
    await run(['node', 'visual-edit', 'apply', change, dir, ...flags])
    return {
      exitCode: Number(process.exitCode ?? 0),
      stdout: log.mock.calls.map((call) => `${call[0]}\n`).join(''),
    }
  } finally {
    log.mockRestore()
    process.exitCode = 0
  }
}

const copies: (() => void)[] = []
afterEach(() => {
  for (const remove of copies.splice(0)) remove()
})

/** A copy of mutate-app, its App.tsx, the ids of its elements by tag, and a change file writer. */
function app() {
  const { dir, remove } = copyFixture('mutate-app')
  copies.push(remove)
  const file = path.join(dir, 'src/App.tsx')
  const source = readFileSync(file, 'utf8')
  const ids = Object.fromEntries(
    analyzeJsx(source, { filename: file, root: dir })
      .elements.reverse()
      .map((element) => [element.tagName, element.id]),
  )
  // Beside the project, not in it: the project's tree must show only what apply wrote.
  const changeFile = (changes: unknown) => {
    const at = `${dir}.change.json`
    writeFileSync(at, JSON.stringify(changes))
    copies.push(() => rmSync(at, { force: true }))
    return at
  }
  return { dir, source, ids, changeFile, read: () => readFileSync(file, 'utf8') }
}

const WELCOME = '<h1 className="text-3xl font-bold">Welcome back</h1>'

describe('visual-edit apply', () => {
  test('editText by codebase id writes the file and says which', async () => {
    const { dir, source, ids, changeFile, read } = app()
    const change = changeFile({
      operation: 'editText',
      body: { element: { codebaseId: ids.h1 }, oldText: 'Welcome back', newText: 'Hello again' },
    })
    const run = await runCli(['apply', change, dir])
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toBe(`Applied 1 change to ${dir}:\n  src/App.tsx\n`)
    expect(read()).toBe(source.replace(WELCOME, '<h1 className="text-3xl font-bold">Hello again</h1>'))
  })

  test('an element by file and line; --json prints one object', async () => {
    const { dir, source, changeFile, read } = app()
    const change = changeFile({
      operation: 'editText',
      body: { element: { file: 'src/App.tsx', line: 6 }, oldText: 'Welcome back', newText: 'Hi' },
    })
    const run = await runCli(['apply', change, dir, '--json'])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual({
      ok: true,
      files: ['src/App.tsx'],
      prevIdToNewIdMap: {},
      newCodebaseIds: [],
      warnings: [],
    })
    expect(read()).toBe(source.replace('Welcome back', 'Hi'))
  })

  test("several changes apply in order, each on the last one's result and ids", async () => {
    const { dir, source, ids, changeFile, read } = app()
    const change = changeFile([
      {
        operation: 'editText',
        body: { element: { file: 'src/App.tsx', line: 6 }, oldText: 'Welcome back', newText: 'Hi' },
      },
      { operation: 'wrapInDiv', body: { reactElements: [{ codebaseId: ids.h1 }] } },
      // The h1's id as it was: wrapping moved the element, and this still names it.
      { operation: 'editText', body: { element: { codebaseId: ids.h1 }, oldText: 'Hi', newText: 'Hey' } },
      {
        operation: 'addClass',
        body: {
          reactElement: { file: 'src/App.tsx', line: 6, tag: 'h1' },
          className: 'mb-4',
          stylingFramework: null,
        },
      },
    ])
    const run = await runCli(['apply', change, dir, '--json'])
    expect(run.code).toBe(0)
    const result = JSON.parse(run.stdout)
    const after = read()
    expect(after).toBe(
      source.replace(
        `      ${WELCOME}\n`,
        '      <div>\n        <h1 className="text-3xl font-bold mb-4">Hey</h1>\n      </div>\n',
      ),
    )
    const file = path.join(dir, 'src/App.tsx')
    const now = analyzeJsx(after, { filename: file, root: dir }).elements
    const h1 = now.find((element) => element.tagName === 'h1')?.id
    // The wrapper took the h1's old place (and so its old id); the h1 has a new one.
    expect(result.prevIdToNewIdMap[ids.h1 as string]).toBe(h1)
    expect(result.newCodebaseIds).toEqual([ids.h1])
    expect(now.find((element) => element.id === ids.h1)?.tagName).toBe('div')
  })

  test('--dry-run writes nothing and prints the diff', async () => {
    const { dir, changeFile } = app()
    const change = changeFile({
      operation: 'wrapInDiv',
      body: { reactElements: [{ file: 'src/App.tsx', line: 6 }] },
    })
    const before = treeOf(dir)
    const run = await runCli(['apply', change, dir, '--dry-run'])
    expect(run.code).toBe(0)
    expect(treeOf(dir)).toEqual(before)
    const lines = run.stdout.split('\n')
    expect(lines.slice(0, 13)).toEqual([
      '--- a/src/App.tsx',
      '+++ b/src/App.tsx',
      '@@ -3,7 +3,9 @@',
      ' export function App({ user }: { user: { name: string } }) {',
      '   return (',
      '     <main className="mx-auto max-w-3xl p-8">',
      `-      ${WELCOME}`,
      '+      <div>',
      `+        ${WELCOME}`,
      '+      </div>',
      '       <p>',
      '         Signed in as <b>{user.name}</b>',
      '       </p>',
    ])
    expect(lines.slice(13)).toEqual([
      'Dry run: 1 change would change these files (nothing was written):',
      '  src/App.tsx',
      'Ids changed (old -> new):',
      expect.stringMatching(/^ {2}tempo-\S+ -> tempo-\S+$/),
      'New elements:',
      expect.stringMatching(/^ {2}tempo-\S+$/),
      '',
    ])

    const json = await applyInProcess(change, dir, ['--dry-run', '--json'])
    expect(json.exitCode).toBe(0)
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, dryRun: true, files: ['src/App.tsx'] })
    expect(JSON.parse(json.stdout).diff).toBe(`${lines.slice(0, 13).join('\n')}\n`)
    expect(treeOf(dir)).toEqual(before)
  })

  test("a refused change is exit code 1 with the server's code, and nothing is written", async () => {
    const { dir, ids, changeFile } = app()
    const change = changeFile([
      { operation: 'editText', body: { element: { codebaseId: ids.b }, oldText: 'x', newText: 'y' } },
      { operation: 'editText', body: { element: { codebaseId: ids.h1 }, oldText: 'Goodbye', newText: 'Hi' } },
    ])
    const before = treeOf(dir)
    const run = await runCli(['apply', change, dir])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(
      /^visual-edit: Change 1 of 2 \(editText\) was refused \(EDIT_IMPOSSIBLE\): .* Nothing was written\.\n$/,
    )

    const second = changeFile([
      {
        operation: 'editText',
        body: { element: { codebaseId: ids.h1 }, oldText: 'Welcome back', newText: 'Hi' },
      },
      {
        operation: 'editText',
        body: { element: { codebaseId: ids.h1 }, oldText: 'Goodbye', newText: 'Hey' },
      },
    ])
    const json = await runCli(['apply', second, dir, '--json'])
    expect(json.code).toBe(1)
    expect(json.stderr).toBe('')
    expect(JSON.parse(json.stdout)).toEqual({
      ok: false,
      error: {
        code: 'TEXT_MISMATCH',
        message: expect.stringMatching(
          /^Change 2 of 2 \(editText\) was refused \(TEXT_MISMATCH\): The code's text is now "Hi", not "Goodbye"\./,
        ),
      },
    })
    // The first change, which succeeded, was not written either.
    expect(treeOf(dir)).toEqual(before)
  })

  test.each([
    [
      'no element on the line',
      {
        operation: 'editText',
        body: { element: { file: 'src/App.tsx', line: 2 }, oldText: '', newText: 'x' },
      },
      'UNKNOWN_ELEMENT',
      /No element starts on line 2 of src\/App\.tsx\. Lines near it where one does: 5, 6, 7/,
    ],
    [
      'an unknown operation',
      { operation: 'explode', body: {} },
      'UNKNOWN_CHANGE_TYPE',
      /'explode' is not a mutate operation/,
    ],
    [
      'a body the route refuses',
      { operation: 'editText', body: { element: { file: 'src/App.tsx', line: 6 } } },
      'BAD_REQUEST',
      /editText/,
    ],
    [
      'a change without a body',
      { operation: 'editText' },
      'VISUAL_EDIT_INVALID_CHANGE_FILE',
      /has no "operation" name and "body" object/,
    ],
  ])('%s: exit code 1 and its code', async (_name, changes, code, message) => {
    const { dir, changeFile } = app()
    const run = await runCli(['apply', changeFile(changes), dir, '--json'])
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stdout)).toEqual({
      ok: false,
      error: { code, message: expect.stringMatching(message) },
    })
  })
})

describe('unifiedDiff', () => {
  test('equal texts: nothing', () => {
    expect(unifiedDiff('a.txt', 'x\n', 'x\n')).toBe('')
  })

  test('a new file and a deleted one', () => {
    expect(unifiedDiff('a.txt', null, 'one\ntwo\n')).toBe(
      '--- /dev/null\n+++ b/a.txt\n@@ -0,0 +1,2 @@\n+one\n+two\n',
    )
    expect(unifiedDiff('a.txt', 'one\n', null)).toBe('--- a/a.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-one\n')
  })

  test('changes far apart are separate hunks; near ones share one', () => {
    const before = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`)
    const after = [...before]
    after[1] = 'two'
    after[17] = 'eighteen'
    expect(unifiedDiff('f', `${before.join('\n')}\n`, `${after.join('\n')}\n`)).toBe(
      [
        '--- a/f',
        '+++ b/f',
        '@@ -1,5 +1,5 @@',
        ' line 1',
        '-line 2',
        '+two',
        ' line 3',
        ' line 4',
        ' line 5',
        '@@ -15,6 +15,6 @@',
        ' line 15',
        ' line 16',
        ' line 17',
        '-line 18',
        '+eighteen',
        ' line 19',
        ' line 20',
        '',
      ].join('\n'),
    )
    after[8] = 'nine'
    const joined = unifiedDiff('f', `${before.join('\n')}\n`, `${after.join('\n')}\n`)
    expect(joined.match(/^@@/gm)).toHaveLength(2)
    expect(joined).toContain('@@ -1,12 +1,12 @@')
  })

  test('lines inserted between kept ones are aligned, not replaced', () => {
    expect(unifiedDiff('f', 'a\nb\nc\n', 'a\nx\nb\ny\nc\n')).toBe(
      '--- a/f\n+++ b/f\n@@ -1,3 +1,5 @@\n a\n+x\n b\n+y\n c\n',
    )
  })

  test('a missing newline at the end is a change, marked as git marks it', () => {
    expect(unifiedDiff('f', 'a\n', 'a')).toBe(
      '--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n',
    )
    expect(unifiedDiff('f', 'x\ny', 'x\ny\nz\n')).toBe(
      '--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n x\n-y\n\\ No newline at end of file\n+y\n+z\n',
    )
  })

  test('a file rewritten throughout is shown replaced as a whole, without aligning it', () => {
    const before = Array.from({ length: 3000 }, (_, index) => `old ${index}\n`).join('')
    const after = Array.from({ length: 3000 }, (_, index) => `new ${index}\n`).join('')
    const started = performance.now()
    const lines = unifiedDiff('f', before, after).split('\n')
    // Aligning these 6,000 changed lines would take about 11 s; giving up on alignment takes under 1 s.
    expect(performance.now() - started).toBeLessThan(5000)
    expect(lines.slice(0, 4)).toEqual(['--- a/f', '+++ b/f', '@@ -1,3000 +1,3000 @@', '-old 0'])
    expect(lines[3002]).toBe('-old 2999')
    expect(lines[3003]).toBe('+new 0')
    expect(lines).toHaveLength(6004)
  })
})
