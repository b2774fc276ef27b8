import { expect, type Page, test } from '@playwright/test'
import type { ChangeType } from '../../../packages/vite-plugin-visual-edit/src/protocol/change-types.ts'
import {
  CLASS_CSS_PATH,
  type ClassCssResponse,
} from '../../../packages/vite-plugin-visual-edit/src/protocol/class-css.ts'
import type {
  InstantChangeItem,
  InstantUpdateReply,
} from '../../../packages/vite-plugin-visual-edit/src/protocol/instant-update.ts'
import { OutboundEvent } from '../../../packages/vite-plugin-visual-edit/src/protocol/messages.ts'
import { mutateClient } from '../../helpers/mutate-server.ts'
import { copyFixture } from '../../helpers/temp-project.ts'
import { serveWithEdit } from './edit-session.ts'
import { connectEditor, type Editor } from './outline-app.ts'

/**
 * Instant updates in Chromium against `visual-edit edit` on a copy of tests/fixtures/instant-app
 * (React 19, Tailwind 4): for every change type the editor's order of calls (applyChangeItemToDocument,
 * setIsFlushing(true), the mutate request, setIsFlushing(false), updateCodebaseIds), then React Fast
 * Refresh renders the written file. Checked each time:
 * - the instant update shows at once what the server's write will show: the visible page (each visible
 *   element's tag, own text and a few computed styles) right after the call equals the page after the
 *   hot update, and equals a fresh load of the written file;
 * - no frame shows the old state once the instant update showed: the visible page is sampled every
 *   animation frame (before the frame is painted) and after every batch of DOM mutations (a
 *   MutationObserver made after the inspector's, so it sees the page once the inspector's own
 *   observer cleaned up: observers are called in the order they were made), and from the first
 *   sample that differs from the old page on, every sample equals the instant update;
 * - no temporary item is left (marker, hidden element, generated class, injected rule), and the page
 *   logged no error (React throws in removeChild or insertBefore when its nodes were moved).
 * Undo puts the file back; for the types with instant undo the undo is shown the same way.
 */
let project: ReturnType<typeof copyFixture> | undefined
const served = serveWithEdit(
  () => {
    project = copyFixture('instant-app')
    return project.dir
  },
  (page) => expect(page.locator('h1')).toHaveText('Welcome back', { timeout: 60_000 }),
)
test.afterAll(() => project?.remove())

const post = (route: string, body: unknown) => mutateClient(served.apiUrl(), served.token()).post(route, body)

interface Samples {
  /** Distinct visible states in animation frames, and after DOM mutation batches, in order. */
  frames: string[]
  mutations: string[]
}
type RecorderWindow = Window & {
  __probe: () => string
  __samples: Samples
  __recording: boolean
}

/**
 * What the visible page is: each visible element under the root, with its depth, tag, own text, a few
 * computed styles and its title; class names left out (an instant update's are its own). Installed
 * in the page before its scripts (and again after a reload), with the sampler `__record` starts.
 */
function installProbe(): void {
  const state = window as unknown as RecorderWindow & { __record: () => void }
  state.__probe = () => {
    const lines: string[] = []
    const walk = (parent: Element, depth: number) => {
      for (const el of parent.children) {
        if (!el.checkVisibility()) continue
        const style = getComputedStyle(el)
        const text = [...el.childNodes]
          .filter((node) => node.nodeType === 3)
          .map((node) => (node as Text).data)
          .join('')
          .trim()
        lines.push(
          [
            `${depth}:${el.localName}`,
            text,
            style.padding,
            style.fontSize,
            style.fontWeight,
            style.fontStyle,
            style.color,
            el.getAttribute('title') ?? '',
          ].join('|'),
        )
        walk(el, depth + 1)
      }
    }
    const root = document.getElementById('root')
    if (root) walk(root, 0)
    return lines.join('\n')
  }
  state.__record = () => {
    state.__samples = { frames: [], mutations: [] }
    state.__recording = true
    const push = (list: string[]) => {
      const now = state.__probe()
      if (list.at(-1) !== now) list.push(now)
    }
    const frame = () => {
      if (!state.__recording) return
      push(state.__samples.frames)
      requestAnimationFrame(frame)
    }
    frame()
    const observer = new MutationObserver(() => {
      if (state.__recording) push(state.__samples.mutations)
      else observer.disconnect()
    })
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
  }
}

/** Starts sampling the visible page. */
const record = (page: Page) => page.evaluate(() => (window as unknown as { __record: () => void }).__record())

