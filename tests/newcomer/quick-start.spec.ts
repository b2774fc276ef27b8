import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { openEditor } from '../e2e/editor/editor-page.ts'

/**
 * A newcomer's first minutes, as the README's quick start promises them: the repository cloned into an
 * empty folder (its committed state, as a newcomer gets it), then exactly the quick start's first line,
 * `npm install && npm start`, in a shell, with the environment of a terminal (none of the npm variables
 * of the `npm test` this runs under; BROWSER=none, as the editor is opened here by the test instead).
 * Then: the editor answers at the address `npm start` printed, the marketplace renders in its frame, one
 * edit made in the editor reaches the source file, and undo gives the file's bytes back, with nothing
 * else in the clone changed. The quick start's second line, `npm test`, is the run this is part of.
 */

const REPO = path.resolve(import.meta.dirname, '../..')
const QUICK_START = 'npm install && npm start'
const HERO = 'examples/marketplace/src/components/home/HeroSearch.tsx'

test.describe.configure({ timeout: 15 * 60_000 })

let folder: string
let clone: string
let started: ChildProcess | undefined
let output = ''

/** The environment of a terminal: the parent's, without what npm and the test runner add. */
function terminalEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env))
    if (!/^(npm_|INIT_CWD$|NODE_ENV$|PLAYWRIGHT|TEST_)/.test(name)) env[name] = value
  return { ...env, BROWSER: 'none' }
}

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000)
  // The README's promise is to a fresh machine: the quick start must not need this checkout's files.
  const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8')
  expect(readme, "the README's quick start").toContain(`${QUICK_START}   # opens the editor`)

  folder = mkdtempSync(path.join(tmpdir(), 'visual-edit-newcomer-'))
  clone = path.join(folder, 'visual-edit')
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).trim()
  execFileSync('git', ['clone', '--quiet', REPO, clone])
  execFileSync('git', ['checkout', '--quiet', '--detach', head], { cwd: clone })

  // Its own process group, so that stopping it stops npm's children too.
  started = spawn('sh', ['-c', QUICK_START], {
    cwd: clone,
    env: terminalEnvironment(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const child = started
  const heard = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout?.on('data', heard)
  child.stderr?.on('data', heard)
  await new Promise<void>((resolve, reject) => {
    const look = () => {
      if (/editor\s+http:\/\/\S+#token=\S+/.test(output) && /app\s+http:\/\/\S+/.test(output)) resolve()
    }
    child.stdout?.on('data', look)
    child.once('exit', (code) => reject(new Error(`'${QUICK_START}' exited with ${code}:\n${output}`)))
  })
})

test.afterAll(async () => {
  if (started?.pid !== undefined && started.exitCode === null) {
    const exited = new Promise((resolve) => started?.once('exit', resolve))
    process.kill(-started.pid, 'SIGTERM')
    await exited
  }
  // The marketplace keeps its data outside the project (it says where): this clone's is removed too.
  const data = /Data:\s+(\S+)/.exec(output)?.[1]
  if (data?.includes('visual-edit-marketplace')) rmSync(data, { recursive: true, force: true })
  if (folder) rmSync(folder, { recursive: true, force: true })
})

test("the README's quick start: the editor shows the marketplace, an edit reaches the source, undo restores it", async ({
  page,
}) => {
  const editorUrl = /editor\s+(http:\/\/\S+#token=\S+)/.exec(output)?.[1] as string
  const file = path.join(clone, HERO)
  const before = readFileSync(file)

  await page.setViewportSize({ width: 1440, height: 900 })
  const editor = await openEditor(page, { editorUrl })
  const heading = editor.app.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText('Buy and Sell Anything in Gulbarga District')

  await editor.select(heading)
  const classes = editor.elementPanel.getByLabel('Classes')
  const now = await classes.inputValue()
  await classes.fill(`${now} italic`)
  await classes.press('Enter')
  await expect.poll(() => readFileSync(file, 'utf8')).toContain(`className="${now} italic"`)
  await expect(heading).toHaveCSS('font-style', 'italic')

  await editor.undoButton.click()
  await expect.poll(() => readFileSync(file).equals(before)).toBe(true)
  await expect(heading).toHaveCSS('font-style', 'normal')
  // Nothing else in the clone changed: not the lockfile by `npm install`, not a file by the edit.
  expect(execFileSync('git', ['status', '--porcelain'], { cwd: clone, encoding: 'utf8' })).toBe('')
})
