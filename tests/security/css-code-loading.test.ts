/**
 * Issue 26, items 1 and 2: CSS is code to Tailwind and PostCSS. A holder of the token created a
 * stylesheet through addJsxElement's `extraFiles` (or wrote one through a styling edit) that
 *
 *   1. loads a module into the dev server (`@plugin "./p.js"`, `@config "./p.js"`), run as soon as the
 *      app's dev server is asked for the stylesheet (a plain GET, no token needed) or the class-css
 *      endpoint compiles it;
 *   2. reads a file outside the project (`@import "../../../x"`), whose first lines the dev server's
 *      error page then shows.
 *
 * Each attack is made as it was, on real dev servers of projects where it would work unguarded: the
 * file created through the API, then asked for with a GET and through class-css. After each: the API
 * answered 422, the module never ran (its marker file is absent), the project's files are as they
 * were, and the canary's secret (a file outside the project) is in no answer.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CLASS_CSS_PATH } from '../../packages/vite-plugin-visual-edit/src/protocol/class-css.ts'
import {
  CLASS_SUGGESTIONS_PATH,
  DESIGN_TOKENS_PATH,
} from '../../packages/vite-plugin-visual-edit/src/protocol/design-system.ts'
import { type MutateTestServer, startMutateServer } from '../helpers/mutate-server.ts'
import { plantCanary, snapshotTree, treeChanges } from './fs-guard.ts'

const canary = plantCanary()
const markers = mkdtempSync(path.join(tmpdir(), 'visual-edit-marker-'))
afterAll(() => {
  canary.remove()
  rmSync(markers, { recursive: true, force: true })
})

// startMutateServer copies tests/fixtures/<name> into tests/.tmp/<name>-XXXX; a fixture in a subfolder
// needs that subfolder there.
mkdirSync(path.join(import.meta.dirname, '..', '.tmp', 'projects'), { recursive: true })

let markerCount = 0
/** A module that leaves a marker file when it is loaded: proof that the dev server ran it. */
function markerModule(): { code: string; marker: string } {
  markerCount += 1
  const marker = path.join(markers, `loaded-${markerCount}`)
  return {
    marker,
    code: `import { writeFileSync } from 'node:fs'\nwriteFileSync(${JSON.stringify(marker)}, 'the dev server ran this')\nexport default { handler() {}, content: [] }\n`,
  }
}

interface Project {
  /** The fixture under tests/fixtures. */
  fixture: string
  why: string
  /** A tagged module and the tag of an element to add into. */
  module: string
  tag: string
  /** What makes the project's Tailwind read a stylesheet: v4's import or v3's directives. */
  tailwind: string
  /** The at-rules that load a module in this project's Tailwind. */
  loaders: string[]
}

const PROJECTS: Project[] = [
  {
    fixture: 'mutate-app',
    why: "Tailwind 4.3 from the repository's install, no PostCSS: class-css compiles the stylesheet",
    module: 'src/App.tsx',
    tag: 'main',
    tailwind: '@import "tailwindcss";',
    loaders: ['@plugin', '@config'],
  },
  {
    fixture: 'projects/vite6-dashboard',
    why: 'Tailwind 4.0 through @tailwindcss/postcss: a GET of the stylesheet compiles it',
    module: 'src/StatCard.tsx',
    tag: 'div',
    tailwind: '@import "tailwindcss";',
    loaders: ['@plugin', '@config'],
  },
  {
    fixture: 'projects/vite5-tailwind3',
    why: 'Tailwind 3 through PostCSS: a GET of the stylesheet compiles it',
    module: 'src/Badge.jsx',
    tag: 'span',
    tailwind: '@tailwind base;\n@tailwind utilities;',
    loaders: ['@config'],
  },
]

