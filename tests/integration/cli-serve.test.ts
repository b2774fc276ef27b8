import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  type EditSession,
  PORT_IN_USE_NOTE,
  REMOTE_WARNING,
  runEditCommand,
} from '../../packages/cli/src/commands/edit.ts'
import { editorDist } from '../../packages/cli/src/editor-page.ts'
import { remoteHostNames } from '../../packages/cli/src/network.ts'
import { findVisualEditContext } from '../../packages/vite-plugin-visual-edit/src/index.ts'
import { copyFixture } from '../helpers/temp-project.ts'

/**
 * `visual-edit edit` as a running server: the editor page on its own origin beside the app, the order
 * it prints them in, the port it falls back to, the token in the editor's URL and what --allow-remote
 * changes. In-process
 * (runEditCommand is what the command runs), with a stand-in for the built editor page so these tests
 * do not depend on building @visual-edit/editor-ui.
 */
const REPO = path.resolve(import.meta.dirname, '../..')
const TOKEN = 'cli-serve-token-0123456789'
const EDITOR_HTML =
  '<!doctype html><title>editor</title><script type="module" src="/__visual-edit/assets/editor-abc123.js"></script>\n'
const EDITOR_JS = 'export const editor = 1\n'

const editorDir = mkdtempSync(path.join(tmpdir(), 'visual-edit-editor-'))
writeFileSync(path.join(editorDir, 'index.html'), EDITOR_HTML)
mkdirSync(path.join(editorDir, 'assets'))
writeFileSync(path.join(editorDir, 'assets/editor-abc123.js'), EDITOR_JS)
afterAll(() => rmSync(editorDir, { recursive: true, force: true }))

/**
 * The vite.config of the test projects: no dependency pre-bundling, which would otherwise go on
 * writing node_modules/.vite into the copy after the server closed and the copy was removed.
 */
const config = (fields = '') =>
  `export default { ${fields}logLevel: 'silent', optimizeDeps: { noDiscovery: true, include: [] } }\n`

/** A copy of tests/fixtures/mutate-app made a project (a package.json), with `files` on top. */
function project(files: Record<string, string> = {}): { dir: string; remove: () => void } {
  const copy = copyFixture('mutate-app')
  const all = {
    'package.json': '{ "name": "app", "private": true, "type": "module" }\n',
    'vite.config.ts': config(),
    ...files,
  }
  for (const [name, text] of Object.entries(all)) writeFileSync(path.join(copy.dir, name), text)
  return copy
}

interface Started {
  session: EditSession
  printed: string[]
  warned: string[]
  stop: () => Promise<void>
}

/** Runs the command as the CLI does, with what it prints captured. */
async function start(
  options: Partial<Parameters<typeof runEditCommand>[1]> = {},
  files: Record<string, string> = {},
): Promise<Started> {
  const copy = project(files)
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  try {
    const session = await runEditCommand(copy.dir, {
      port: 0,
      host: '127.0.0.1',
      open: false,
      allowRemote: false,
      token: TOKEN,
      editorDir,
      ...options,
    })
    return {
      session,
      printed: log.mock.calls.map((call) => String(call[0])),
      warned: warn.mock.calls.map((call) => String(call[0])),
      stop: async () => {
        await session.close()
        copy.remove()
      },
    }
  } catch (error) {
    copy.remove()
    throw error
  } finally {
    log.mockRestore()
    warn.mockRestore()
  }
}

function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
    })
      .on('error', reject)
      .end()
  })
}

/** A gated POST to the editor's origin, as the editor page sends it. */
async function post(url: string, token: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-visual-edit-token': token,
      origin: new URL(url).origin,
    },
    body: '{}',
  })
  return { status: response.status, body: await response.json() }
}

