import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { findVisualEditContext, visualEdit } from '../../packages/vite-plugin-visual-edit/src/index.ts'
import { INSPECTOR_URL } from '../../packages/vite-plugin-visual-edit/src/runtime-plugin.ts'
import { copyFixture } from '../helpers/temp-project.ts'

const BUNDLE = path.join(
  import.meta.dirname,
  '../../packages/vite-plugin-visual-edit/dist/runtime/inspector.js',
)

/** A copy of the tag-app fixture in a dev server with visualEdit(), for one describe block. */
function serveTagApp(base?: string): { url: () => string; editorPort: () => number } {
  const project = copyFixture('tag-app')
  let server: ViteDevServer | undefined
  beforeAll(async () => {
    server = await createServer({
      root: project.dir,
      base,
      configFile: false,
      logLevel: 'silent',
      plugins: visualEdit(),
      server: { host: '127.0.0.1', port: 0, ws: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    })
    await server.listen()
  })
  afterAll(async () => {
    await server?.close()
    project.remove()
  })
  return {
    url: () => server?.resolvedUrls?.local[0] ?? '',
    editorPort: () => (server ? (findVisualEditContext(server.config.plugins)?.editor?.port ?? 0) : 0),
  }
}

describe('the inspector in the page', () => {
  const app = serveTagApp()

  test("index.html gets exactly one module script, which starts the inspector with the page config: the editor's port", async () => {
    const html = await (await fetch(app.url())).text()
    expect(
      html.match(/<script type="module" src="\/@id\/virtual:visual-edit-inspector"><\/script>/g),
    ).toHaveLength(1)
    const entry = await (await fetch(new URL(INSPECTOR_URL, app.url()))).text()
    expect(entry).toMatch(/import \{ startInspector \} from ".*virtual:visual-edit-inspector-bundle"/)
    expect(app.editorPort()).toBeGreaterThan(0)
    expect(entry).toContain(`startInspector(window, {"allowedOrigins":[],"editorPort":${app.editorPort()}})`)
  })

  test('what every page loads is at most 30 kB gzip; the editing features and the capture for agents are chunks loaded on demand', () => {
    const bundle = readFileSync(BUNDLE, 'utf8')
    expect(bundle).toMatch(/export\s*\{[^}]*as startInspector/)
    // The entry and the chunks it imports statically: what a page pays for with no editor connected.
    const staticChunks = [...bundle.matchAll(/from\s*"\.\/(inspector-[\w-]+\.js)"/g)].map((match) => match[1])
    const dynamicChunks = [...bundle.matchAll(/import\("\.\/(inspector-[\w-]+\.js)"\)/g)].map(
      (match) => match[1],
    )
    expect(dynamicChunks.sort()).toEqual([
      expect.stringMatching(/^inspector-capture-element-/),
      expect.stringMatching(/^inspector-editing-/),
    ])
    // html-to-image is in the capture's chunk only: no page pays for it until an agent asks.
    for (const file of staticChunks)
      expect(readFileSync(path.join(path.dirname(BUNDLE), file as string), 'utf8')).not.toContain(
        'foreignObject',
      )
    const gzipped = (file: string) => gzipSync(readFileSync(path.join(path.dirname(BUNDLE), file))).length
    const initial =
      gzipped('inspector.js') + staticChunks.reduce((sum, file) => sum + gzipped(file as string), 0)
    expect(initial).toBeLessThanOrEqual(30 * 1024)
  })

  test('the chunks are served through the bundle: every import of it answers', async () => {
    const entry = await (await fetch(new URL(INSPECTOR_URL, app.url()))).text()
    const bundleUrl = entry.match(/from "([^"]+)"/)?.[1] ?? ''
    const bundle = await (await fetch(new URL(bundleUrl, app.url()))).text()
    const chunks = [
      ...bundle.matchAll(/"([^"]*virtual:visual-edit-inspector-chunk\/inspector-[\w-]+\.js)"/g),
    ].map((match) => match[1] as string)
    expect(chunks.some((chunk) => chunk.includes('inspector-editing-'))).toBe(true)
    for (const chunk of chunks) {
      const response = await fetch(new URL(chunk, app.url()))
      expect(response.status, chunk).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/javascript/)
    }
  })
})

describe('the inspector in a page served under a base path', () => {
  const app = serveTagApp('/app/')

  test('the script and the bundle it imports load from under the base', async () => {
    const { origin } = new URL(app.url())
    const html = await (await fetch(`${origin}/app/`)).text()
    const src = html.match(/<script type="module" src="([^"]*visual-edit-inspector)"><\/script>/)?.[1]
    expect(src).toBe('/app/@id/virtual:visual-edit-inspector')
    const entry = await fetch(`${origin}${src}`)
    expect(entry.status).toBe(200)
    const imported = (await entry.text()).match(/from "([^"]+)"/)?.[1] ?? ''
    expect(imported.startsWith('/app/')).toBe(true)
    const bundle = await fetch(`${origin}${imported}`)
    expect(bundle.status).toBe(200)
    expect(await bundle.text()).toContain('startInspector')
  })
})
