import { expect, type Frame, type Page, test } from '@playwright/test'
import type { ElementKey } from '../../../packages/vite-plugin-visual-edit/src/protocol/element-key.ts'
import { OUTLINE_COLORS } from '../../../packages/vite-plugin-visual-edit/src/runtime/core/constants.ts'
import { type EditorPage, openEditor } from '../editor/editor-page.ts'
import { type CliProject, startCliProject } from '../projects/cli-project.ts'
import { connectEditor, type Editor } from './outline-app.ts'
import { coloursAt, overlayBoxes, probeOverlays, rgb } from './topmost.ts'

/**
 * The overlays above an app's own layers. tests/fixtures/projects/vite7-admin is a dashboard shaped
 * like a third party's (React 19, Tailwind 4, Vite 7): a `fixed z-50` sidebar, a `sticky z-40` header,
 * cards in `relative z-1` containers, a widget at z-index 2147483000, a modal portaled into the body
 * over a `z-[100]` backdrop, transformed and isolated panels, a `<dialog>` opened with showModal(), a
 * settings form 15+ levels deep. The CLI serves it, the editor frames it at 1440x900, and the test
 * takes the editor's connection to the inspector over (as real-projects.spec.ts does) to select.
 * The outlines and badges must be the topmost thing at their edges and centres: the browser's own
 * hit-testing says so (paint order), and for the dialog, which makes the rest of the page inert, the
 * screenshot's pixels.
 */

const FRAME = 'iframe[title="The app"]'
/** A selected element's overlays: its outline and its two badges. */
const SELECTED = ['primary', 'size-badge', 'name-badge'] as const

// One server for the file's tests, one after another.
test.describe.configure({ mode: 'default' })

let served: CliProject
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  served = await startCliProject('vite7-admin')
  // The copy's first load optimizes its dependencies (and may reload): done once, before the tests.
  const page = await browser.newPage()
  await page.goto(served.url)
  await expect(page.locator('#sidebar-logo')).toBeVisible({ timeout: 90_000 })
  await page.close()
})
test.afterAll(async () => {
  await served?.stop()
})
test.use({ viewport: { width: 1440, height: 900 } })

interface Session {
  editorPage: EditorPage
  frame: Frame
  editor: Editor
}

async function open(page: Page): Promise<Session> {
  const editorPage = await openEditor(page, served)
  await expect(editorPage.app.locator('#sidebar-logo')).toBeVisible()
  const frame = await editorPage.frame()
  const editor = await connectEditor(page, { iframe: FRAME, frame })
  return { editorPage, frame, editor }
}

/** The key of the element `selector` finds in the app: the tree node with its codebase id and its box. */
async function keyOf({ frame, editor }: Session, selector: string): Promise<ElementKey> {
  const element = await frame.locator(selector).evaluate((found) => {
    const rect = found.getBoundingClientRect()
    return {
      codebaseId: found.getAttribute('data-tempo-id'),
      pageX: rect.left + scrollX,
      pageY: rect.top + scrollY,
      width: rect.width,
    }
  })
  let key: ElementKey | undefined
  // An element the app has just shown (the modal, the dialog) is in the next tree.
  await expect
    .poll(
      async () => {
        key = (await editor.tree()).find(
          ({ key, pageBoundingBox: box }) =>
            key.codebaseId === element.codebaseId &&
            Math.abs(box.pageX - element.pageX) <= 1 &&
            Math.abs(box.pageY - element.pageY) <= 1 &&
            Math.abs(box.width - element.width) <= 1,
        )?.key
        return key !== undefined
      },
      { message: `the tree has ${selector}` },
    )
    .toBe(true)
  return key as ElementKey
}

/**
 * Every overlay of `kinds` is drawn and on top of the page at each point probed: the host is what the
 * browser finds there, with that overlay under the point in its shadow root.
 */
async function expectOnTop(frame: Frame, kinds: readonly string[], what: string): Promise<void> {
  await expect
    .poll(async () => new Set((await probeOverlays(frame, kinds)).map((probe) => probe.kind)), {
      message: `${what}: ${kinds.join(', ')} drawn in the viewport`,
    })
    .toEqual(new Set(kinds))
  const probes = await probeOverlays(frame, kinds)
  expect(
    probes.filter((probe) => probe.top !== 'overlay' || !probe.inOverlay),
    `${what}: the app's elements above the overlays`,
  ).toEqual([])
}

/** Uses the app as its user would (drive mode), for a step, and goes back to editing. */
async function drive({ editor }: Session, step: () => Promise<void>): Promise<void> {
  await editor.call('enableDriveMode')
  await step()
  await editor.call('disableDriveMode')
}

