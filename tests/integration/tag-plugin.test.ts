import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { build, createLogger, createServer, type Plugin, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  findVisualEditContext,
  type VisualEditContext,
  visualEdit,
} from '../../packages/vite-plugin-visual-edit/src/index.ts'
import { copyFixture } from '../helpers/temp-project.ts'

/** The attribute after Vite's JSX transform: `"data-tempo-id": "tempo-…"`. */
const TAG = /"data-tempo-id": "tempo-[0-9a-f-]{36}"/

function contextOf(plugins: Plugin[]): VisualEditContext {
  const context = findVisualEditContext(plugins)
  if (!context) throw new Error('visualEdit() returned no tag plugin')
  return context
}

describe('visualEdit() in the dev server', () => {
  const project = copyFixture('tag-app')
  const warnings: string[] = []
  const plugins = visualEdit({ exclude: ['src/excluded/**'] })
  let server: ViteDevServer

  beforeAll(async () => {
    // A dependency that ships JSX: never tagged, whatever include says.
    mkdirSync(path.join(project.dir, 'node_modules', 'fake-ui'), { recursive: true })
    writeFileSync(
      path.join(project.dir, 'node_modules', 'fake-ui', 'index.jsx'),
      'export const X = () => <i>dep</i>\n',
    )
    const logger = createLogger('silent')
    logger.warn = (message) => {
      warnings.push(message)
    }
    server = await createServer({
      root: project.dir,
      configFile: false,
      plugins,
      customLogger: logger,
      server: { host: '127.0.0.1', port: 0, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    })
  })

  afterAll(async () => {
    await server.close()
    project.remove()
  })

  test('tags .tsx and .jsx modules under the root and indexes their elements', async () => {
    const app = await server.transformRequest('/src/App.tsx')
    expect(app?.code).toMatch(TAG)
    const greeting = await server.transformRequest('/src/Greeting.jsx')
    expect(greeting?.code).toMatch(TAG)

    const { index } = contextOf(plugins)
    const appFile = path.join(project.dir, 'src', 'App.tsx')
    const elements = index.elementsOf(appFile)
    expect(elements.map((element) => element.tagName)).toEqual(['main', 'Greeting', 'Widget'])
    expect(elements[0]).toMatchObject({ relativeFile: 'src/App.tsx', line: 6, isComponent: false })
    for (const element of elements) expect(app?.code).toContain(element.id)
  })

  test('respects exclude and never tags node_modules', async () => {
    const widget = await server.transformRequest('/src/excluded/Widget.tsx')
    expect(widget?.code).not.toMatch(TAG)
    const dependency = await server.transformRequest('/node_modules/fake-ui/index.jsx')
    expect(dependency?.code).not.toMatch(TAG)
    expect(
      contextOf(plugins).index.elementsOf(path.join(project.dir, 'src', 'excluded', 'Widget.tsx')),
    ).toEqual([])
  })

  test('a file that does not parse gets one warning naming file and line; the server keeps serving', async () => {
    const broken = path.join(project.dir, 'src', 'Broken.tsx')
    writeFileSync(broken, 'export const B = () => (\n  <div>\n    <span>\n  </div>\n)\n')
    await expect(server.transformRequest('/src/Broken.tsx')).rejects.toThrow()
    await expect(server.transformRequest('/src/Broken.tsx?t=1')).rejects.toThrow()
    const ours = warnings.filter((message) => message.includes('src/Broken.tsx'))
    expect(ours).toHaveLength(1)
    expect(ours[0]).toMatch(/src\/Broken\.tsx:\d+:\d+ does not parse/)
    expect((await server.transformRequest('/src/Greeting.jsx'))?.code).toMatch(TAG)
  })

  test('a deleted file leaves the index', async () => {
    const greeting = path.join(project.dir, 'src', 'Greeting.jsx')
    expect(contextOf(plugins).index.elementsOf(greeting).length).toBeGreaterThan(0)
    unlinkSync(greeting)
    await vi.waitFor(() => expect(contextOf(plugins).index.elementsOf(greeting)).toEqual([]), {
      timeout: 5000,
    })
  })
})

describe('visualEdit() outside the dev server', () => {
  test('does nothing in Vitest (mode test)', async () => {
    const project = copyFixture('tag-app')
    const server = await createServer({
      root: project.dir,
      configFile: false,
      mode: 'test',
      plugins: visualEdit(),
      logLevel: 'silent',
      server: { ws: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    })
    try {
      expect((await server.transformRequest('/src/App.tsx'))?.code).not.toMatch(TAG)
    } finally {
      await server.close()
      project.remove()
    }
  })

  test('a vite build with the plugin is byte-identical to one without it', async () => {
    const project = copyFixture('tag-app')
    const files = (dir: string): Record<string, Buffer> => {
      const out: Record<string, Buffer> = {}
      const walk = (current: string) => {
        for (const name of readdirSync(current)) {
          const full = path.join(current, name)
          if (statSync(full).isDirectory()) walk(full)
          else out[path.relative(dir, full)] = readFileSync(full)
        }
      }
      walk(dir)
      return out
    }
    try {
      const outputs = []
      for (const plugins of [[], visualEdit()]) {
        const outDir = path.join(project.dir, `dist-${outputs.length}`)
        await build({
          root: project.dir,
          configFile: false,
          plugins,
          logLevel: 'silent',
          build: { outDir, sourcemap: true },
        })
        outputs.push(files(outDir))
        rmSync(outDir, { recursive: true })
      }
      const [without, withPlugin] = outputs
      expect(Object.keys(without ?? {}).length).toBeGreaterThan(1)
      expect(withPlugin).toEqual(without)
      expect(JSON.stringify(Object.values(withPlugin ?? {}).map(String))).not.toContain('data-tempo-id')
    } finally {
      project.remove()
    }
  })
})
