/**
 * Tailwind (v3 and v4) reads the text of every source file for class names, arbitrary values
 * included, and writes CSS for them; Vite then resolves each url() of that CSS. A holder of the token
 * wrote `bg-[url(../../../../tmp/x/canary-secret.txt)]` into a component (updateClasses with
 * `stylingFramework: null`, or 'Tailwind', which finds the class valid; editText, changePropValue,
 * addJsxElement's props or extraFiles), and then
 *
 *   - the dev server's CSS named the file as `/@fs/<its absolute path>`: it told the file exists;
 *   - `vite build` read the file and copied it into dist.
 *
 * The CSS policy checked stylesheets only. Now every source file an edit writes is checked for the
 * url()s the edit adds (server/css-safety/candidate-url-guard.ts). Each attack is made as it was, on
 * real dev servers of projects whose Tailwind scans src/ (started in the project's folder, as `vite`
 * is run): the API answers 422 UNSAFE_CSS, the project's files are as they were, the stylesheet the
 * dev server then compiles names nothing outside, and neither the canary's secret nor its path is in
 * any answer. Last, a control: the same class written straight into the file (as the API wrote it
 * before) makes the dev server's CSS name the canary, so the refusals are refusals of an attack that
 * works in these projects.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type MutateTestServer, startMutateServer } from '../helpers/mutate-server.ts'
import { plantCanary, snapshotTree, treeChanges } from './fs-guard.ts'

const canary = plantCanary()
afterAll(() => canary.remove())

interface Project {
  /** The fixture under tests/fixtures. */
  fixture: string
  why: string
  /** A tagged module, the tag of an element in it and that element's classes. */
  module: string
  tag: string
  classes: string[]
  /** A text element of the module (tag, its text). */
  text: { tag: string; value: string } | null
  /** A file of the project's src/, as its stylesheet names it. */
  asset: string | null
}

const PROJECTS: Project[] = [
  {
    fixture: 'projects/vite6-dashboard',
    why: 'Tailwind 4 through @tailwindcss/postcss',
    module: 'src/App.tsx',
    tag: 'header',
    classes: ['flex', 'items-center', 'gap-3'],
    text: { tag: 'h1', value: 'Sales dashboard' },
    asset: './assets/logo.svg',
  },
  {
    fixture: 'projects/vite5-tailwind3',
    why: 'Tailwind 3 through PostCSS',
    module: 'src/Badge.jsx',
    tag: 'span',
    classes: ['ml-2', 'rounded', 'bg-brand', 'px-2', 'text-white'],
    text: null,
    asset: null,
  },
]

