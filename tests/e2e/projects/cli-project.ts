import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { linkInstalledPackages } from '../../helpers/linked-packages.ts'

const REPO = path.resolve(import.meta.dirname, '../../..')
export const PROJECTS = path.join(REPO, 'tests/fixtures/projects')
const CLI = path.join(REPO, 'packages/cli/bin/visual-edit.js')

export interface CliProject {
  /** The copy the dev server runs on. */
  dir: string
  /** The app's URL. */
  url: string
  /** The editor's URL as the CLI printed it: on the editor's origin, with the token in its fragment. */
  editorUrl: string
  /** The editor's origin, where the mutate API is. */
  editorOrigin: string
  token: string
  /** Everything the CLI printed so far (stdout and stderr). */
  output: () => string
  /** A JSON POST to the mutate API, as the editor page sends it. */
  post: (route: string, body: unknown) => Promise<{ status: number; json: Record<string, unknown> }>
  stop: () => Promise<void>
}

/**
 * The example marketplace, which the editor's tests run on. Its copies go beside it (`examples/.run-*`,
 * git-ignored), at the same depth, so that its tsconfig's `extends: '../../tsconfig.base.json'` holds.
 */
export const MARKETPLACE = {
  source: path.join(REPO, 'examples/marketplace'),
  copies: path.join(REPO, 'examples'),
}

/**
 * A copy of `tests/fixtures/projects/<name>` (or of `where.source`: its own files, not its
 * node_modules or build), made inside that folder (or `where.copies`) so it resolves the packages the
 * project installs, served by the `visual-edit` binary started from another folder (the system's temp
 * folder) as a user would. `files` (path relative to the project -> text) are written into the copy
 * first: a test's own page on a real project's setup.
 */
export async function startCliProject(
  name: string,
  where: { source: string; copies: string } = {
    source: path.join(PROJECTS, name),
    copies: path.join(PROJECTS, name, '.tmp'),
  },
  files: Record<string, string> = {},
): Promise<CliProject> {
  const { source, copies } = where
  mkdirSync(copies, { recursive: true })
  const dir = mkdtempSync(path.join(copies, copies === path.join(source, '.tmp') ? 'run-' : '.run-'))
  for (const entry of readdirSync(source)) {
    if (['node_modules', 'dist', '.tmp', '.data'].includes(entry) || /^\.(bench|run)-/.test(entry)) continue
    cpSync(path.join(source, entry), path.join(dir, entry), { recursive: true })
  }
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text)
  if (!dir.startsWith(`${source}${path.sep}`)) linkInstalledPackages(source, dir)

  const token = `token-${path.basename(dir)}`
  const child: ChildProcess = spawn(process.execPath, [CLI, 'edit', dir, '--port', '0'], {
    cwd: tmpdir(),
    env: { ...process.env, VISUAL_EDIT_TOKEN: token, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }

  const [editorUrl, url] = await new Promise<[string, string]>((resolve, reject) => {
    // The CLI prints its addresses once the app's first load is ready: on a copy's first start (no
    // dependency cache), after Vite has optimized the dependencies, which a busy machine takes a while for.
    const timer = setTimeout(() => reject(new Error(`visual-edit did not start:\n${output}`)), 180_000)
    const look = () => {
      const editor = /editor\s+(http:\/\/127\.0\.0\.1:\d+\/__visual-edit\/\S*#token=\S+)/.exec(output)
      const app = /app\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)
      if (editor?.[1] && app?.[1]) {
        clearTimeout(timer)
        resolve([editor[1], app[1]])
      }
    }
    child.stdout?.on('data', look)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`visual-edit exited with ${code}:\n${output}`))
    })
  }).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  const editorOrigin = new URL(editorUrl).origin
  if (source === MARKETPLACE.source) await backendOpened(url, stop)

  return {
    dir,
    url,
    editorUrl,
    editorOrigin,
    token,
    output: () => output,
    post: async (route, body) => {
      const response = await fetch(new URL(`/canvases/e2e/parseAndMutate/${route}`, editorOrigin), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-visual-edit-token': token,
          origin: editorOrigin,
        },
        body: JSON.stringify(body),
      })
      return { status: response.status, json: (await response.json()) as Record<string, unknown> }
    },
    stop,
  }
}

/**
 * Waits for the marketplace copy's backend: its pages read listings from it as they load, and the
 * copies open it lazily (MARKETPLACE_BACKEND=lazy), so the first page's request would open it in the
 * dev server's process (migrations on PGlite, seconds of a busy event loop) in the middle of a test's
 * edits. Any request under /rest/v1 answers once it is open (here a 401: no API key).
 */
async function backendOpened(url: string, stop: () => Promise<void>): Promise<void> {
  try {
    const response = await fetch(new URL('/rest/v1/', url), { signal: AbortSignal.timeout(120_000) })
    if (response.status === 503) throw new Error(`the backend did not open: ${await response.text()}`)
  } catch (error) {
    await stop()
    throw new Error(`The marketplace copy's backend at ${url}: ${(error as Error).message}`)
  }
}