describe("visual-edit edit serves the editor page on the editor's origin, beside the app", () => {
  let started: Started
  let origin = ''
  let editor = ''
  beforeAll(async () => {
    started = await start()
    origin = new URL(started.session.urls[0] ?? '').origin
    editor = started.session.editorOrigin
  })
  afterAll(() => started?.stop())

  test('prints the editor URL first, with the token in its fragment, then the app URL', () => {
    expect(started.printed[0]).toMatch(/^visual-edit is serving \S+ with Vite \d/)
    expect(editor).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(editor, "the editor's origin is not the app's").not.toBe(origin)
    expect(started.printed.slice(1, 3)).toEqual([
      `  editor  ${editor}/__visual-edit/#token=${TOKEN}`,
      `  app     ${origin}/`,
    ])
    expect(started.session.editorUrls).toEqual([`${editor}/__visual-edit/#token=${TOKEN}`])
    expect(started.warned).toEqual([])
  })

  test('index.html and its assets under /__visual-edit/, with their content types and the headers that keep the origin to itself', async () => {
    const page = await get(`${editor}/__visual-edit/`)
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toBe('text/html;charset=utf-8')
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.body).toBe(EDITOR_HTML)
    const script = await get(`${editor}/__visual-edit/assets/editor-abc123.js`)
    expect(script.status).toBe(200)
    expect(script.headers['content-type']).toBe('text/javascript')
    expect(script.headers['x-content-type-options']).toBe('nosniff')
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(script.body).toBe(EDITOR_JS)
  })

  test('/__visual-edit and / go to the folder; a file the build lacks is a 404, not the app', async () => {
    const bare = await get(`${editor}/__visual-edit?x=1`)
    expect([bare.status, bare.headers.location]).toEqual([308, '/__visual-edit/?x=1'])
    const root = await get(`${editor}/`)
    expect([root.status, root.headers.location]).toEqual([302, '/__visual-edit/'])
    expect((await get(`${editor}/__visual-edit/assets/missing.js`)).status).toBe(404)
    expect((await get(`${editor}/__visual-edit/deep/route`)).status).toBe(404)
    expect((await get(`${editor}/src/App.tsx`)).status, "the editor's origin serves no app file").toBe(404)
  })

  test("the app's origin serves the app, framed only by the editor, and sends the editor's paths there", async () => {
    const app = await get(`${origin}/`)
    expect(app.body).toContain('<title>mutate-app</title>')
    expect(app.headers['content-security-policy']).toBe(`frame-ancestors 'self' ${editor}`)
    const page = await get(`${origin}/__visual-edit/?app=%2Fx`)
    expect([page.status, page.headers.location]).toEqual([302, `${editor}/__visual-edit/?app=%2Fx`])
  })

  test('no endpoint of either origin hands out the token', async () => {
    for (const base of [origin, editor])
      for (const route of ['/__visual-edit/session', '/__visual-edit/', '/__visual-edit/project', '/'])
        for (const headers of [{}, { 'sec-fetch-site': 'same-origin' }, { origin: base }] as Record<
          string,
          string
        >[]) {
          const answer = await get(`${base}${route}`, headers)
          expect(answer.body, `${base}${route}`).not.toContain(TOKEN)
          expect(JSON.stringify(answer.headers), `${base}${route}`).not.toContain(TOKEN)
        }
  })

  test("the default editor page is @visual-edit/editor-ui's dist/ (or a clear error until it is built)", () => {
    let where: string
    try {
      where = editorDist()
    } catch (error) {
      expect(error).toMatchObject({ code: 'VISUAL_EDIT_EDITOR_NOT_BUILT' })
      where = (error as Error).message
    }
    expect(where).toContain(path.join(REPO, 'packages/editor-ui/dist'))
  })
})

describe('the editor page missing', () => {
  test('is VISUAL_EDIT_EDITOR_NOT_BUILT, saying to run npm run build, and nothing listens', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'visual-edit-no-editor-'))
    try {
      const failed = start({ editorDir: empty })
      await expect(failed).rejects.toMatchObject({
        code: 'VISUAL_EDIT_EDITOR_NOT_BUILT',
        message: `The editor page is not built (${path.join(empty, 'index.html')} is missing). Run npm run build at the root of the visual-edit repository, then start visual-edit again.`,
      })
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})

