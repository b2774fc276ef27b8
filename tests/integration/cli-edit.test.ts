import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  type EditSession,
  edit,
  OWN_VITE_NOTE,
  PRODUCTION_NODE_ENV,
} from '../../packages/cli/src/commands/edit.ts'
import { run } from '../../packages/cli/src/index.ts'
import { loadProjectVite, SUPPORTED_VITE_MAJORS } from '../../packages/cli/src/project-vite.ts'
import { findVisualEditContext } from '../../packages/vite-plugin-visual-edit/src/index.ts'
import { copyFixture } from '../helpers/temp-project.ts'

const TAG = /"data-tempo-id": "tempo-[0-9a-f-]{36}"/

/** A stand-in for the built editor page, so these tests do not need @visual-edit/editor-ui built. */
const editorDir = mkdtempSync(path.join(tmpdir(), 'visual-edit-editor-'))
writeFileSync(path.join(editorDir, 'index.html'), '<!doctype html><title>editor</title>\n')
afterAll(() => rmSync(editorDir, { recursive: true, force: true }))

describe('visual-edit edit', () => {
  const project = copyFixture('tag-app')
  let session: EditSession

  beforeAll(async () => {
    // The project lists visualEdit() itself, with its own options: those win over the CLI's instance.
    writeFileSync(
      path.join(project.dir, 'vite.config.ts'),
      [
        "import { defineConfig } from 'vite'",
        "import { visualEdit } from 'vite-plugin-visual-edit'",
        '',
        "export default defineConfig({ plugins: [visualEdit({ exclude: ['src/excluded/**'] })], logLevel: 'silent' })",
        '',
      ].join('\n'),
    )
    session = await edit({ root: project.dir, port: 0, host: '127.0.0.1', open: false, editorDir })
  })

  afterAll(async () => {
    await session?.close()
    project.remove()
  })

  test('serves the project on loopback with its JSX tagged', async () => {
    expect(session.urls[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const response = await fetch(new URL('/src/App.tsx', session.urls[0]))
    expect(response.status).toBe(200)
    expect(await response.text()).toMatch(TAG)
  })

  test("the project's own visualEdit() does the work; the CLI's instance stands down", async () => {
    const widget = await fetch(new URL('/src/excluded/Widget.tsx', session.urls[0]))
    expect(await widget.text()).not.toMatch(TAG)
    const instances = session.server.config.plugins.filter((plugin) => plugin.name === 'visual-edit:tag-jsx')
    expect(instances).toHaveLength(2)
    const context = findVisualEditContext(session.server.config.plugins)
    expect(context?.index.elementsOf(path.join(project.dir, 'src', 'App.tsx')).length).toBe(3)
    const standby = (instances[1]?.api as { context: typeof context } | undefined)?.context
    expect(standby?.index.size).toBe(0)
  })
})

describe('visual-edit edit with NODE_ENV=production', () => {
  test('warns that React runs its production build without Fast Refresh', async () => {
    const project = copyFixture('tag-app')
    vi.stubEnv('NODE_ENV', 'production')
    let session: EditSession | undefined
    try {
      session = await edit({ root: project.dir, port: 0, host: '127.0.0.1', open: false, editorDir })
      expect(session.warnings).toEqual([PRODUCTION_NODE_ENV])
    } finally {
      await session?.close()
      vi.unstubAllEnvs()
      project.remove()
    }
  })

  test('no warning otherwise', async () => {
    const project = copyFixture('tag-app')
    const session = await edit({ root: project.dir, port: 0, host: '127.0.0.1', open: false, editorDir })
    try {
      expect(session.warnings).toEqual([])
    } finally {
      await session.close()
      project.remove()
    }
  })
})

describe('visual-edit command line', () => {
  test('a missing project folder is one clear error and exit code 1', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await run(['node', 'visual-edit', 'edit', path.join(import.meta.dirname, 'no-such-project')])
      expect(process.exitCode).toBe(1)
      expect(error).toHaveBeenCalledTimes(1)
      expect(error.mock.calls[0]?.[0]).toMatch(/no-such-project does not exist\. Pass the folder/)
    } finally {
      error.mockRestore()
      process.exitCode = 0
    }
  })
})