const probe = (page: Page) => page.evaluate(() => (window as unknown as RecorderWindow).__probe())

async function stopRecording(page: Page): Promise<Samples> {
  // One more frame, so the last state painted is sampled.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  return page.evaluate(() => {
    const state = window as unknown as RecorderWindow
    state.__recording = false
    return state.__samples
  })
}

/** From the first sample that is not the old page on, every sample is the instant update. */
function expectNoFlash(samples: Samples, old: string, shown: string): void {
  for (const [name, list] of Object.entries(samples) as [string, string[]][]) {
    const from = list.findIndex((state) => state !== old)
    expect(from, `the change never showed (${name})`).toBeGreaterThanOrEqual(0)
    expect(list.slice(from), `the states sampled (${name})`).toEqual(list.slice(from).map(() => shown))
  }
}

/** Whatever an instant update leaves behind in the page (nothing, once cleaned up). */
const leftovers = (page: Page) =>
  page.evaluate(() => [
    ...[...document.querySelectorAll('[data-tempo-instant]')].map((el) => `marked ${el.localName}`),
    ...[...document.querySelectorAll('[class*="tempo-instant-"]')].map((el) => `class on ${el.localName}`),
    ...[...document.querySelectorAll('[style*="display: none"]')].map((el) => `hidden ${el.localName}`),
    ...[...document.querySelectorAll('[data-tempo-id*="placeholder"]')].map(
      (el) => `placeholder ${el.localName}`,
    ),
  ])

function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

const idOf = async (page: Page, selector: string) =>
  (await page.locator(selector).getAttribute('data-tempo-id')) as string

let nextId = 0
const itemId = () => `00000000-0000-4000-8000-${String(++nextId).padStart(12, '0')}`

interface Written {
  item: InstantChangeItem
  prevIdToNewIdMap: Record<string, string>
}

/**
 * One change as the editor makes it: shown instantly, written, hot updated. Returns the item (with the
 * ids the server renamed) for an undo. `shows` checks the instant state itself.
 */
async function change(
  page: Page,
  editor: Editor,
  item: { type: ChangeType; changeFields: Record<string, unknown> },
  request: { route: string; body: unknown },
  shows?: () => Promise<void>,
): Promise<{ written: Written; shown: string; old: string }> {
  const old = await probe(page)
  await record(page)
  const full = { id: itemId(), ...item } as InstantChangeItem
  expect(await editor.call<InstantUpdateReply>('applyChangeItemToDocument', full)).toEqual({ success: true })
  await expect
    .poll(async () => (await editor.events(OutboundEvent.INSTANT_UPDATE_DONE)).at(-1)?.payload)
    .toEqual({ changeId: full.id, success: true })
  const shown = await probe(page)
  expect(shown).not.toBe(old)
  await shows?.()

  await editor.call('setIsFlushing', true)
  const response = await post(request.route, request.body)
  expect(response.status, response.body).toBe(200)
  await editor.call('setIsFlushing', false)
  const prevIdToNewIdMap =
    (response.json() as { prevIdToNewIdMap?: Record<string, string> }).prevIdToNewIdMap ?? {}
  await editor.call('updateCodebaseIds', prevIdToNewIdMap)

  await expect.poll(() => leftovers(page), { timeout: 10_000 }).toEqual([])
  expect(await probe(page)).toBe(shown)
  expectNoFlash(await stopRecording(page), old, shown)
  return { written: { item: full, prevIdToNewIdMap }, shown, old }
}

/** A fresh load of the page shows `state` (the written file as the server has it); returns the editor connected again. */
async function expectReloadShows(page: Page, state: string): Promise<Editor> {
  await page.reload()
  await expect(page.locator('h1')).toBeVisible({ timeout: 30_000 })
  await page.evaluate(() => document.fonts.ready)
  await expect.poll(() => probe(page)).toBe(state)
  return connectEditor(page)
}