describe('--port', () => {
  const blocker: Server = createServer()
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())))

  test('a busy port moves to the next free one, and the CLI says so', async () => {
    const busy = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    )
    const started = await start({ port: busy })
    try {
      const used = Number(new URL(started.session.urls[0] ?? '').port)
      expect(used).toBeGreaterThan(busy)
      expect(started.warned).toEqual([PORT_IN_USE_NOTE(busy, used)])
      expect(started.warned[0]).toBe(`Port ${busy} is in use; using ${used}.`)
      expect((await get(`${started.session.editorOrigin}/__visual-edit/`)).status).toBe(200)
    } finally {
      await started.stop()
    }
  })

  test('port 0 is any free port, without a note', async () => {
    const started = await start({ port: 0 })
    try {
      expect(Number(new URL(started.session.urls[0] ?? '').port)).toBeGreaterThan(0)
      expect(started.warned).toEqual([])
    } finally {
      await started.stop()
    }
  })
})

describe('--host with --allow-remote', () => {
  test('listens on every interface, warns, and lets the mutate API answer remote peers', async () => {
    const started = await start({ host: '0.0.0.0', allowRemote: true })
    try {
      expect(started.warned).toEqual([REMOTE_WARNING('0.0.0.0')])
      expect(started.warned[0]).toMatch(
        /anyone who can reach that address and has the session token can write this project's files/,
      )
      const context = findVisualEditContext(started.session.server.config.plugins)
      expect(context?.options.allowRemote).toBe(true)
      expect(context?.options.allowedHosts).toEqual(remoteHostNames('0.0.0.0'))
      expect(started.session.server.config.server.host).toBe('0.0.0.0')
    } finally {
      await started.stop()
    }
  })
})

describe('a project served under a Vite base, with --open', () => {
  test('the app URL has the base, the editor URL opens the app there, --open opens the editor with its token', async () => {
    // BROWSER=none: Vite's open step runs but starts no browser.
    vi.stubEnv('BROWSER', 'none')
    const started = await start({ open: true }, { 'vite.config.ts': config("base: '/shop/', ") })
    try {
      const origin = new URL(started.session.urls[0] ?? '').origin
      const editor = started.session.editorOrigin
      const editorUrl = `${editor}/__visual-edit/?app=%2Fshop%2F#token=${TOKEN}`
      expect(started.printed.slice(1, 3)).toEqual([`  editor  ${editorUrl}`, `  app     ${origin}/shop/`])
      expect(started.session.server.config.server.open).toBe(editorUrl)
      expect((await get(`${editor}/__visual-edit/?app=%2Fshop%2F`)).body).toBe(EDITOR_HTML)
      const project = await post(`${editor}/__visual-edit/project`, TOKEN)
      expect(project).toEqual({
        status: 200,
        body: {
          app: { port: Number(new URL(origin).port), base: '/shop/' },
          project: { id: expect.stringMatching(/^[0-9a-f]{16}$/), name: expect.any(String) },
        },
      })
    } finally {
      await started.stop()
      vi.unstubAllEnvs()
    }
  })
})

describe('a project whose vite.config lists visualEdit() itself', () => {
  test("keeps its own options (its token is the editor URL's), and the CLI says --token does not apply", async () => {
    const own = `import { visualEdit } from 'vite-plugin-visual-edit'\n${config("plugins: [visualEdit({ token: 'the-project-token-0123' })], ")}`
    const started = await start({}, { 'vite.config.ts': own })
    try {
      expect(started.warned).toEqual([
        expect.stringMatching(
          /^The project's vite\.config lists visualEdit\(\) itself, .*--token and --allow-remote do not/,
        ),
      ])
      expect(started.session.editorUrls[0]).toMatch(/#token=the-project-token-0123$/)
      const editor = started.session.editorOrigin
      expect((await post(`${editor}/__visual-edit/project`, 'the-project-token-0123')).status).toBe(200)
      expect((await post(`${editor}/__visual-edit/project`, TOKEN)).status).toBe(403)
    } finally {
      await started.stop()
    }
  })
})