const REPO = path.resolve(import.meta.dirname, '../..')

/** A project folder outside the repository (no vite resolves from it), removed after the test. */
function outsideProject(files: Record<string, string> = {}): { dir: string; remove: () => void } {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'visual-edit-cli-')))
  const all = {
    'index.html': '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>\n',
    'src/main.tsx': 'export const Main = () => <main>hello</main>\n',
    'src/util.ts': 'export const answer: number = 42\n',
    ...files,
  }
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), text)
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** A GET with the headers a page of another origin would send. */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      response.resume()
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }))
    })
      .on('error', reject)
      .end()
  })
}

describe("the project's own Vite", () => {
  test.each([
    ['vite5-tailwind3', '5.4.21'],
    ['vite6-dashboard', '6.4.6'],
    ['vite7-tailwind41', '7.3.8'],
  ])('%s runs with the vite it installs (%s)', async (fixture, version) => {
    const loaded = await loadProjectVite(path.join(REPO, 'tests/fixtures/projects', fixture))
    expect(loaded).toMatchObject({ version, from: 'project' })
    expect(typeof loaded.module.createServer).toBe('function')
  })

  test('a Vite outside 5 to 8 is refused with a clear message', async () => {
    const project = outsideProject({
      'node_modules/vite/package.json': '{ "name": "vite", "version": "4.5.3", "main": "index.js" }\n',
    })
    try {
      await expect(loadProjectVite(project.dir)).rejects.toMatchObject({
        code: 'VISUAL_EDIT_UNSUPPORTED_VITE',
        message: `The project uses vite 4.5.3; visual-edit supports Vite ${SUPPORTED_VITE_MAJORS[0]} to ${SUPPORTED_VITE_MAJORS.at(-1)}. Upgrade the project's vite (npm i -D vite@8), or run it with a supported one.`,
      })
    } finally {
      project.remove()
    }
  })
})

describe('visual-edit edit on a project outside the repository', () => {
  const project = outsideProject()
  let session: EditSession
  let cwdWhileServing = ''

  beforeAll(async () => {
    session = await edit({ root: project.dir, port: 0, host: '127.0.0.1', open: false, editorDir })
    cwdWhileServing = process.cwd()
  })
  afterAll(async () => {
    const before = process.cwd()
    await session?.close()
    expect(process.cwd()).not.toBe(before)
    project.remove()
  })

  test("runs visual-edit's own Vite, with a note, in the project's folder", () => {
    expect(session.vite.from).toBe('visual-edit')
    expect(session.warnings).toEqual([OWN_VITE_NOTE(session.vite.version)])
    expect(session.warnings[0]).toMatch(/does not install vite, so visual-edit runs its own Vite 8\./)
    expect(cwdWhileServing).toBe(project.dir)
  })

  test('answers no other origin: no CORS header for another loopback page', async () => {
    const url = new URL('/src/util.ts', session.urls[0]).href
    const own = await get(url, { origin: new URL(session.urls[0] ?? '').origin })
    expect(own.status).toBe(200)
    const other = await get(url, { origin: 'http://localhost:3999' })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
    expect(session.server.config.server.cors).toBe(false)
  })

  test('serves nothing outside the project and the packages it uses', async () => {
    const allowed = session.server.config.server.fs.allow
    expect(allowed).toContain(project.dir)
    expect(allowed).not.toContain(REPO)
    const outside = await get(new URL(`/@fs${path.join(REPO, 'package.json')}`, session.urls[0]).href)
    expect(outside.status).toBe(403)
    const passwd = await get(new URL('/@fs/etc/passwd', session.urls[0]).href)
    expect(passwd.status).toBe(403)
  })
})