test("a selected element's outline and badges are above fixed, sticky, z-indexed, transformed and isolated layers", async ({
  page,
}) => {
  test.setTimeout(120_000)
  const session = await open(page)
  const { frame, editor } = session
  const cases = [
    ['#sidebar-logo', 'the logo in the fixed z-50 sidebar'],
    ['#sidebar-heading', 'the heading in the fixed z-50 sidebar'],
    ['#page-title', 'the title in the sticky z-40 header'],
    ['main > section:first-child > div:nth-child(2) > h3', "a card's heading in a relative z-1 container"],
    ['#help-title', 'the heading of a widget at z-index 2147483000'],
    ['#transformed-heading', 'a heading in a transformed panel'],
    ['#isolated-heading', 'a heading in an isolation: isolate panel'],
  ] as const
  for (const [selector, what] of cases) {
    await editor.call('setSelectedElement', await keyOf(session, selector))
    await expectOnTop(frame, SELECTED, what)
  }

  // 16 elements below the body, under five components: the settings form's deepest element, at the
  // end of the page, scrolled to (the sticky header stays over the page).
  const deepest = '#settings-form section:last-child .grid > div:last-child abbr'
  const key = await keyOf(session, deepest)
  const node = (await editor.tree()).find((candidate) => candidate.key.uniquePath === key.uniquePath)
  expect(node?.level).toBeGreaterThanOrEqual(15)
  await frame.locator(deepest).scrollIntoViewIfNeeded()
  await editor.call('setSelectedElement', key)
  await expectOnTop(frame, SELECTED, 'the deepest element of the settings form')
})

test("a modal portaled into the body over a z-[100] backdrop: its heading's outline and badges are on top", async ({
  page,
}) => {
  const session = await open(page)
  await drive(session, async () => {
    await session.editorPage.app.locator('#invite-button').click()
    await expect(session.editorPage.app.locator('#invite-title')).toBeVisible()
  })
  await session.editor.call('setSelectedElement', await keyOf(session, '#invite-title'))
  await expectOnTop(session.frame, SELECTED, 'the heading of the portaled modal')
  // Its backdrop covers the page: an element under it is outlined above it too.
  await session.editor.call('setSelectedElement', await keyOf(session, '#sidebar-heading'))
  await expectOnTop(session.frame, SELECTED, 'the sidebar heading under the modal backdrop')
})

test('a <dialog> opened with showModal() is in the top layer: the outline and badges go above it and its backdrop', async ({
  page,
}) => {
  const session = await open(page)
  const { frame, editor } = session
  await drive(session, async () => {
    await session.editorPage.app.locator('#delete-button').click()
    await expect(session.editorPage.app.locator('#dialog-title')).toBeVisible()
  })
  // Thick lines (4 px at 25%), so that each point read lies wholly inside one.
  await editor.call('setZoomPerc', 25)
  for (const selector of ['#dialog-title', '#sidebar-heading']) {
    await editor.call('setSelectedElement', await keyOf(session, selector))
    await expect.poll(async () => (await overlayBoxes(frame, SELECTED)).length).toBe(3)
    const viewport = await frame.evaluate(() => ({ width: innerWidth, height: innerHeight }))
    const points = (await overlayBoxes(frame, SELECTED)).flatMap((box) =>
      box.thickness > 0
        ? [
            { x: box.left + box.thickness / 2, y: box.top + box.height / 2 },
            { x: box.left + box.width - box.thickness / 2, y: box.top + box.height / 2 },
            { x: box.left + box.width / 2, y: box.top + box.height - box.thickness / 2 },
          ]
        : // A badge: in its padding, left of its text.
          [{ x: Math.max(0, box.left) + 6, y: box.top + box.height / 2 }],
    )
    expect(points.every(({ x, y }) => x >= 0 && y >= 0 && x < viewport.width && y < viewport.height)).toBe(
      true,
    )
    // The dialog's ::backdrop (the app's rule darkens every backdrop) and the dialog itself would
    // change these colours if they were above.
    const expected = rgb(OUTLINE_COLORS.PRIMARY)
    await expect
      .poll(async () =>
        (await coloursAt(page, FRAME, points)).every((colour) =>
          colour.every((channel, index) => Math.abs(channel - (expected[index] as number)) <= 10),
        ),
      )
      .toBe(true)
  }
})

test('in the fixed sidebar: the hover outline, the multi-selection box, the move outline and the drop indicator are on top', async ({
  page,
}) => {
  const session = await open(page)
  const { frame, editor } = session
  const item = (n: number) => `#sidebar-nav > li:nth-child(${n})`

  await editor.call('setHoveredElement', await keyOf(session, `${item(2)} > a`))
  await expectOnTop(frame, ['hover'], 'the hover outline of a sidebar link')
  await editor.call('clearHoveredOutlines')

  await editor.call('setMultiselectedElementKeys', [
    await keyOf(session, item(1)),
    await keyOf(session, item(2)),
  ])
  await expectOnTop(frame, ['multi', 'count-badge'], 'two sidebar items selected')
  await editor.call('setMultiselectedElementKeys', [])

  // The fourth item dragged over the first: its move outline and where it would land.
  const target = await frame.locator(item(1)).evaluate((element) => {
    const rect = element.getBoundingClientRect()
    return { clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 4 }
  })
  expect(await editor.call('triggerDragStart', await keyOf(session, item(4)))).toBe(true)
  await editor.call('syntheticMouseMove', { ...target, buttons: 1 })
  await expectOnTop(frame, ['move', 'drop-indicator'], 'dragging a sidebar item')
  await editor.call('triggerDragCancel')
})
