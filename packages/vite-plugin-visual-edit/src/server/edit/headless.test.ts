import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { analyzeJsx } from '../../transform/tag-jsx.ts'
import { createHeadlessEditor, jsxFiles } from './headless.ts'

const APP = `export function App() {
  return (
    <main className="p-8">
      <h1>Welcome</h1>
      <p>Signed in as <b>Ada</b></p>
      <ul>
        <li>One</li><li>Two</li>
      </ul>
    </main>
  )
}
`

const projects: string[] = []
afterEach(() => {
  for (const dir of projects.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function project(files: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'visual-edit-headless-')))
  projects.push(dir)
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), text)
  }
  return dir
}

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8')

describe('createHeadlessEditor', () => {
  test("indexes the project's .jsx/.tsx files with the dev server's ids, not node_modules or dot-folders", async () => {
    const dir = project({
      'src/App.tsx': APP,
      'src/Note.jsx': 'export const Note = () => <aside>note</aside>\n',
      'src/util.ts': 'export const answer = 42\n',
      'src/Broken.tsx': 'export const Broken = () => <div>\n',
      'node_modules/pkg/Widget.tsx': 'export const Widget = () => <div />\n',
      '.tmp/Copy.tsx': 'export const Copy = () => <div />\n',
    })
    const files = []
    for await (const file of jsxFiles(dir)) files.push(path.relative(dir, file))
    expect(files).toEqual(['src/App.tsx', 'src/Broken.tsx', 'src/Note.jsx'].map((f) => path.normalize(f)))

    const editor = await createHeadlessEditor(dir)
    const file = path.join(dir, 'src/App.tsx')
    const expected = analyzeJsx(APP, { filename: file, root: dir }).elements.map((element) => element.id)
    expect(editor.index.elementsOf(file).map((element) => element.id)).toEqual(expected)
    expect(editor.index.files().map((f) => path.relative(dir, f))).toEqual(
      ['src/App.tsx', 'src/Note.jsx'].map((f) => path.normalize(f)),
    )
    expect(editor.warnings).toHaveLength(1)
    expect(editor.warnings[0]).toMatch(/^.*src\/Broken\.tsx.*Its elements cannot be edited until it does\.$/)
    expect(editor.warnings[0]).not.toContain(dir)
  })

  test('a folder without JSX, or no folder, is a clear error', async () => {
    const dir = project({
      'src/main.ts': 'export {}\n',
      'node_modules/x/A.tsx': 'export const A = () => <a />\n',
    })
    await expect(createHeadlessEditor(dir)).rejects.toMatchObject({ code: 'VISUAL_EDIT_NO_JSX' })
    await expect(createHeadlessEditor(path.join(dir, 'missing'))).rejects.toMatchObject({
      code: 'VISUAL_EDIT_PROJECT_NOT_FOUND',
    })
  })

  test('elementAt: the element starting on a line, the outermost, the named tag, or why not', async () => {
    const dir = project({ 'src/App.tsx': APP })
    const editor = await createHeadlessEditor(dir)
    const id = (tag: string, n = 0) =>
      editor.index.elementsOf(path.join(dir, 'src/App.tsx')).filter((e) => e.tagName === tag)[n]?.id
    expect(editor.elementAt('src/App.tsx', 4)).toBe(id('h1'))
    expect(editor.elementAt('src/App.tsx', 5)).toBe(id('p'))
    expect(editor.elementAt('src/App.tsx', 5, 'b')).toBe(id('b'))
    expect(editor.elementAt(path.join(dir, 'src/App.tsx'), 3)).toBe(id('main'))

    expect(() => editor.elementAt('src/App.tsx', 2)).toThrow(
      expect.objectContaining({
        code: 'UNKNOWN_ELEMENT',
        message: 'No element starts on line 2 of src/App.tsx. Lines near it where one does: 3, 4, 5, 6, 7.',
      }),
    )
    expect(() => editor.elementAt('src/App.tsx', 7)).toThrow(
      expect.objectContaining({
        code: 'BAD_REQUEST',
        message: expect.stringMatching(/several elements \(<li>, <li>\)\. Add "tag"/),
      }),
    )
    expect(() => editor.elementAt('src/Missing.tsx', 1)).toThrow(
      expect.objectContaining({
        code: 'UNKNOWN_ELEMENT',
        message: expect.stringMatching(/^src\/Missing\.tsx is not/),
      }),
    )
  })

  test('edits stay in memory until commit, which writes them as one group', async () => {
    const dir = project({ 'src/App.tsx': APP })
    const editor = await createHeadlessEditor(dir)
    const h1 = editor.elementAt('src/App.tsx', 4)
    const response = await editor.run('editText', {
      element: { codebaseId: h1 },
      oldText: 'Welcome',
      newText: 'Hello',
    })
    expect(response).toEqual({ ok: true, files: ['src/App.tsx'] })
    expect(read(dir, 'src/App.tsx')).toBe(APP)

    // The next edit sees the first one's result.
    await editor.run('editText', { element: { codebaseId: h1 }, oldText: 'Hello', newText: 'Hi' })
    const changes = await editor.changes()
    expect(changes).toEqual([
      { relativePath: 'src/App.tsx', before: APP, after: APP.replace('Welcome', 'Hi') },
    ])
    expect(read(dir, 'src/App.tsx')).toBe(APP)

    expect(await editor.commit()).toEqual(['src/App.tsx'])
    expect(read(dir, 'src/App.tsx')).toBe(APP.replace('Welcome', 'Hi'))
    expect(await editor.changes()).toEqual([])
    // After the commit the editor reads the disk again, where its last edit now is.
    await editor.run('editText', { element: { codebaseId: h1 }, oldText: 'Hi', newText: 'Hey' })
    await editor.commit()
    expect(read(dir, 'src/App.tsx')).toBe(APP.replace('Welcome', 'Hey'))
  })

  test('commit refuses a file that changed on disk since the edit read it, and writes nothing', async () => {
    const dir = project({
      'src/App.tsx': APP,
      'src/Note.jsx': 'export const Note = () => <aside>note</aside>\n',
    })
    const editor = await createHeadlessEditor(dir)
    await editor.run('editText', {
      element: { codebaseId: editor.elementAt('src/Note.jsx', 1) },
      oldText: 'note',
      newText: 'memo',
    })
    await editor.run('editText', {
      element: { codebaseId: editor.elementAt('src/App.tsx', 4) },
      oldText: 'Welcome',
      newText: 'Hello',
    })
    writeFileSync(path.join(dir, 'src/App.tsx'), `${APP}// saved meanwhile\n`)
    await expect(editor.commit()).rejects.toMatchObject({ code: 'FILE_CHANGED' })
    expect(read(dir, 'src/Note.jsx')).toBe('export const Note = () => <aside>note</aside>\n')
    expect(read(dir, 'src/App.tsx')).toBe(`${APP}// saved meanwhile\n`)
  })

  test('structural edits remap ids; files and folders an edit creates exist in memory only until commit', async () => {
    const dir = project({ 'src/App.tsx': APP })
    const editor = await createHeadlessEditor(dir)
    const h1 = editor.elementAt('src/App.tsx', 4)
    const wrapped = await editor.run('wrapInDiv', { reactElements: [{ codebaseId: h1 }] })
    const moved = wrapped.prevIdToNewIdMap?.[h1]
    expect(moved).toMatch(/^tempo-/)
    expect(wrapped.newCodebaseIds).toEqual([h1])
    await editor.run('editText', { element: { codebaseId: moved }, oldText: 'Welcome', newText: 'Hello' })
    const added = await editor.run('addJsxElement', {
      destinationElement: { codebaseId: editor.elementAt('src/App.tsx', 8, 'ul') },
      newElement: { nativeTag: 'li' },
      extraFiles: { 'src/notes/added.ts': "export const note = 'Added'\n" },
    })
    expect(added.files).toEqual(['src/App.tsx', 'src/notes/added.ts'])
    expect(existsSync(path.join(dir, 'src/notes'))).toBe(false)
    const changes = await editor.changes()
    expect(changes.map((change) => [change.relativePath, change.before === null])).toEqual([
      ['src/App.tsx', false],
      ['src/notes/added.ts', true],
    ])
    expect(changes[0]?.after).toContain('<div>\n        <h1>Hello</h1>\n      </div>')

    await editor.commit()
    expect(read(dir, 'src/notes/added.ts')).toBe("export const note = 'Added'\n")
    expect(read(dir, 'src/App.tsx')).toBe(changes[0]?.after)
  })

  test("operations answer the server's codes: unknown operation, bad body, stale text", async () => {
    const dir = project({ 'src/App.tsx': APP })
    const editor = await createHeadlessEditor(dir)
    const h1 = { codebaseId: editor.elementAt('src/App.tsx', 4) }
    await expect(editor.run('explode', {})).rejects.toMatchObject({
      code: 'UNKNOWN_CHANGE_TYPE',
      status: 400,
    })
    await expect(editor.run('editText', { element: h1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(editor.run('editText', { element: h1, oldText: 'Bye', newText: 'x' })).rejects.toMatchObject(
      {
        code: 'TEXT_MISMATCH',
        status: 409,
      },
    )
    expect(await editor.changes()).toEqual([])
  })

  test('writes nothing a config loads, nor CSS that would load code; nothing reaches memory', async () => {
    const dir = project({
      'src/App.tsx': APP,
      'src/Title.tsx': 'export const Title = () => <h2>Title</h2>\n',
      'vite.config.ts':
        "import { defineConfig } from 'vite'\nimport { Title } from './src/Title.tsx'\nimport { brand } from './src/brand'\n\nexport default defineConfig({ define: { T: JSON.stringify(String(Title) + brand) } })\n",
      'tailwind.config.cjs': "module.exports = { theme: require('./src/tokens.js') }\n",
    })
    const editor = await createHeadlessEditor(dir)
    const h2 = editor.elementAt('src/Title.tsx', 1, 'h2')
    await expect(
      editor.run('editText', { element: { codebaseId: h2 }, oldText: 'Title', newText: 'Hi' }),
    ).rejects.toMatchObject({
      code: 'FILE_NOT_EDITABLE',
      message: expect.stringMatching(
        /a config the dev server loads \(Vite, PostCSS or Tailwind\) imports it/,
      ),
    })
    const main = { codebaseId: editor.elementAt('src/App.tsx', 3) }
    await expect(
      editor.run('addJsxElement', {
        destinationElement: main,
        newElement: { nativeTag: 'p' },
        extraFiles: { 'src/brand.ts': "export const brand = 'x'\n" },
      }),
    ).rejects.toMatchObject({ code: 'FILE_NOT_EDITABLE' })
    await expect(
      editor.run('addJsxElement', {
        destinationElement: main,
        newElement: { nativeTag: 'p' },
        extraFiles: { 'src/tokens.js': 'module.exports = {}\n' },
      }),
    ).rejects.toMatchObject({
      code: 'FILE_NOT_EDITABLE',
      message: expect.stringMatching(/^src\/tokens\.js cannot be written/),
    })
    await expect(
      editor.run('addJsxElement', {
        destinationElement: main,
        newElement: { nativeTag: 'p' },
        extraFiles: {
          'src/x.css': '@import "tailwindcss";\n@plugin "./p.js";\n',
          'src/p.js': 'export default {}\n',
        },
      }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/^Unsafe CSS: src\/x\.css was not written: line 2: @plugin/),
    })
    expect(await editor.changes()).toEqual([])
  })
})