/** The server's undo, with the page following it (shown instantly first when `instant`). */
async function undo(
  page: Page,
  editor: Editor,
  { written, shown, old }: { written: Written; shown: string; old: string },
  instant: boolean,
): Promise<void> {
  if (instant) {
    await record(page)
    const item = {
      id: itemId(),
      type: 'UNDO',
      changeFields: {
        changeToUndo: { ...written.item, prevIdToNewIdMap: written.prevIdToNewIdMap },
        matchingActivityFlushed: true,
      },
    }
    expect(await editor.call('applyChangeItemToDocument', item)).toEqual({ success: true })
    expect(await probe(page)).toBe(old)
    await editor.call('setIsFlushing', true)
  }
  const response = await post('activities/undoChangeToFiles', {})
  expect(response.status, response.body).toBe(200)
  if (instant) {
    await editor.call('setIsFlushing', false)
    await expect.poll(() => leftovers(page), { timeout: 10_000 }).toEqual([])
    expectNoFlash(await stopRecording(page), shown, old)
  }
  await expect.poll(() => probe(page), { timeout: 10_000 }).toBe(old)
}

async function start(page: Page): Promise<{ editor: Editor; errors: string[] }> {
  const errors = watchErrors(page)
  await page.addInitScript(installProbe)
  await page.evaluate(installProbe)
  const editor = await connectEditor(page)
  // The instant updates are in the chunk an editor's connection loads; a call waits for it. Loaded
  // now, the inspector's MutationObserver is made before the sampler's, so it is called first.
  await editor.call('setIsFlushing', false)
  await page.evaluate(() => document.fonts.ready)
  return { editor, errors }
}

const classCss = async (classes: string[]) =>
  ((await post(CLASS_CSS_PATH, { classes })).json() as ClassCssResponse).css

test('STYLING (inline) and its instant undo', async ({ page }) => {
  const { editor, errors } = await start(page)
  const note = await idOf(page, 'p.note')
  const done = await change(
    page,
    editor,
    {
      type: 'STYLING',
      changeFields: { codebaseId: note, stylingChanges: { paddingLeft: '24px' }, stylingFramework: 'Inline' },
    },
    {
      route: 'mutate/styling',
      body: {
        reactElement: { codebaseId: note },
        styling: { paddingLeft: '24px' },
        stylingFramework: 'Inline',
      },
    },
  )
  await undo(page, editor, done, true)
  await expectReloadShows(page, done.old)
  expect(errors).toEqual([])
})

test('STYLING with Tailwind: the new class and its CSS arrive in the hot update', async ({ page }) => {
  const { editor, errors } = await start(page)
  const card = await idOf(page, 'section.card')
  const done = await change(
    page,
    editor,
    {
      type: 'STYLING',
      changeFields: {
        codebaseId: card,
        stylingChanges: { paddingTop: '40px' },
        stylingFramework: 'Tailwind',
      },
    },
    {
      route: 'mutate/styling',
      body: {
        reactElement: { codebaseId: card },
        styling: { paddingTop: '40px' },
        stylingFramework: 'Tailwind',
      },
    },
  )
  await expectReloadShows(page, done.shown)
  await undo(page, editor, done, false)
  expect(errors).toEqual([])
})

test("ADD_CLASS of an arbitrary value the page's CSS lacks shows from the class-css endpoint's CSS; instant undo", async ({
  page,
}) => {
  const { editor, errors } = await start(page)
  const card = await idOf(page, 'section.card')
  const css = await classCss(['p-[13px]'])
  expect(css['p-[13px]']).toContain('padding: 13px')
  // The page's stylesheet has no such class yet.
  expect(
    await page.evaluate(() =>
      [...document.styleSheets].some((sheet) =>
        [...sheet.cssRules].some((rule) => rule.cssText.includes('p-\\[13px\\]')),
      ),
    ),
  ).toBe(false)
  const done = await change(
    page,
    editor,
    {
      type: 'ADD_CLASS',
      changeFields: {
        codebaseIdToAddClass: card,
        className: 'p-[13px]',
        addingTailwindClass: true,
        cssEquivalent: css['p-[13px]'],
      },
    },
    {
      route: 'mutate/addClass',
      body: { reactElement: { codebaseId: card }, className: 'p-[13px]', stylingFramework: 'Tailwind' },
    },
    async () => {
      expect(await page.locator('section.card').evaluate((el) => getComputedStyle(el).padding)).toBe('13px')
    },
  )
  await undo(page, editor, done, true)
  expect(errors).toEqual([])
})

test('REMOVE_CLASS', async ({ page }) => {
  const { editor, errors } = await start(page)
  const heading = await idOf(page, 'h1')
  const done = await change(
    page,
    editor,
    { type: 'REMOVE_CLASS', changeFields: { codebaseIdToRemoveClass: heading, className: 'font-bold' } },
    { route: 'mutate/removeClass', body: { reactElement: { codebaseId: heading }, className: 'font-bold' } },
  )
  await expectReloadShows(page, done.shown)
  await undo(page, editor, done, false)
  expect(errors).toEqual([])
})

