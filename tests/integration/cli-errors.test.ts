import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runEditCommand } from '../../packages/cli/src/commands/edit.ts'
import { copyFixture } from '../helpers/temp-project.ts'

/**
 * Every refusal of `visual-edit edit` as a user meets it: the built binary exits with 1 and prints one
 * line, `visual-edit: <message>`, that says the fix, and no stack; the same refusal in-process carries
 * its stable code. None of these needs the editor page built: each is refused before it is looked for.
 */
const REPO = path.resolve(import.meta.dirname, '../..')
const CLI = path.join(REPO, 'packages/cli/bin/visual-edit.js')

interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** Runs the built binary from the system's temp folder, as a user would from anywhere. */
function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: tmpdir(), env: { ...process.env, NODE_ENV: 'development', VISUAL_EDIT_TOKEN: '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

const cleanups: (() => void)[] = []
afterAll(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** A folder with `files`: inside the repository (it resolves react) unless `outside`. */
function folder(files: Record<string, string>, outside = false): string {
  const parent = outside ? tmpdir() : path.join(REPO, 'tests/.tmp')
  mkdirSync(parent, { recursive: true })
  const dir = realpathSync(mkdtempSync(path.join(parent, 'cli-errors-')))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), text)
  }
  return dir
}

/** A copy of tests/fixtures/mutate-app (which has no package.json), with `files` on top. */
function app(
  files: Record<string, string> = { 'package.json': '{ "name": "app", "private": true }\n' },
): string {
  const project = copyFixture('mutate-app')
  cleanups.push(project.remove)
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(project.dir, name), text)
  return project.dir
}

const withConfig = (config: string) =>
  app({ 'package.json': '{ "name": "app", "private": true }\n', 'vite.config.ts': config })

const APP = 'export const App = () => <main>hello</main>\n'

const cases: [string, () => string[], string, RegExp][] = [
  [
    'a folder that does not exist',
    () => ['edit', path.join(folder({}), 'no-such-project')],
    'VISUAL_EDIT_PROJECT_NOT_FOUND',
    /^Project folder \S+no-such-project does not exist\. Pass the folder that holds the project's vite\.config\.$/,
  ],
  [
    'a folder without package.json',
    () => ['edit', app({})],
    'VISUAL_EDIT_NO_PACKAGE_JSON',
    /^\S+mutate-app-\w+ has no package\.json\. Pass the folder of the project itself/,
  ],
  [
    'a project react cannot be resolved from',
    () => ['edit', folder({ 'package.json': '{}\n', 'src/App.tsx': APP }, true)],
    'VISUAL_EDIT_NO_REACT',
    /^react cannot be found from \S+; visual-edit edits React apps\. Install the project's dependencies \(npm install\)/,
  ],
  [
    'a project without .jsx or .tsx (those in node_modules and dot-folders do not count)',
    () => [
      'edit',
      folder({
        'package.json': '{}\n',
        'src/main.ts': 'export {}\n',
        'node_modules/widget/Widget.tsx': APP,
        '.storybook/Story.tsx': APP,
      }),
    ],
    'VISUAL_EDIT_NO_JSX',
    /^\S+ holds no \.jsx or \.tsx file \(node_modules and dot-folders are not searched\)/,
  ],
  [
    'a vite.config that throws',
    () => ['edit', withConfig("throw new Error('the config exploded')\nexport default {}\n")],
    'VISUAL_EDIT_CONFIG_FAILED',
    /^The project's vite\.config\.ts failed to load: the config exploded\. Fix vite\.config\.ts/,
  ],
  [
    'a vite.config that does not parse (the bundler draws a code frame)',
    () => ['edit', withConfig('export default {\n  plugins: [,,\n')],
    'VISUAL_EDIT_CONFIG_FAILED',
    /^The project's vite\.config\.ts failed to load: .*\(vite\.config\.ts:\d+:\d+\)\. Fix vite\.config\.ts/,
  ],
  [
    'a host other machines can reach, without --allow-remote',
    () => ['edit', app(), '--host', '0.0.0.0'],
    'VISUAL_EDIT_HOST_NOT_LOOPBACK',
    /^--host 0\.0\.0\.0 can be reached from other machines, .* add --allow-remote on a network you trust\.$/,
  ],
  [
    'a token shorter than 16 characters',
    () => ['edit', app(), '--token', 'short'],
    'VISUAL_EDIT_INVALID_OPTIONS',
    /^--token must be at least 16 characters: .* leave --token out for a random token\.$/,
  ],
]

describe('visual-edit edit refuses, with one line and exit code 1', () => {
  // The binaries run at once (each spends most of its time starting Node and loading Vite).
  const argvs = new Map<string, string[]>()
  const runs = new Map<string, CliRun>()
  beforeAll(async () => {
    for (const [name, args] of cases) argvs.set(name, args())
    const done = await Promise.all(cases.map(([name]) => runCli(argvs.get(name) as string[])))
    for (const [index, [name]] of cases.entries()) runs.set(name, done[index] as CliRun)
  })

  test.each(cases)('%s', async (name, _args, code, message) => {
    const run = runs.get(name) as CliRun
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    const lines = run.stderr.trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]?.startsWith('visual-edit: ')).toBe(true)
    expect(lines[0]?.slice('visual-edit: '.length)).toMatch(message)
    expect(run.stderr).not.toMatch(/\n\s+at |Error:/)
    expect(run.stderr).not.toContain('\u001b[')

    // The same refusal in-process: its stable code, before any server listens.
    const argv = argvs.get(name) as string[]
    const flag = (option: string) => (argv.includes(option) ? argv[argv.indexOf(option) + 1] : undefined)
    const options = { port: 0, host: flag('--host') ?? '127.0.0.1', open: false, allowRemote: false }
    const token = flag('--token')
    await expect(
      runEditCommand(argv[1] as string, token === undefined ? options : { ...options, token }),
    ).rejects.toMatchObject({ code })
  })

  test('VISUAL_EDIT_TOKEN shorter than 16 characters', async () => {
    const run = await runCli(['edit', app()], { VISUAL_EDIT_TOKEN: 'short' })
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(
      "visual-edit: VISUAL_EDIT_TOKEN must be at least 16 characters: anyone who guesses it can write the project's files. Set a longer one, or unset it for a random token.\n",
    )
  })
})

describe('--help', () => {
  test.each([
    [
      'edit',
      ['--port <port>', '--host <host>', '--allow-remote', '--token <token>', '--open'],
      '$ visual-edit edit ',
    ],
    ['apply', ['<change>', '[dir]', '--json', '--dry-run'], '$ visual-edit apply '],
    ['', ['edit', 'apply'], '$ visual-edit edit '],
  ])(
    'visual-edit %s --help lists its options and an example',
    { concurrent: true },
    async (command, listed, example) => {
      const run = await runCli([...(command ? [command] : []), '--help'])
      expect(run.code).toBe(0)
      for (const option of listed) expect(run.stdout).toContain(option)
      expect(run.stdout).toContain(`Example:\n  ${example}`)
    },
  )
})