describe.each(PROJECTS)('$fixture ($why)', (project) => {
  let app: MutateTestServer
  let destination: string
  /** Every answer any server gave, checked for the canary's secret at the end. */
  const answers: string[] = []

  beforeAll(async () => {
    app = await startMutateServer(project.fixture)
    await app.load(project.module)
    destination = app.idsOf(project.module, project.tag)[0] as string
    expect(destination).toBeDefined()
  })
  afterAll(async () => {
    expect(answers.filter((answer) => canary.leakedIn(answer))).toEqual([])
    await app?.close()
  })

  const post = async (route: string, body: unknown) => {
    const response = await app.post(route, body)
    answers.push(response.body)
    return response
  }
  const create = (extraFiles: Record<string, string>) =>
    post('mutate/addJsxElement', {
      destinationElement: { codebaseId: destination },
      newElement: { nativeTag: 'span' },
      extraFiles,
    })
  /**
   * A plain GET of the app's dev server for a stylesheet (no token: any page or process on the
   * machine may send it). Accepting only CSS, a missing file is a 404 rather than the SPA's index.html.
   */
  const get = async (file: string) => {
    const response = await fetch(`${app.url}/${file}`, { headers: { accept: 'text/css' } })
    const body = await response.text()
    answers.push(body)
    return { status: response.status, body }
  }
  /** Every endpoint that loads the project's Tailwind: class-css and the Styles panel's two. */
  const loadTailwind = async () => {
    await post(CLASS_CSS_PATH, { classes: ['p-4', 'text-brand'] })
    await post(CLASS_SUGGESTIONS_PATH, { query: 'p-' })
    await post(DESIGN_TOKENS_PATH, {})
  }
  /**
   * The file, as far as the app's dev server and Tailwind go: asked for, and compiled by class-css,
   * the class suggestions and the design tokens.
   */
  const exercise = async (file: string) => {
    const served = await get(file)
    await loadTailwind()
    return served
  }
  const refused = (response: { status: number; body: string }) => {
    expect(response.status, response.body).toBe(422)
    // A stylesheet's content: UNSAFE_CSS; a styling value that would end its declaration: INVALID_VALUE.
    const { error } = JSON.parse(response.body) as { error: { code: string; message: string } }
    expect(['UNSAFE_CSS', 'INVALID_VALUE'], error.message).toContain(error.code)
    if (error.code === 'UNSAFE_CSS') expect(error.message).toMatch(/^Unsafe CSS: /)
  }

  test('a module named by @plugin or @config of a created stylesheet is never loaded', async () => {
    for (const loader of project.loaders) {
      for (const spelling of [
        loader,
        loader.toUpperCase(),
        `@\\${loader.charCodeAt(1).toString(16)} ${loader.slice(2)}`,
      ]) {
        const { code, marker } = markerModule()
        // The module first, on its own: a .js file in src/ is an ordinary new file.
        const module = `src/p${markerCount}.js`
        expect((await create({ [module]: code })).status).toBe(200)
        const before = snapshotTree(app.dir)
        const sheet = `src/a${markerCount}.css`
        const response = await create({
          [sheet]: `${project.tailwind}\n${spelling} "./${path.basename(module)}";\n`,
        })
        const served = await exercise(sheet)
        // First what matters most: the module never ran, whatever the API answered.
        expect(existsSync(marker), `${spelling} loaded the module into the dev server`).toBe(false)
        refused(response)
        expect(response.body).toMatch(/@plugin|@config|escape/i)
        expect(served.status).toBe(404)
        expect(treeChanges(app.dir, before)).toEqual([])
      }
    }
  })

  test('the module and the stylesheet sent together: nothing is created, nothing runs', async () => {
    const { code, marker } = markerModule()
    const before = snapshotTree(app.dir)
    const response = await create({
      'src/x.css': `${project.tailwind}\n${project.loaders[0]} "./p.js";\n`,
      'src/p.js': code,
    })
    await exercise('src/x.css')
    expect(existsSync(marker), 'the dev server ran the module').toBe(false)
    refused(response)
    expect(treeChanges(app.dir, before)).toEqual([])
  })

  test('a created stylesheet cannot import a file outside the project', async () => {
    const fromSrc = path.relative(path.join(app.dir, 'src'), canary.file).split(path.sep).join('/')
    const escaped = fromSrc.replace(/\.\./g, '\\2e\\2e')
    const percent = fromSrc.replace(/\.\./g, '%2e%2e')
    const imports = [
      `@import "${fromSrc}";`,
      `@import url("${fromSrc}");`,
      `@import url(${fromSrc});`,
      `@import "${escaped}";`,
      `@import "${percent}";`,
      `@import "${canary.file}";`,
      `@import "file://${canary.file}";`,
      `@IMPORT "${fromSrc}";`,
      `@reference "${fromSrc}";`,
      `.x { background: url("${fromSrc}"); }`,
    ]
    for (const [index, line] of imports.entries()) {
      const before = snapshotTree(app.dir)
      const sheet = `src/leak${index}.css`
      const response = await create({ [sheet]: `${project.tailwind}\n${line}\n` })
      const served = await exercise(sheet)
      expect(canary.leakedIn(served.body), `${line}: the page shows the file outside`).toBe(false)
      refused(response)
      expect(served.status, line).toBe(404)
      expect(treeChanges(app.dir, before)).toEqual([])
    }
  })

  test('a styling edit cannot open an at-rule or reference a file outside the project', async () => {
    expect((await create({ 'src/card.css': '.card {\n  color: red;\n}\n' })).status).toBe(200)
    const { code, marker } = markerModule()
    expect((await create({ 'src/q.js': code })).status).toBe(200)
    const before = snapshotTree(app.dir)
    const fromSrc = path.relative(path.join(app.dir, 'src'), canary.file).split(path.sep).join('/')
    const values: Record<string, string>[] = [
      { color: 'red; } @plugin "./q.js"; a {' },
      { color: 'red}@plugin "./q.js";a{' },
      { color: 'red /* } @plugin "./q.js"; */' },
      { color: '"\\"; } @config "./q.js"; a { x: \\""' },
      { backgroundImage: `url("${fromSrc}")` },
      { backgroundImage: `url(${fromSrc.replace(/\.\./g, '\\2e\\2e')})` },
      { backgroundImage: `image-set("${fromSrc}" 1x)` },
    ]
    for (const styling of values) {
      refused(
        await post('mutate/styling', {
          reactElement: { codebaseId: destination },
          styling,
          stylingFramework: 'CSS',
          modifiers: [],
          customProperties: { selector: '.card', filename: 'src/card.css' },
        }),
      )
    }
    const served = await exercise('src/card.css')
    expect(served.status).toBe(200)
    expect(existsSync(marker)).toBe(false)
    expect(treeChanges(app.dir, before)).toEqual([])
  })
})