test('UPDATE_CLASSES with classes the page lacks, and its instant undo', async ({ page }) => {
  const { editor, errors } = await start(page)
  const heading = await idOf(page, 'h1')
  const oldClasses = ['text-2xl', 'font-bold']
  const newClasses = ['text-[30px]', 'italic', 'text-[#123456]']
  const css = await classCss(newClasses)
  const involvedClasses = newClasses.map((tailwind) => ({ tailwind, css: css[tailwind] as string }))
  const done = await change(
    page,
    editor,
    {
      type: 'UPDATE_CLASSES',
      changeFields: { codebaseIdToUpdateClass: heading, oldClasses, newClasses, involvedClasses },
    },
    {
      route: 'mutate/updateClasses',
      body: { reactElement: { codebaseId: heading }, oldClasses, newClasses, stylingFramework: 'Tailwind' },
    },
    async () => {
      expect(await page.locator('h1').evaluate((el) => getComputedStyle(el).fontSize)).toBe('30px')
    },
  )
  await undo(page, editor, done, true)
  expect(errors).toEqual([])
})

test('EDIT_TEXT', async ({ page }) => {
  const { editor, errors } = await start(page)
  const heading = await idOf(page, 'h1')
  const done = await change(
    page,
    editor,
    {
      type: 'EDIT_TEXT',
      changeFields: { codebaseIdToEditText: heading, oldText: 'Welcome back', newText: 'Hello again' },
    },
    {
      route: 'mutate/editText',
      body: { element: { codebaseId: heading }, oldText: 'Welcome back', newText: 'Hello again' },
    },
  )
  await expectReloadShows(page, done.shown)
  await undo(page, editor, done, false)
  expect(errors).toEqual([])
})

test('CHANGE_PROP', async ({ page }) => {
  const { editor, errors } = await start(page)
  const note = await idOf(page, 'p.note')
  const done = await change(
    page,
    editor,
    {
      type: 'CHANGE_PROP',
      changeFields: { codebaseIdToChange: note, propName: 'title', propValue: 'A tip' },
    },
    {
      route: 'mutate/changePropValue',
      body: { elementToModify: { codebaseId: note }, propName: 'title', propValue: 'A tip' },
    },
  )
  await expectReloadShows(page, done.shown)
  await undo(page, editor, done, false)
  expect(errors).toEqual([])
})

test('REMOVE_JSX of a list item (React reuses its node for the next one), and its instant undo', async ({
  page,
}) => {
  const { editor, errors } = await start(page)
  const two = await idOf(page, 'li:nth-child(2)')
  const done = await change(
    page,
    editor,
    { type: 'REMOVE_JSX', changeFields: { codebaseIdsToRemove: [two] } },
    { route: 'mutate/removeJsxElement', body: { elementsToRemove: [{ codebaseId: two }] } },
  )
  await undo(page, editor, done, true)
  await expectReloadShows(page, done.old)
  expect(errors).toEqual([])
})

test('ADD_JSX of a native element and of a copy', async ({ page }) => {
  let { editor, errors } = await start(page)
  const main = await idOf(page, 'main')
  const list = await idOf(page, 'ul')
  const one = await idOf(page, 'li:nth-child(1)')
  const first = await change(
    page,
    editor,
    {
      type: 'ADD_JSX',
      changeFields: {
        codebaseIdToAddTo: main,
        afterCodebaseId: list,
        addNativeTag: 'hr',
        htmlForInstantUpdate: '<hr>',
      },
    },
    {
      route: 'mutate/addJsxElement',
      body: {
        destinationElement: { codebaseId: main },
        afterElement: { codebaseId: list },
        newElement: { nativeTag: 'hr' },
        hasInstantUpdate: true,
      },
    },
  )
  editor = await expectReloadShows(page, first.shown)
  const html = await page.locator('li:nth-child(1)').evaluate((el) => el.outerHTML)
  const second = await change(
    page,
    editor,
    {
      type: 'ADD_JSX',
      changeFields: { codebaseIdToAddTo: list, addCodebaseId: one, htmlForInstantUpdate: html },
    },
    {
      route: 'mutate/addJsxElement',
      body: {
        destinationElement: { codebaseId: list },
        newElement: { codebaseId: one },
        hasInstantUpdate: true,
      },
    },
  )
  editor = await expectReloadShows(page, second.shown)
  await undo(page, editor, second, false)
  await undo(page, editor, first, false)
  expect(errors).toEqual([])
})

