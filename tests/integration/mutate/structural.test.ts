/**
 * Structural edits (addJsxElement, moveJsxElement, removeJsxElement, wrapInDiv, duplicate) through a
 * real dev server over a temp copy of `tests/fixtures/mutate-app`, with three more modules written into
 * the copy: src/Left.tsx and src/Right.tsx (moves across files) and src/List.tsx (a `.map()` list).
 *
 * - A move across files writes both files as one group: a failed rename of the second file leaves both
 *   as they were, with no temp file and no undo entry; one undo reverts both.
 * - prevIdToNewIdMap and newCodebaseIds name elements of the index as it is right after the edit (no
 *   transform in between), and a selection follows its element.
 * - List items stay keyed (checked by compiling and rendering the module, not by reading its text).
 * - The bad-input matrix: each row asserts the status, the code, and a byte-identical project tree.
 */
import { lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type {
  MutateErrorCode,
  MutateResponse,
} from '../../../packages/vite-plugin-visual-edit/src/protocol/mutate-api.ts'
import {
  type MutationServices,
  reindex,
} from '../../../packages/vite-plugin-visual-edit/src/server/edit/mutation.ts'
import {
  type FileSystem,
  nodeFileSystem,
} from '../../../packages/vite-plugin-visual-edit/src/server/edit/source-file.ts'
import type { IndexedElement } from '../../../packages/vite-plugin-visual-edit/src/transform/element-index.ts'
import { analyzeJsx } from '../../../packages/vite-plugin-visual-edit/src/transform/tag-jsx.ts'
import { type MutateTestServer, type RawResponse, startMutateServer } from '../../helpers/mutate-server.ts'
import { fileEntry, treeOf } from '../../helpers/project-tree.ts'
import { type Created, renderExport } from '../../helpers/render-jsx.ts'

const APP = 'src/App.tsx'
const CARD = 'src/Card.tsx'
const LEFT = 'src/Left.tsx'
const RIGHT = 'src/Right.tsx'
const LIST = 'src/List.tsx'

const LEFT_SOURCE = `export function Left() {
  const label = 'Local label'
  return (
    <aside className="left">
      <h2>Left</h2>
      <p className="note">Moves to the right</p>
      <small>{label}</small>
      <>
        <em>In a fragment</em>
      </>
    </aside>
  )
}
`
const RIGHT_SOURCE = `export function Right() {
  return (
    <section className="right">
      <h3>Right</h3>
    </section>
  )
}
`
const LIST_SOURCE = `export function List({ items }: { items: { id: string; name: string }[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.id}>{item.name}</li>
      ))}
    </ul>
  )
}
`
/** Right.tsx as another editor saves it while the server is busy. */
const RIGHT_EXTERNAL = `${RIGHT_SOURCE}// saved in another editor\n`

async function startApp(): Promise<MutateTestServer> {
  const app = await startMutateServer()
  writeFileSync(app.file(LEFT), LEFT_SOURCE)
  writeFileSync(app.file(RIGHT), RIGHT_SOURCE)
  writeFileSync(app.file(LIST), LIST_SOURCE)
  for (const file of [APP, CARD, LEFT, RIGHT, LIST]) await app.load(file)
  return app
}

const read = (app: MutateTestServer, file: string) => readFileSync(app.file(file), 'utf8')

function idOf(app: MutateTestServer, file: string, tagName: string, nth = 0): string {
  const id = app.idsOf(file, tagName)[nth]
  if (!id) throw new Error(`no <${tagName}> number ${nth} in ${file}`)
  return id
}
const ref = (codebaseId: string) => ({ codebaseId })

function servicesOf(app: MutateTestServer): MutationServices {
  const services = app.context.services
  if (!services) throw new Error('the mutate server has no services')
  return services
}

function elementOf(app: MutateTestServer, id: string): IndexedElement {
  const element = app.context.index.get(id)
  if (!element) throw new Error(`${id} is not in the element index`)
  return element
}

/** The index the server keeps equals tagging each file from scratch. */
function expectIndexCurrent(app: MutateTestServer, files: readonly string[]): void {
  for (const file of files) {
    const absolute = app.file(file)
    expect(app.context.index.elementsOf(absolute), `index of ${file}`).toEqual(
      analyzeJsx(read(app, file), { filename: absolute, root: app.dir }).elements,
    )
  }
}

/** A 200 of a structural edit, whose ids all name elements of the index as it is now. */
function structural(response: RawResponse, idsBefore: ReadonlySet<string>, app: MutateTestServer) {
  expect(response.status, response.body).toBe(200)
  const body = response.json() as MutateResponse
  for (const [from, to] of Object.entries(body.prevIdToNewIdMap ?? {})) {
    expect(idsBefore.has(from), `${from} was an id before the edit`).toBe(true)
    expect(app.context.index.get(to), `${from} -> ${to} resolves in the new index`).toBeDefined()
  }
  for (const id of body.newCodebaseIds ?? [])
    expect(app.context.index.get(id), `new id ${id} resolves`).toBeDefined()
  return body
}

const allIds = (app: MutateTestServer) =>
  new Set(app.context.index.files().flatMap((file) => app.context.index.elementsOf(file).map((e) => e.id)))

/** Where a selected element went: its new id, or the same id when it did not change. */
const follow = (body: MutateResponse, id: string) => body.prevIdToNewIdMap?.[id] ?? id

const undo = (app: MutateTestServer) => app.post('activities/undoChangeToFiles', {})
const redo = (app: MutateTestServer) => app.post('activities/redoChangeToFiles', {})

const errno = (code: string) => Object.assign(new Error(`${code}: injected fault`), { code })

/** Fails the second rename of a group write: the first file is already in place when it fails. */
function failSecondRename(): Partial<FileSystem> {
  let renames = 0
  return {
    rename: async (from, to) => {
      renames += 1
      if (renames === 2) throw errno('EIO')
      return nodeFileSystem.rename(from, to)
    },
  }
}

// ---------------------------------------------------------------------------------------------------

let app: MutateTestServer
beforeEach(async () => {
  app = await startApp()
})
afterEach(() => app.close())

describe('a move across files', () => {
  const moveNote = () => ({
    elementToMove: ref(idOf(app, LEFT, 'p')),
    newContainerElement: ref(idOf(app, RIGHT, 'section')),
    afterElement: ref(idOf(app, RIGHT, 'h3')),
    expectedCurrentParent: ref(idOf(app, LEFT, 'aside')),
  })
  const LEFT_AFTER = LEFT_SOURCE.replace('      <p className="note">Moves to the right</p>\n', '')
  const RIGHT_AFTER = RIGHT_SOURCE.replace(
    '      <h3>Right</h3>\n',
    '      <h3>Right</h3>\n      <p className="note">Moves to the right</p>\n',
  )

  test('writes both files as one group, the selection follows to the new file, one undo reverts both', async () => {
    const before = allIds(app)
    const moved = idOf(app, LEFT, 'p')
    const body = structural(await app.post('mutate/moveJsxElement', moveNote()), before, app)

    expect([...body.files].sort()).toEqual([LEFT, RIGHT])
    expect(read(app, LEFT)).toBe(LEFT_AFTER)
    expect(read(app, RIGHT)).toBe(RIGHT_AFTER)
    expectIndexCurrent(app, [LEFT, RIGHT])
    const now = elementOf(app, follow(body, moved))
    expect(now.relativeFile).toBe(RIGHT)
    expect(now.tagName).toBe('p')
    expect(now.parentId).toBe(idOf(app, RIGHT, 'section'))

    const undone = await undo(app)
    expect(undone.status, undone.body).toBe(200)
    expect(readFileSync(app.file(LEFT)).equals(Buffer.from(LEFT_SOURCE)), 'Left.tsx restored').toBe(true)
    expect(readFileSync(app.file(RIGHT)).equals(Buffer.from(RIGHT_SOURCE)), 'Right.tsx restored').toBe(true)
    expectIndexCurrent(app, [LEFT, RIGHT])
    expect(elementOf(app, moved).relativeFile, 'the original id is back in Left.tsx').toBe(LEFT)
    expect((await undo(app)).status, 'one entry for both files').toBe(409)

    expect((await redo(app)).status).toBe(200)
    expect(read(app, LEFT)).toBe(LEFT_AFTER)
    expect(read(app, RIGHT)).toBe(RIGHT_AFTER)
  })

  test('moved code takes the line endings of the file it lands in, either way', async () => {
    const crlf = (text: string) => text.replace(/\n/g, '\r\n')
    const oneLine = '      <p className="note">Moves to the right</p>\n'
    const lines = '      <p className="note">\n        Moves to the right\n      </p>\n'
    const left = LEFT_SOURCE.replace(oneLine, lines)
    const right = RIGHT_SOURCE.replace('      <h3>Right</h3>\n', `      <h3>Right</h3>\n${lines}`)
    const put = (file: string, text: string) => {
      writeFileSync(app.file(file), text)
      reindex(servicesOf(app), app.file(file), text)
    }

    put(LEFT, crlf(left))
    const moved = idOf(app, LEFT, 'p')
    const before = allIds(app)
    const into = structural(await app.post('mutate/moveJsxElement', moveNote()), before, app)
    expect(read(app, RIGHT), 'CRLF code into an LF file').toBe(right)
    expect(elementOf(app, follow(into, moved)).relativeFile, 'the selection follows').toBe(RIGHT)
    expectIndexCurrent(app, [LEFT, RIGHT])
    expect(read(app, LEFT)).toBe(crlf(LEFT_AFTER))
    expect((await undo(app)).status).toBe(200)
    expect(read(app, LEFT)).toBe(crlf(left))

    put(LEFT, left)
    put(RIGHT, crlf(RIGHT_SOURCE))
    const back = await app.post('mutate/moveJsxElement', moveNote())
    expect(back.status, back.body).toBe(200)
    expect(read(app, RIGHT), 'LF code into a CRLF file').toBe(crlf(right))
  })

  test('a failed rename of the second file leaves both files and the index as they were, no temp file, no undo entry', async () => {
    const tree = treeOf(app.dir)
    const index = { left: app.idsOf(LEFT, 'p'), right: app.idsOf(RIGHT, 'p') }
    const services = servicesOf(app)
    services.fs = { ...nodeFileSystem, ...failSecondRename() }

    const response = await app.post('mutate/moveJsxElement', moveNote())
    expect(response.status, response.body).toBe(500)
    expect(response.json()).toMatchObject({ error: { code: 'WRITE_FAILED' } })
    expect(treeOf(app.dir), 'every file byte-identical, no temp file left').toEqual(tree)
    expect({ left: app.idsOf(LEFT, 'p'), right: app.idsOf(RIGHT, 'p') }).toEqual(index)
    expect((await undo(app)).json()).toMatchObject({ error: { code: 'NOTHING_TO_UNDO' } })

    services.fs = nodeFileSystem
    expect(
      (await app.post('mutate/moveJsxElement', moveNote())).status,
      'the same move once the fault is gone',
    ).toBe(200)
    expect(read(app, RIGHT)).toBe(RIGHT_AFTER)
  })

  test('an element that reads bindings of its file is 422 naming them, and nothing is written', async () => {
    const tree = treeOf(app.dir)
    const local = await app.post('mutate/moveJsxElement', {
      elementToMove: ref(idOf(app, LEFT, 'small')),
      newContainerElement: ref(idOf(app, RIGHT, 'section')),
    })
    expect(local.status, local.body).toBe(422)
    expect(local.json()).toMatchObject({
      error: { code: 'EDIT_IMPOSSIBLE', message: expect.stringContaining('label') },
    })

    // <b>{user.name}</b> reads a prop; <Card> names an import of App.tsx.
    const prop = await app.post('mutate/moveJsxElement', {
      elementToMove: ref(idOf(app, APP, 'p')),
      newContainerElement: ref(idOf(app, RIGHT, 'section')),
    })
    expect(prop.status, prop.body).toBe(422)
    expect((prop.json() as { error: { message: string } }).error.message).toContain('user')
    const imported = await app.post('mutate/moveJsxElement', {
      elementToMove: ref(idOf(app, APP, 'Card')),
      newContainerElement: ref(idOf(app, RIGHT, 'section')),
    })
    expect(imported.status, imported.body).toBe(422)
    expect((imported.json() as { error: { message: string } }).error.message).toContain('Card')
    expect(treeOf(app.dir)).toEqual(tree)
  })
})

describe('ids after structural edits', () => {
  test('prevIdToNewIdMap and newCodebaseIds resolve at once, and the selection follows each element', async () => {
    const original = readFileSync(app.file(APP))
    const main = idOf(app, APP, 'main')

    // Move <h1> after <Card>.
    let before = allIds(app)
    const h1 = idOf(app, APP, 'h1')
    let body = structural(
      await app.post('mutate/moveJsxElement', {
        elementToMove: ref(h1),
        newContainerElement: ref(main),
        afterElement: ref(idOf(app, APP, 'Card')),
        expectedCurrentParent: ref(main),
      }),
      before,
      app,
    )
    const movedH1 = elementOf(app, follow(body, h1))
    expect(movedH1.tagName).toBe('h1')
    const mainNow = elementOf(app, follow(body, main))
    expect(mainNow.childIds.map((id) => elementOf(app, id).tagName)).toEqual([
      'p',
      'Card',
      'h1',
      'button',
      'img',
    ])
    expect(mainNow.childIds[2]).toBe(movedH1.id)
    expectIndexCurrent(app, [APP])

    // Duplicate <button>: the copy is right after it.
    before = allIds(app)
    const button = idOf(app, APP, 'button')
    body = structural(await app.post('mutate/duplicate', { reactElements: [ref(button)] }), before, app)
    const [copy] = body.newCodebaseIds ?? []
    expect(elementOf(app, copy as string).tagName).toBe('button')
    const buttons = app.idsOf(APP, 'button')
    expect(buttons).toEqual([follow(body, button), copy])

    // Wrap <p> in a div: the div holds it.
    before = allIds(app)
    const p = idOf(app, APP, 'p')
    body = structural(await app.post('mutate/wrapInDiv', { reactElements: [ref(p)] }), before, app)
    const [div] = body.newCodebaseIds ?? []
    expect(elementOf(app, div as string)).toMatchObject({ tagName: 'div', childIds: [follow(body, p)] })
    expect(elementOf(app, follow(body, p)).parentId).toBe(div)

    // Add <hr> before <Card>.
    before = allIds(app)
    body = structural(
      await app.post('mutate/addJsxElement', {
        destinationElement: ref(idOf(app, APP, 'main')),
        beforeElement: ref(idOf(app, APP, 'Card')),
        newElement: { nativeTag: 'hr' },
      }),
      before,
      app,
    )
    const [hr] = body.newCodebaseIds ?? []
    expect(elementOf(app, hr as string)).toMatchObject({ tagName: 'hr', parentId: idOf(app, APP, 'main') })
    expect(elementOf(app, idOf(app, APP, 'main')).childIds.map((id) => elementOf(app, id).tagName)).toEqual([
      'div',
      'hr',
      'Card',
      'h1',
      'button',
      'button',
      'img',
    ])

    // Remove <img>: its id is gone, nothing maps to a removed element.
    before = allIds(app)
    const img = idOf(app, APP, 'img')
    body = structural(
      await app.post('mutate/removeJsxElement', { elementsToRemove: [ref(img)] }),
      before,
      app,
    )
    expect(app.idsOf(APP, 'img')).toEqual([])
    expect(body.prevIdToNewIdMap?.[img]).toBeUndefined()
    expectIndexCurrent(app, [APP])

    for (let step = 0; step < 5; step++) expect((await undo(app)).status).toBe(200)
    expect(readFileSync(app.file(APP)).equals(original), 'five undos restore App.tsx byte for byte').toBe(
      true,
    )
    expectIndexCurrent(app, [APP])
  })

  test('an added component from other code: its file is created, its import added, one undo removes both', async () => {
    const before = allIds(app)
    const badge = 'export function Badge({ tone }: { tone?: string }) {\n  return <i className={tone} />\n}\n'
    const body = structural(
      await app.post('mutate/addJsxElement', {
        destinationElement: ref(idOf(app, RIGHT, 'section')),
        newElement: { componentName: 'Badge', propsToSet: { tone: 'new' } },
        fileContentsSourceFilename: 'src/ui/Badge.tsx',
        fileContentsToSourceFrom: badge,
        hasInstantUpdate: false,
      }),
      before,
      app,
    )
    expect(body.files).toEqual([RIGHT, 'src/ui/Badge.tsx'])
    expect(body.toast).toBe('Successfully added')
    expect(read(app, 'src/ui/Badge.tsx')).toBe(badge)
    expect(read(app, RIGHT)).toBe(
      `import { Badge } from './ui/Badge'\n${RIGHT_SOURCE.replace('      <h3>Right</h3>\n', '      <h3>Right</h3>\n      <Badge tone="new" />\n')}`,
    )
    expect(elementOf(app, body.newCodebaseIds?.[0] as string).tagName).toBe('Badge')
    expectIndexCurrent(app, [RIGHT])

    expect((await undo(app)).status).toBe(200)
    expect(read(app, RIGHT)).toBe(RIGHT_SOURCE)
    expect(() => readFileSync(app.file('src/ui/Badge.tsx')), 'undo deletes the created file').toThrow()
  })

  test('a component whose file exists is imported from that file as it is on disk, which is left alone', async () => {
    const card = read(app, CARD)
    const response = await app.post('mutate/addJsxElement', {
      destinationElement: ref(idOf(app, RIGHT, 'section')),
      newElement: { componentName: 'Card', propsToSet: { title: 'Added' } },
      fileContentsSourceFilename: CARD,
      // What the editor thought the file holds; the file on disk decides.
      fileContentsToSourceFrom: 'export default function Other() {\n  return null\n}\n',
    })
    expect(response.status, response.body).toBe(200)
    expect(read(app, RIGHT)).toContain("import { Card } from './Card'")
    expect(read(app, RIGHT)).toContain('<Card title="Added" />')
    expect(read(app, CARD)).toBe(card)
    expect((response.json() as { files: string[] }).files).toEqual([RIGHT])
  })

  test('undo of an add that created a folder removes the folder too', async () => {
    const tree = treeOf(app.dir)
    const response = await app.post('mutate/addJsxElement', {
      destinationElement: ref(idOf(app, RIGHT, 'section')),
      newElement: { nativeTag: 'hr' },
      extraFiles: { 'src/notes/added.ts': "export const note = 'Added'\n" },
    })
    expect(response.status, response.body).toBe(200)
    expect(read(app, 'src/notes/added.ts')).toBe("export const note = 'Added'\n")
    expect((await undo(app)).status).toBe(200)
    expect(treeOf(app.dir), 'the tree as it was, without src/notes').toEqual(tree)
  })
})

// ---------------------------------------------------------------------------------------------------
// React semantics of a `.map()` list: rendered, every list item must carry a key.

/** Renders List.tsx's List with two items (see renderExport). */
function renderList(source: string): Created {
  return renderExport(source, 'List', {
    items: [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ],
  })
}

/** The entries the `.map()` returned (the ul's only child), and how many <li> the page shows. */
function listItems(source: string): { entries: Created[]; lis: number } {
  const ul = renderList(source)
  const entries = (ul.children[0] as (Created | null)[]).filter((entry) => entry !== null) as Created[]
  const count = (node: unknown): number => {
    if (Array.isArray(node)) return node.reduce((sum: number, child) => sum + count(child), 0)
    if (!node || typeof node !== 'object') return 0
    const element = node as Created
    return (element.type === 'li' ? 1 : 0) + count(element.children)
  }
  return { entries, lis: count(ul) }
}

const keysOf = (entries: Created[]) => entries.map((entry) => entry.props?.key ?? null)

describe('a .map() list stays keyed', () => {
  test('the list as written: one keyed <li> per item', () => {
    expect(keysOf(listItems(LIST_SOURCE).entries)).toEqual(['a', 'b'])
  })

  test('duplicating the element the callback returns shows each item twice, and every list entry keeps a key', async () => {
    const response = await app.post('mutate/duplicate', { reactElements: [ref(idOf(app, LIST, 'li'))] })
    expect(response.status, response.body).toBe(200)
    const { entries, lis } = listItems(read(app, LIST))
    expect(lis).toBe(4)
    expect(
      keysOf(entries),
      'each entry of the list has a key (React warns about a missing one)',
    ).not.toContain(null)
  })

  test('wrapping the element the callback returns moves its key to the wrapper', async () => {
    const response = await app.post('mutate/wrapInDiv', { reactElements: [ref(idOf(app, LIST, 'li'))] })
    expect(response.status, response.body).toBe(200)
    const { entries, lis } = listItems(read(app, LIST))
    expect(lis).toBe(2)
    expect(entries.map((entry) => entry.type)).toEqual(['div', 'div'])
    expect(keysOf(entries), 'the wrapper is the list entry, so it needs the key').toEqual(['a', 'b'])
    expect(read(app, LIST), 'the key moved, it was not copied').not.toMatch(/<li key=/)
  })

  test('removing it leaves a list that renders nothing', async () => {
    const response = await app.post('mutate/removeJsxElement', {
      elementsToRemove: [ref(idOf(app, LIST, 'li'))],
    })
    expect(response.status, response.body).toBe(200)
    expect(listItems(read(app, LIST))).toEqual({ entries: [], lis: 0 })
  })
})

// ---------------------------------------------------------------------------------------------------
// The bad-input matrix

type Of<T> = T | ((app: MutateTestServer) => T)
const resolve = <T>(value: Of<T>, server: MutateTestServer): T =>
  typeof value === 'function' ? (value as (server: MutateTestServer) => T)(server) : value

interface Case {
  name: string
  operation: string
  body: Of<object>
  status: number
  code: MutateErrorCode
  /** Part of the message that must appear. */
  message?: string
  setup?: (app: MutateTestServer) => void
  faults?: (app: MutateTestServer) => Partial<FileSystem>
  /** Files an external edit during the request changed: relative path -> their content afterwards. */
  changed?: Record<string, string>
}

const UNKNOWN = 'tempo-00000000-0000-4000-8000-000000000000'
/** A file beside the project root (outside it), named after the copy so parallel runs do not meet. */
const outside = (server: MutateTestServer, extension = 'txt') =>
  path.join(path.dirname(server.dir), `${path.basename(server.dir)}-outside.${extension}`)
const OUTSIDE_TEXT = 'outside the project\n'
const OUTSIDE_COMPONENT = 'export function Outside() {\n  return null\n}\n'
const absoluteOutside = (server: MutateTestServer) =>
  path.join(path.dirname(server.dir), `${path.basename(server.dir)}-absolute.txt`)
/** `src/hooks` is a symlink to the project's `.git/hooks`. */
const linkHooks = (server: MutateTestServer) => {
  mkdirSync(server.file('.git/hooks'), { recursive: true })
  symlinkSync(server.file('.git/hooks'), server.file('src/hooks'))
}
const writeOutside = (server: MutateTestServer) => {
  writeFileSync(outside(server), OUTSIDE_TEXT)
  writeFileSync(outside(server, 'tsx'), OUTSIDE_COMPONENT)
}

const move = (fields: (app: MutateTestServer) => Record<string, unknown>) => (server: MutateTestServer) => ({
  elementToMove: ref(idOf(server, APP, 'h1')),
  newContainerElement: ref(idOf(server, APP, 'main')),
  ...fields(server),
})
const add = (fields: (app: MutateTestServer) => Record<string, unknown>) => (server: MutateTestServer) => ({
  destinationElement: ref(idOf(server, APP, 'main')),
  newElement: { nativeTag: 'hr' },
  ...fields(server),
})
const addFile = (name: string, contents = 'x\n') => add(() => ({ extraFiles: { [name]: contents } }))
const crossFileMove = (server: MutateTestServer) => ({
  elementToMove: ref(idOf(server, LEFT, 'p')),
  newContainerElement: ref(idOf(server, RIGHT, 'section')),
})
/** Another editor saves Right.tsx right after the server wrote a temp file. */
const externalEditAfterTempWrite = (server: MutateTestServer): Partial<FileSystem> => ({
  writeFile: async (file, data, options) => {
    await nodeFileSystem.writeFile(file, data, options)
    writeFileSync(server.file(RIGHT), RIGHT_EXTERNAL)
  },
})

// biome-ignore format: one row per line reads as a table
const cases: Case[] = [
  // unknown ids
  { name: 'move: unknown elementToMove', operation: 'moveJsxElement', body: move(() => ({ elementToMove: ref(UNKNOWN) })), status: 404, code: 'UNKNOWN_ELEMENT' },
  { name: 'move: unknown newContainerElement', operation: 'moveJsxElement', body: move(() => ({ newContainerElement: ref(UNKNOWN) })), status: 404, code: 'UNKNOWN_ELEMENT' },
  { name: 'move: unknown afterElement', operation: 'moveJsxElement', body: move(() => ({ afterElement: ref(UNKNOWN) })), status: 404, code: 'UNKNOWN_ELEMENT' },
  { name: 'remove: one known id and one unknown removes nothing', operation: 'removeJsxElement', body: (s) => ({ elementsToRemove: [ref(idOf(s, APP, 'h1')), ref(UNKNOWN)] }), status: 404, code: 'UNKNOWN_ELEMENT' },
  { name: 'wrap: unknown id', operation: 'wrapInDiv', body: { reactElements: [ref(UNKNOWN)] }, status: 404, code: 'UNKNOWN_ELEMENT' },
  { name: 'duplicate: unknown id', operation: 'duplicate', body: { reactElements: [ref(UNKNOWN)] }, status: 404, code: 'UNKNOWN_ELEMENT' },
  { name: 'add: unknown destination', operation: 'addJsxElement', body: add(() => ({ destinationElement: ref(UNKNOWN) })), status: 404, code: 'UNKNOWN_ELEMENT' },
  { name: 'add: copy of an unknown element', operation: 'addJsxElement', body: add(() => ({ newElement: ref(UNKNOWN) })), status: 404, code: 'UNKNOWN_ELEMENT' },
  { name: 'remove: an id that is not tempo-<uuid>', operation: 'removeJsxElement', body: { elementsToRemove: [ref('../../src/App.tsx')] }, status: 400, code: 'BAD_REQUEST' },
  { name: 'remove: elementsToRemove empty', operation: 'removeJsxElement', body: { elementsToRemove: [] }, status: 400, code: 'BAD_REQUEST' },
  // stale
  { name: 'move: stale expectedCurrentParent', operation: 'moveJsxElement', body: move((s) => ({ expectedCurrentParent: ref(idOf(s, APP, 'p')) })), status: 409, code: 'STALE_ELEMENT' },
  { name: 'move: the file changed on disk since the preview loaded it', operation: 'moveJsxElement', body: move(() => ({})), setup: (s) => writeFileSync(s.file(APP), `// edited\n${read(s, APP)}`), status: 409, code: 'FILE_CHANGED' },
  { name: 'remove: the file changed on disk since the preview loaded it', operation: 'removeJsxElement', body: (s) => ({ elementsToRemove: [ref(idOf(s, LEFT, 'p'))] }), setup: (s) => writeFileSync(s.file(LEFT), LEFT_SOURCE.replace('Left</h2>', 'Left!</h2>')), status: 409, code: 'FILE_CHANGED' },
  // self-move
  { name: 'move: into itself', operation: 'moveJsxElement', body: move((s) => ({ elementToMove: ref(idOf(s, APP, 'main')) })), status: 422, code: 'EDIT_IMPOSSIBLE' },
  { name: 'move: into its own child', operation: 'moveJsxElement', body: move((s) => ({ elementToMove: ref(idOf(s, APP, 'main')), newContainerElement: ref(idOf(s, APP, 'Card')) })), status: 422, code: 'EDIT_IMPOSSIBLE' },
  { name: 'move: afterElement not a child of the container', operation: 'moveJsxElement', body: move((s) => ({ afterElement: ref(idOf(s, APP, 'span')) })), status: 422, code: 'EDIT_IMPOSSIBLE' },
  // wrap
  { name: 'wrap: siblings with an element between them', operation: 'wrapInDiv', body: (s) => ({ reactElements: [ref(idOf(s, APP, 'h1')), ref(idOf(s, APP, 'Card'))] }), status: 422, code: 'EDIT_IMPOSSIBLE' },
  { name: 'wrap: an element and its child', operation: 'wrapInDiv', body: (s) => ({ reactElements: [ref(idOf(s, APP, 'Card')), ref(idOf(s, APP, 'span'))] }), status: 422, code: 'EDIT_IMPOSSIBLE' },
  { name: 'wrap: elements of two files', operation: 'wrapInDiv', body: (s) => ({ reactElements: [ref(idOf(s, LEFT, 'h2')), ref(idOf(s, RIGHT, 'h3'))] }), status: 422, code: 'EDIT_IMPOSSIBLE' },
  { name: 'wrap: a fragment child with a sibling of the fragment', operation: 'wrapInDiv', body: (s) => ({ reactElements: [ref(idOf(s, LEFT, 'small')), ref(idOf(s, LEFT, 'em'))] }), status: 422, code: 'EDIT_IMPOSSIBLE' },
  // fragments
  { name: 'remove: a fragment child with an unknown id removes nothing', operation: 'removeJsxElement', body: (s) => ({ elementsToRemove: [ref(idOf(s, LEFT, 'em')), ref(UNKNOWN)] }), status: 404, code: 'UNKNOWN_ELEMENT' },
  { name: 'move: a fragment child out of its file, with local bindings beside it', operation: 'moveJsxElement', body: (s) => ({ elementToMove: ref(idOf(s, LEFT, 'small')), newContainerElement: ref(idOf(s, RIGHT, 'section')) }), status: 422, code: 'EDIT_IMPOSSIBLE', message: 'label' },
  // across files
  { name: 'move across files: an element reading a local variable', operation: 'moveJsxElement', body: (s) => ({ elementToMove: ref(idOf(s, LEFT, 'small')), newContainerElement: ref(idOf(s, RIGHT, 'h3')) }), status: 422, code: 'EDIT_IMPOSSIBLE', message: 'label' },
  { name: 'move across files: an element naming an import', operation: 'moveJsxElement', body: (s) => ({ elementToMove: ref(idOf(s, APP, 'Card')), newContainerElement: ref(idOf(s, RIGHT, 'section')) }), status: 422, code: 'EDIT_IMPOSSIBLE', message: 'Card' },
  { name: 'add across files: a copy of an element reading a prop', operation: 'addJsxElement', body: (s) => ({ destinationElement: ref(idOf(s, RIGHT, 'section')), newElement: ref(idOf(s, APP, 'b')) }), status: 422, code: 'EDIT_IMPOSSIBLE', message: 'user' },
  // malformed newElement
  { name: 'add: newElement a string', operation: 'addJsxElement', body: add(() => ({ newElement: 'hr' })), status: 400, code: 'BAD_REQUEST' },
  { name: 'add: newElement an array', operation: 'addJsxElement', body: add(() => ({ newElement: [{ nativeTag: 'hr' }] })), status: 400, code: 'BAD_REQUEST' },
  { name: 'add: newElement without a tag', operation: 'addJsxElement', body: add(() => ({ newElement: {} })), status: 400, code: 'BAD_REQUEST' },
  { name: 'add: newElement missing', operation: 'addJsxElement', body: (s) => ({ destinationElement: ref(idOf(s, APP, 'main')) }), status: 400, code: 'BAD_REQUEST' },
  { name: 'add: nativeTag empty', operation: 'addJsxElement', body: add(() => ({ newElement: { nativeTag: ' ' } })), status: 400, code: 'BAD_REQUEST' },
  { name: 'add: nativeTag carrying an attribute', operation: 'addJsxElement', body: add(() => ({ newElement: { nativeTag: 'img src=x onError={alert}' } })), status: 422, code: 'INVALID_VALUE' },
  { name: 'add: componentName Fragment', operation: 'addJsxElement', body: add(() => ({ newElement: { componentName: 'React.Fragment' } })), status: 422, code: 'INVALID_VALUE' },
  { name: 'add: a component that is not in scope and has no source', operation: 'addJsxElement', body: add(() => ({ newElement: { componentName: 'Evil' } })), status: 422, code: 'EDIT_IMPOSSIBLE' },
  { name: 'add: propsToSet with an event handler', operation: 'addJsxElement', body: add(() => ({ newElement: { nativeTag: 'hr', propsToSet: { onClick: 'alert(1)' } } })), status: 422, code: 'INVALID_VALUE' },
  { name: 'add: propsToSet not an object', operation: 'addJsxElement', body: add(() => ({ newElement: { nativeTag: 'hr', propsToSet: ['title'] } })), status: 400, code: 'BAD_REQUEST' },
  { name: 'add: a prop value that is an object', operation: 'addJsxElement', body: add(() => ({ newElement: { nativeTag: 'hr', propsToSet: { title: { toString: 'x' } } } })), status: 400, code: 'BAD_REQUEST' },
  { name: 'add: afterElement not a child of the destination', operation: 'addJsxElement', body: add((s) => ({ afterElement: ref(idOf(s, APP, 'span')) })), status: 422, code: 'EDIT_IMPOSSIBLE' },
  { name: 'add: a component its source file does not export', operation: 'addJsxElement', body: add(() => ({ newElement: { componentName: 'Badge' }, fileContentsSourceFilename: 'src/ui/Badge.tsx', fileContentsToSourceFrom: 'export const Other = () => null\n' })), status: 422, code: 'EDIT_IMPOSSIBLE' },
  { name: 'add: a component whose name is taken in the file', operation: 'addJsxElement', body: add(() => ({ newElement: { componentName: 'Card' }, fileContentsSourceFilename: 'src/ui/Card.tsx', fileContentsToSourceFrom: 'export function Card() {\n  return null\n}\n' })), status: 422, code: 'EDIT_IMPOSSIBLE' },
  { name: 'add: fileContentsSourceFilename without its contents', operation: 'addJsxElement', body: add(() => ({ newElement: { componentName: 'Badge' }, fileContentsSourceFilename: 'src/ui/Badge.tsx' })), status: 400, code: 'BAD_REQUEST' },
  // after and before
  { name: 'add: both afterElement and beforeElement', operation: 'addJsxElement', body: add((s) => ({ afterElement: ref(idOf(s, APP, 'h1')), beforeElement: ref(idOf(s, APP, 'p')) })), status: 400, code: 'BAD_REQUEST' },
  { name: 'move: both afterElement and beforeElement', operation: 'moveJsxElement', body: move((s) => ({ afterElement: ref(idOf(s, APP, 'p')), beforeElement: ref(idOf(s, APP, 'Card')) })), status: 400, code: 'BAD_REQUEST' },
  // extraFiles
  { name: 'extraFiles: a path escaping the root', operation: 'addJsxElement', body: addFile('../escaped.txt'), status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'extraFiles: an absolute path outside the root', operation: 'addJsxElement', body: (s) => addFile(absoluteOutside(s))(s), status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'extraFiles: into node_modules', operation: 'addJsxElement', body: addFile('node_modules/evil/index.js'), status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'extraFiles: package.json', operation: 'addJsxElement', body: addFile('package.json', '{"scripts":{"postinstall":"evil"}}'), status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'extraFiles: vite.config.ts', operation: 'addJsxElement', body: addFile('vite.config.ts', 'export default {}\n'), status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'extraFiles: a path with a NUL byte', operation: 'addJsxElement', body: addFile('src/a\u0000.txt'), status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'extraFiles: not an object of strings', operation: 'addJsxElement', body: add(() => ({ extraFiles: { 'src/a.txt': 1 } })), status: 400, code: 'BAD_REQUEST' },
  { name: 'extraFiles: over an existing package.json with other contents', operation: 'addJsxElement', body: addFile('package.json', '{"scripts":{"postinstall":"evil"}}'), setup: (s) => writeFileSync(s.file('package.json'), '{"name":"app"}\n'), status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'extraFiles: over an existing file outside the root', operation: 'addJsxElement', body: (s) => addFile(`../${path.basename(outside(s))}`)(s), setup: writeOutside, status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'extraFiles: over an existing file outside the root, by absolute path', operation: 'addJsxElement', body: (s) => addFile(outside(s))(s), setup: writeOutside, status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'fileContentsSourceFilename: escaping the root', operation: 'addJsxElement', body: add(() => ({ newElement: { componentName: 'Outside' }, fileContentsSourceFilename: '../Outside.tsx', fileContentsToSourceFrom: OUTSIDE_COMPONENT })), status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'fileContentsSourceFilename: an existing module outside the root', operation: 'addJsxElement', body: (s) => add(() => ({ newElement: { componentName: 'Outside' }, fileContentsSourceFilename: `../${path.basename(outside(s, 'tsx'))}`, fileContentsToSourceFrom: OUTSIDE_COMPONENT }))(s), setup: writeOutside, status: 422, code: 'FILE_NOT_EDITABLE' },
  // new files: an allowlist (source files under the source folders), whatever the file system holds
  ...[
    ['a PostCSS config Vite would load', '.postcssrc.cjs'],
    ['an env file that restarts the dev server', '.env.development.local'],
    ['.npmrc', '.npmrc'],
    ['a VS Code task', '.vscode/tasks.json'],
    ['a git hook', '.git/hooks/pre-commit'],
    ["git's index lock", '.git/index.lock'],
    ['a page in public/', 'public/evil.html'],
    ['a script in public/', 'public/evil.js'],
    ['a script in PUBLIC/ (another case)', 'PUBLIC/evil.js'],
    ['a dotfile in a source folder', 'src/.env'],
    ['a dot-folder in a source folder', 'src/.hooks/x.ts'],
    ['a module at the root', 'evil.ts'],
    ['a folder that holds no tagged module', 'scripts/evil.js'],
    ['a Markdown file', 'src/notes.md'],
    ['an HTML file in a source folder', 'src/page.html'],
    ['a .cjs module', 'src/evil.cjs'],
    ['a config name in another case', 'src/VITE.CONFIG.TS'],
    ['a name ending in a dot', 'src/evil.ts.'],
    ['a reserved Windows name', 'src/con.ts'],
    ['a backslash path', 'src\\..\\evil.ts'],
    ['a colon (an alternate data stream)', 'src/evil.ts:stream'],
    ['a .. segment that stays inside', 'src/../src/x.ts'],
  ].map(([what, name]) => ({ name: `extraFiles: ${what}`, operation: 'addJsxElement', body: addFile(name as string), status: 422, code: 'FILE_NOT_EDITABLE' as const })),
  { name: 'extraFiles: through a symlinked folder into .git', operation: 'addJsxElement', body: addFile('src/hooks/pre-commit.js'), setup: linkHooks, status: 422, code: 'FILE_NOT_EDITABLE', message: 'dotfiles and dot-folders' },
  { name: 'fileContentsSourceFilename: a PostCSS config', operation: 'addJsxElement', body: add(() => ({ newElement: { componentName: 'Outside' }, fileContentsSourceFilename: 'postcss.config.js', fileContentsToSourceFrom: OUTSIDE_COMPONENT })), status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'fileContentsSourceFilename: .postcssrc.cjs', operation: 'addJsxElement', body: add(() => ({ newElement: { componentName: 'Outside' }, fileContentsSourceFilename: '.postcssrc.cjs', fileContentsToSourceFrom: OUTSIDE_COMPONENT })), status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'fileContentsSourceFilename: an existing file that does not export the component', operation: 'addJsxElement', body: add(() => ({ newElement: { componentName: 'Outside' }, fileContentsSourceFilename: CARD, fileContentsToSourceFrom: OUTSIDE_COMPONENT })), status: 422, code: 'EDIT_IMPOSSIBLE', message: 'Outside is not exported by src/Card.tsx' },
  // duplicate
  { name: 'duplicate: an element and its ancestor', operation: 'duplicate', body: (s) => ({ reactElements: [ref(idOf(s, APP, 'span')), ref(idOf(s, APP, 'Card'))] }), status: 422, code: 'EDIT_IMPOSSIBLE' },
  { name: 'duplicate: reactElements not an array', operation: 'duplicate', body: (s) => ({ reactElements: ref(idOf(s, APP, 'h1')) }), status: 400, code: 'BAD_REQUEST' },
  // faults
  { name: 'move across files: EIO renaming the second file', operation: 'moveJsxElement', body: crossFileMove, faults: failSecondRename, status: 500, code: 'WRITE_FAILED' },
  { name: 'add with extraFiles: EACCES writing the created file', operation: 'addJsxElement', body: addFile('src/notes/new.ts'), faults: () => ({ writeFile: async (file, data, options) => { if (file.includes(`${path.sep}notes${path.sep}`)) throw errno('EACCES'); return nodeFileSystem.writeFile(file, data, options) } }), status: 500, code: 'WRITE_FAILED' },
  { name: 'move across files: another editor saves the destination meanwhile', operation: 'moveJsxElement', body: crossFileMove, faults: externalEditAfterTempWrite, status: 409, code: 'FILE_CHANGED', changed: { [RIGHT]: RIGHT_EXTERNAL } },
]

describe('structural edits refuse bad input and leave the project byte-identical', () => {
  test('the matrix has unique names', () => {
    expect(new Set(cases.map((row) => row.name)).size).toBe(cases.length)
    expect(cases.length).toBeGreaterThanOrEqual(40)
  })

  test.each(cases)('$name: $status $code', async (row) => {
    try {
      await row.setup?.(app)
      const before = treeOf(app.dir)
      if (row.faults) servicesOf(app).fs = { ...nodeFileSystem, ...row.faults(app) }

      const response = await app.post(`mutate/${row.operation}`, resolve(row.body, app))

      const seen = `${response.status} ${response.body.slice(0, 300)}`
      expect(response.status, seen).toBe(row.status)
      const body = response.json() as { error: { code: string; message: string } }
      expect(body, seen).toEqual({ error: { code: row.code, message: expect.any(String) } })
      if (row.message) expect(body.error.message, seen).toContain(row.message)
      expect(body.error.message, 'no absolute path leaves the server').not.toContain(app.dir)

      const expected = { ...before }
      for (const [file, content] of Object.entries(row.changed ?? {}))
        expected[file] = fileEntry(content, lstatSync(app.file(file)).mode)
      expect(treeOf(app.dir), 'every file byte-identical, no temp file left').toEqual(expected)
      if (row.setup === writeOutside)
        expect(readFileSync(outside(app), 'utf8'), 'the file outside the root').toBe(OUTSIDE_TEXT)
      servicesOf(app).fs = nodeFileSystem
      expect((await undo(app)).json(), 'no undo entry').toMatchObject({ error: { code: 'NOTHING_TO_UNDO' } })
    } finally {
      rmSync(outside(app), { force: true })
      rmSync(outside(app, 'tsx'), { force: true })
      rmSync(absoluteOutside(app), { force: true })
      if (row.setup === linkHooks) {
        rmSync(app.file('src/hooks'), { force: true })
        rmSync(app.file('.git'), { recursive: true, force: true })
      }
    }
  })

  test('a refused path answers the same whether or not something is there', async () => {
    const answer = async (name: string) => (await app.post('mutate/addJsxElement', addFile(name)(app))).json()
    const name = `../${path.basename(outside(app))}`
    writeFileSync(outside(app), OUTSIDE_TEXT)
    try {
      const there = await answer(name)
      rmSync(outside(app))
      const missing = await answer(name)
      expect(there).toEqual({
        error: { code: 'FILE_NOT_EDITABLE', message: `${name} cannot be created: its path is not plain.` },
      })
      expect(missing).toEqual(there)
      const dot = await answer('.git/config')
      const dotMissing = await answer('.git/nothing-here')
      expect([dot, dotMissing].map((body) => (body as { error: { code: string } }).error.code)).toEqual([
        'FILE_NOT_EDITABLE',
        'FILE_NOT_EDITABLE',
      ])
    } finally {
      rmSync(outside(app), { force: true })
    }
  })
})

describe('an extra file that exists already', () => {
  test('is left as it is, with the same answer whatever it holds', async () => {
    const card = read(app, CARD)
    const answers = []
    for (const contents of [card, 'export const Card = () => null\n']) {
      const response = await app.post('mutate/addJsxElement', addFile(CARD, contents)(app))
      expect(response.status, response.body).toBe(200)
      const body = response.json() as { files: string[]; warnings?: string[] }
      answers.push({ files: body.files, warnings: body.warnings })
      expect((await undo(app)).status).toBe(200)
    }
    expect(answers[0]).toEqual({
      files: [APP],
      warnings: ['src/Card.tsx already exists and was left as it is.'],
    })
    expect(answers[1]).toEqual(answers[0])
    expect(read(app, CARD)).toBe(card)
  })
})