describe.each(PROJECTS)('$fixture ($why)', (project) => {
  let app: MutateTestServer
  let cwd: string
  /** Every answer of the API and of the dev server to the attacks, checked for the canary at the end. */
  const answers: string[] = []
  /** The canary's path as the project's src/ reaches it, and in other spellings. */
  let fromSrc: string
  let spellings: string[]

  beforeAll(async () => {
    app = await startMutateServer(project.fixture)
    // Tailwind scans from the folder the dev server runs in (v4's base, v3's content globs).
    cwd = process.cwd()
    process.chdir(app.dir)
    await app.load(project.module)
    fromSrc = path.relative(path.join(app.dir, 'src'), canary.file).split(path.sep).join('/')
    spellings = [
      `bg-[url(${fromSrc})]`,
      `bg-[url('${canary.file}')]`,
      `[background-image:url(${fromSrc.replace(/\.\./g, '%2e%2e')})]`,
      `[mask:URL(_'${fromSrc}'_)]`,
      `bg-[u\\72l(${fromSrc.replace(/\.\./g, '\\2e\\2e')})]`,
      `bg-[image-set('${fromSrc}'_1x)]`,
    ]
  })
  afterAll(async () => {
    process.chdir(cwd)
    expect(answers.filter((answer) => canary.leakedIn(answer))).toEqual([])
    expect(answers.filter((answer) => answer.includes(canary.file))).toEqual([])
    await app?.close()
  })

  const post = async (route: string, body: unknown) => {
    const response = await app.post(route, body)
    answers.push(response.body)
    return response
  }
  let compiles = 0
  /**
   * The project's stylesheet as the dev server compiles it now: a query of its own each time, so not
   * from the module graph's cache (Vite drops a `t=` query, which would not do).
   */
  const stylesheet = async () => {
    compiles += 1
    const response = await fetch(`${app.url}/src/index.css?direct&compile=${compiles}`, {
      headers: { accept: 'text/css' },
    })
    return { status: response.status, body: await response.text() }
  }
  const id = (tag: string) => {
    const found = app.idsOf(project.module, tag)[0]
    expect(found, `<${tag}> of ${project.module}`).toBeDefined()
    return found as string
  }
  /** Refused as unsafe CSS, nothing written, and nothing of the canary in the stylesheet after. */
  const refused = async (response: { status: number; body: string }, before: Map<string, string>) => {
    expect(response.status, response.body).toBe(422)
    const { error } = JSON.parse(response.body) as { error: { code: string; message: string } }
    expect(error.code).toBe('UNSAFE_CSS')
    expect(error.message).toMatch(/^Unsafe CSS: src\/\S+ was not written: line \d+: .* in a Tailwind class /)
    expect(treeChanges(app.dir, before)).toEqual([])
  }
  const nothingOutsideInTheStylesheet = async () => {
    const css = await stylesheet()
    answers.push(css.body)
    expect(css.status).toBe(200)
    expect(css.body).not.toContain('/@fs/')
    expect(css.body).not.toContain(path.basename(canary.file))
  }

  test('updateClasses, unchecked (stylingFramework null): every spelling refused', async () => {
    const before = snapshotTree(app.dir)
    for (const className of spellings) {
      const response = await post('mutate/updateClasses', {
        reactElement: { codebaseId: id(project.tag) },
        oldClasses: project.classes,
        newClasses: [...project.classes, className],
        stylingFramework: null,
      })
      await refused(response, before)
    }
    await nothingOutsideInTheStylesheet()
  })

  test("updateClasses checked by the project's Tailwind (a valid class) is refused too", async () => {
    const before = snapshotTree(app.dir)
    const response = await post('mutate/updateClasses', {
      reactElement: { codebaseId: id(project.tag) },
      oldClasses: project.classes,
      newClasses: [...project.classes, `bg-[url(${fromSrc})]`],
      stylingFramework: 'Tailwind',
    })
    await refused(response, before)
  })

  test('editText, changePropValue, addJsxElement props and extraFiles: refused', async () => {
    const before = snapshotTree(app.dir)
    const attempts: [string, unknown][] = [
      [
        'mutate/changePropValue',
        {
          elementToModify: { codebaseId: id(project.tag) },
          propName: 'className',
          propValue: `flex bg-[url(${fromSrc})]`,
        },
      ],
      [
        'mutate/addJsxElement',
        {
          destinationElement: { codebaseId: id(project.tag) },
          newElement: { nativeTag: 'span', propsToSet: { className: `bg-[url('${canary.file}')]` } },
        },
      ],
      [
        'mutate/addJsxElement',
        {
          destinationElement: { codebaseId: id(project.tag) },
          newElement: { nativeTag: 'span' },
          extraFiles: { 'src/Leak.tsx': `export const leak = 'bg-[url(${fromSrc})]'\n` },
        },
      ],
    ]
    if (project.text)
      attempts.push([
        'mutate/editText',
        {
          element: { codebaseId: id(project.text.tag) },
          oldText: project.text.value,
          newText: `[mask:url(${fromSrc})]`,
        },
      ])
    for (const [route, body] of attempts) await refused(await post(route, body), before)
    await nothingOutsideInTheStylesheet()
  })

  test('an https: URL and a file of src/ are written', async () => {
    const added = ['bg-[url(https://example.com/a.png)]']
    if (project.asset) added.push(`md:bg-[url(${project.asset})]`)
    const response = await post('mutate/updateClasses', {
      reactElement: { codebaseId: id(project.tag) },
      oldClasses: project.classes,
      newClasses: [...project.classes, ...added],
      stylingFramework: null,
    })
    expect(response.status, response.body).toBe(200)
    // The stylesheet compiled now has them: Tailwind scans what the API writes, as the attacks need.
    const css = await stylesheet()
    expect(css.body).toContain('url(https://example.com/a.png)')
    const undo = await post('activities/undoChangeToFiles', {})
    expect(undo.status, undo.body).toBe(200)
  })

  test('control: the same class written straight into the file makes the dev server name the canary', async () => {
    const file = app.file(project.module)
    const bytes = readFileSync(file)
    try {
      writeFileSync(file, bytes.toString('utf8').replace('className="', `className="bg-[url(${fromSrc})] `))
      const css = await stylesheet()
      expect(css.body).toContain(`url(/@fs${canary.file})`)
    } finally {
      writeFileSync(file, bytes)
    }
  })
})