test('MOVE_JSX within a list (React reorders by index)', async ({ page }) => {
  const { editor, errors } = await start(page)
  const list = await idOf(page, 'ul')
  const one = await idOf(page, 'li:nth-child(1)')
  const three = await idOf(page, 'li:nth-child(3)')
  const done = await change(
    page,
    editor,
    {
      type: 'MOVE_JSX',
      changeFields: { codebaseIdToMove: one, codebaseIdToMoveTo: list, afterCodebaseId: three },
    },
    {
      route: 'mutate/moveJsxElement',
      body: {
        elementToMove: { codebaseId: one },
        newContainerElement: { codebaseId: list },
        afterElement: { codebaseId: three },
        expectedCurrentParent: { codebaseId: list },
      },
    },
  )
  await expectReloadShows(page, done.shown)
  await undo(page, editor, done, false)
  expect(errors).toEqual([])
})

test('MOVE_JSX to another parent', async ({ page }) => {
  const { editor, errors } = await start(page)
  const main = await idOf(page, 'main')
  const note = await idOf(page, 'p.note')
  const card = await idOf(page, 'section.card')
  const done = await change(
    page,
    editor,
    { type: 'MOVE_JSX', changeFields: { codebaseIdToMove: note, codebaseIdToMoveTo: card } },
    {
      route: 'mutate/moveJsxElement',
      body: {
        elementToMove: { codebaseId: note },
        newContainerElement: { codebaseId: card },
        expectedCurrentParent: { codebaseId: main },
      },
    },
  )
  await expectReloadShows(page, done.shown)
  await undo(page, editor, done, false)
  expect(errors).toEqual([])
})

test('WRAP_DIV', async ({ page }) => {
  const { editor, errors } = await start(page)
  const note = await idOf(page, 'p.note')
  const done = await change(
    page,
    editor,
    { type: 'WRAP_DIV', changeFields: { codebaseIdsToWrap: [note] } },
    { route: 'mutate/wrapInDiv', body: { reactElements: [{ codebaseId: note }] } },
  )
  await expectReloadShows(page, done.shown)
  await undo(page, editor, done, false)
  expect(errors).toEqual([])
})

test('DUPLICATE', async ({ page }) => {
  const { editor, errors } = await start(page)
  const two = await idOf(page, 'li:nth-child(2)')
  const done = await change(
    page,
    editor,
    { type: 'DUPLICATE', changeFields: { codebaseIdsToDuplicate: [two] } },
    { route: 'mutate/duplicate', body: { reactElements: [{ codebaseId: two }] } },
  )
  await expectReloadShows(page, done.shown)
  await undo(page, editor, done, false)
  expect(errors).toEqual([])
})

test('CHANGE_TAG', async ({ page }) => {
  const { editor, errors } = await start(page)
  const note = await idOf(page, 'p.note')
  const done = await change(
    page,
    editor,
    { type: 'CHANGE_TAG', changeFields: { codebaseIdToChange: note, newTagName: 'section' } },
    { route: 'mutate/changeElementTag', body: { elementToModify: { codebaseId: note }, newTag: 'section' } },
  )
  await expectReloadShows(page, done.shown)
  await undo(page, editor, done, false)
  expect(errors).toEqual([])
})

test('a change the server refuses is rolled back by an UNDO of its instant update', async ({ page }) => {
  const { editor, errors } = await start(page)
  const heading = await idOf(page, 'h1')
  const old = await probe(page)
  const item = {
    id: itemId(),
    type: 'EDIT_TEXT',
    changeFields: { codebaseIdToEditText: heading, oldText: 'Not the text', newText: 'Hello' },
  }
  expect(await editor.call('applyChangeItemToDocument', item)).toEqual({ success: true })
  await editor.call('setIsFlushing', true)
  const refused = await post('mutate/editText', {
    element: { codebaseId: heading },
    oldText: 'Not the text',
    newText: 'Hello',
  })
  expect(refused.status).toBe(409)
  expect(
    await editor.call('applyChangeItemToDocument', {
      id: itemId(),
      type: 'UNDO',
      changeFields: { changeToUndo: item, matchingActivityFlushed: false },
    }),
  ).toEqual({ success: true })
  await editor.call('setIsFlushing', false)
  expect(await probe(page)).toBe(old)
  expect(await leftovers(page)).toEqual([])
  expect(errors).toEqual([])
})
