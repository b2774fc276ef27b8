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

describe('plugins that run before the tagger', () => {
  const DISK = 'src/App.tsx'

  /** A dev server of a fresh tag-app copy with `before` listed ahead of visualEdit(). */
  async function serve(before: Plugin) {
    const project = copyFixture('tag-app')
    const warnings: string[] = []
    const logger = createLogger('silent')
    logger.warn = (message) => {
      warnings.push(message)
    }
    const plugins = visualEdit()
    const server = await createServer({
      root: project.dir,
      configFile: false,
      plugins: [before, plugins],
      customLogger: logger,
      server: { host: '127.0.0.1', port: 0, ws: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    })
    const file = path.join(project.dir, DISK)
    return {
      file,
      warnings,
      index: contextOf(plugins).index,
      code: async () => (await server.transformRequest(`/${DISK}`))?.code ?? '',
      close: async () => {
        await server.close()
        project.remove()
      },
    }
  }

  /** Every indexed element's span, read from the file on disk, is that element's JSX. */
  const spansOnDisk = (file: string, index: VisualEditContext['index']) => {
    const disk = readFileSync(file, 'utf8')
    return index
      .elementsOf(file)
      .map((element) => disk.slice(element.start, element.start + 1 + element.tagName.length))
  }

  test("an 'enforce: pre' plugin listed first (plugin-react 4's Babel pass) still runs after it", async () => {
    const reprint: Plugin = {
      name: 'reprinting-babel-like',
      enforce: 'pre',
      transform: (code, id) =>
        id.endsWith('.tsx') ? `/* preamble */\n${code.replace(/ \/>/g, '/>')}` : null,
    }
    const served = await serve(reprint)
    try {
      expect(await served.code()).toMatch(TAG)
      expect(spansOnDisk(served.file, served.index)).toEqual(['<main', '<Greeting', '<Widget'])
      expect(served.warnings).toEqual([])
    } finally {
      await served.close()
    }
  })

  test('code changed before it but with the same elements is tagged, and indexed from the file on disk', async () => {
    const banner: Plugin = {
      name: 'banner',
      enforce: 'pre',
      transform: {
        order: 'pre',
        handler: (code, id) => (id.endsWith('App.tsx') ? `const banner = 'x'\n\n${code}` : null),
      },
    }
    const served = await serve(banner)
    try {
      const code = await served.code()
      expect(code).toMatch(TAG)
      expect(spansOnDisk(served.file, served.index)).toEqual(['<main', '<Greeting', '<Widget'])
      for (const element of served.index.elementsOf(served.file)) expect(code).toContain(element.id)
    } finally {
      await served.close()
    }
  })

  test('code whose elements another plugin changed is served untagged, with a warning naming it', async () => {
    const wrapper: Plugin = {
      name: 'wrapping-plugin',
      enforce: 'pre',
      transform: {
        order: 'pre',
        handler: (code, id) =>
          id.endsWith('App.tsx')
            ? code.replace('<main className="app">', '<main className="app"><aside />')
            : null,
      },
    }
    const served = await serve(wrapper)
    try {
      expect(await served.code()).not.toMatch(TAG)
      expect(served.index.elementsOf(served.file)).toEqual([])
      expect(served.warnings).toHaveLength(1)
      expect(served.warnings[0]).toMatch(
        /src\/App\.tsx reached visual-edit already transformed \(by wrapping-plugin\), and its JSX no longer matches the file on disk \(3 elements in the file, 4 in the code handed over\).*Put visualEdit\(\) before that plugin/,
      )
    } finally {
      await served.close()
    }
  })
})

describe('components from node_modules', () => {
  test('get no data-tempo-id prop: their element goes through the tag helper, and is indexed', async () => {
    const project = copyFixture('tag-app')
    mkdirSync(path.join(project.dir, 'node_modules', 'strict-calendar'), { recursive: true })
    writeFileSync(
      path.join(project.dir, 'node_modules', 'strict-calendar', 'package.json'),
      '{ "name": "strict-calendar", "type": "module", "main": "index.js" }\n',
    )
    writeFileSync(
      path.join(project.dir, 'node_modules', 'strict-calendar', 'index.js'),
      'export default function Calendar() { return null }\nexport const Parts = { Day: () => null }\n',
    )
    writeFileSync(
      path.join(project.dir, 'src', 'Schedule.tsx'),
      [
        "import Calendar, { Parts } from 'strict-calendar'",
        "import { Greeting } from './Greeting.jsx'",
        '',
        'export const Schedule = () => (',
        '  <section>',
        '    <Calendar height={360} header={<Parts.Day />} />',
        '    <Greeting name="x" />',
        '  </section>',
        ')',
        '',
      ].join('\n'),
    )
    const plugins = visualEdit()
    const server = await createServer({
      root: project.dir,
      configFile: false,
      plugins,
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0, ws: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    })
    try {
      const code = (await server.transformRequest('/src/Schedule.tsx'))?.code ?? ''
      const file = path.join(project.dir, 'src', 'Schedule.tsx')
      const [section, calendar, day, greeting] = contextOf(plugins).index.elementsOf(file)
      expect([section, calendar, day, greeting].map((element) => element?.tagName)).toEqual([
        'section',
        'Calendar',
        'Parts.Day',
        'Greeting',
      ])
      for (const external of [calendar, day]) {
        expect(code).toContain(`"${external?.id}")`)
        expect(code).not.toContain(`"data-tempo-id": "${external?.id}"`)
      }
      for (const own of [section, greeting]) expect(code).toContain(`"data-tempo-id": "${own?.id}"`)
      expect(code).toContain('function __visualEditTag(element, id)')
    } finally {
      await server.close()
      project.remove()
    }
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
