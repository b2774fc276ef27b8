import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Frame, type Page, test } from '@playwright/test'
import { overlaysIn } from '../inspector/outline-app.ts'
import { type CliProject, MARKETPLACE, startCliProject } from '../projects/cli-project.ts'
import { type EditorPage, expectAccessible, openEditor } from './editor-page.ts'

/**
 * Breakpoint frames (issue 31) through `visual-edit edit`: frames added beside the primary at other
 * widths, each connected as its own storyboard; the selection shows in all of them and follows a
 * click in any; an edit made in one shows in all and is written to the file; a frame resized, removed,
 * and kept across a reload of the editor.
 */

interface Case {
  name: string
  start: () => Promise<CliProject>
  file: string
  /** The element edited, in the app. */
  selector: string
  /** Another element, clicked in an extra frame. */
  other: string
}

const CASES: Case[] = [
  {
    name: 'the marketplace',
    start: () => startCliProject('marketplace', MARKETPLACE),
    file: 'src/components/home/HeroSearch.tsx',
    selector: 'h1#hero-heading',
    other: 'section:has(h1#hero-heading) button[type=submit]',
  },
  {
    name: 'vite5-tailwind3',
    start: () => startCliProject('vite5-tailwind3'),
    file: 'src/App.jsx',
    selector: 'h1',
    other: 'button',
  },
]

/** An extra frame's box on the canvas (its header and its iframe), by its storyboard id. */
const frameBox = (page: Page, id: string) => page.locator(`[data-frame-id="${id}"]`)

/** The document of an extra frame, once its app has drawn `selector`. */
async function frameOf(page: Page, id: string, selector: string): Promise<Frame> {
  const box = frameBox(page, id)
  await expect(box.frameLocator('iframe').locator(selector).first()).toBeVisible({ timeout: 30_000 })
  // Connected: its "Connecting to the app…" cover is gone.
  await expect(box.getByText('Connecting to the app…')).toHaveCount(0, { timeout: 30_000 })
  const handle = await box.locator('iframe').elementHandle()
  const content = await handle?.contentFrame()
  if (!content) throw new Error(`the ${id} frame has no document`)
  return content
}

async function addFrame(page: Page, breakpoint: string): Promise<void> {
  await page.getByRole('button', { name: 'Add a breakpoint frame' }).click()
  await page.getByRole('menuitem', { name: new RegExp(`^${breakpoint} `) }).click()
}

/**
 * Whether the inspector in `frame` outlines `selector` as selected: a primary outline on its box in
 * the primary frame; in an extra frame, which mirrors that selection, the spec's secondary outline.
 */
async function outlined(
  frame: Frame,
  selector: string,
  kind: 'primary' | 'secondary' = 'primary',
): Promise<boolean> {
  const box = await frame
    .locator(selector)
    .first()
    .evaluate((element) => {
      const rect = element.getBoundingClientRect()
      return [rect.left, rect.top, rect.width, rect.height].map(Math.round)
    })
  const overlays = await overlaysIn(frame, kind)
  return overlays.some(
    (overlay) =>
      JSON.stringify([overlay.left, overlay.top, overlay.width, overlay.height].map(Math.round)) ===
      JSON.stringify(box),
  )
}

for (const one of CASES) {
  test.describe(`on ${one.name}`, () => {
    let served: CliProject
    test.beforeAll(async () => {
      test.setTimeout(180_000)
      served = await one.start()
    })
    test.afterAll(async () => {
      await served?.stop()
    })

    test('an edit in one breakpoint frame shows in the others and is written; the selection follows a click in any frame; add, resize, remove', async ({
      page,
    }) => {
      test.setTimeout(240_000)
      await page.setViewportSize({ width: 1440, height: 900 })
      const source = () => readFileSync(path.join(served.dir, one.file), 'utf8')
      const editor: EditorPage = await openEditor(page, served)

      await addFrame(page, 'md')
      await addFrame(page, 'sm')
      const md = await frameOf(page, 'app-768', one.selector)
      const sm = await frameOf(page, 'app-640', one.selector)
      await expect(frameBox(page, 'app-768')).toContainText('md')
      await expect(md.locator('html')).toHaveJSProperty('clientWidth', 768)
      await expect(sm.locator('html')).toHaveJSProperty('clientWidth', 640)
      // Each frame is the app at the primary's address, without the editor's token.
      expect(md.url()).not.toContain('token')
      expect(new URL(md.url()).origin).toBe(new URL((await editor.frame()).url()).origin)

      // A click in the md frame selects the element: the editor shows it, and every frame outlines it.
      const id = await md.locator(one.selector).first().getAttribute('data-tempo-id')
      await md.locator(one.selector).first().click()
      await expect(editor.row(id ?? '')).toHaveAttribute('aria-selected', 'true')
      await expect.poll(async () => outlined(await editor.frame(), one.selector)).toBe(true)
      await expect.poll(() => outlined(md, one.selector, 'secondary')).toBe(true)
      await expect.poll(() => outlined(sm, one.selector, 'secondary')).toBe(true)
      // A mirror draws neither the primary outline nor the badges of the selection.
      for (const frame of [md, sm])
        for (const kind of ['primary', 'size-badge', 'name-badge'])
          expect(await overlaysIn(frame, kind), `${kind} in a mirror`).toEqual([])

      // The selection follows a click in another frame.
      const otherId = await sm.locator(one.other).first().getAttribute('data-tempo-id')
      await sm.locator(one.other).first().click()
      await expect(editor.row(otherId ?? '')).toHaveAttribute('aria-selected', 'true')
      await expect.poll(async () => outlined(await editor.frame(), one.other)).toBe(true)
      await expect.poll(() => outlined(md, one.other, 'secondary')).toBe(true)

      // Back to the heading (in the sm frame) and a class added: every frame shows it, the file has it.
      await sm.locator(one.selector).first().click()
      await expect(editor.row(id ?? '')).toHaveAttribute('aria-selected', 'true')
      const field = editor.elementPanel.getByLabel('Classes')
      const before = await field.inputValue()
      await field.fill(`${before} italic`)
      await field.press('Enter')
      for (const frame of [await editor.frame(), md, sm])
        await expect(frame.locator(one.selector).first()).toHaveCSS('font-style', 'italic')
      await expect.poll(source).toContain(`${before} italic"`)

      // Its text edited in place in the md frame: every frame shows it, the file has it.
      const inMd = md.locator(one.selector).first()
      await inMd.dblclick()
      await expect(inMd).toHaveAttribute('contenteditable', /plaintext-only|true/)
      await page.keyboard.press('ControlOrMeta+A')
      await page.keyboard.type('Edited in a frame')
      await page.keyboard.press('Enter')
      await expect.poll(source).toContain('Edited in a frame')
      for (const frame of [await editor.frame(), md, sm])
        await expect(frame.locator(one.selector).first()).toHaveText('Edited in a frame')

      // Then in the element panel: shown in every frame, written.
      const text = editor.elementPanel.getByLabel('Text', { exact: true })
      if ((await text.count()) > 0) {
        await expect(text).toHaveValue('Edited in a frame')
        await text.fill('Frames agree')
        await text.press('Enter')
        for (const frame of [await editor.frame(), md, sm])
          await expect(frame.locator(one.selector).first()).toHaveText('Frames agree')
        await expect.poll(source).toContain('Frames agree')
      }

      await expectAccessible(page, 'section[aria-label="Canvas"]')
      await page.getByRole('button', { name: 'Dark theme' }).click()
      await expectAccessible(page, 'section[aria-label="Canvas"]')
      await page.getByRole('button', { name: 'Light theme' }).click()

      // Resize: the width field, then the edge by keys.
      const width = page.getByRole('textbox', { name: 'Width of the app-768 frame in pixels' })
      await width.fill('900')
      await width.press('Enter')
      await expect(md.locator('html')).toHaveJSProperty('clientWidth', 900)
      const edge = page.getByRole('separator', { name: 'Width of the app-768 frame' })
      await edge.focus()
      await page.keyboard.press('Shift+ArrowRight')
      await expect(md.locator('html')).toHaveJSProperty('clientWidth', 910)
      await expect(width).toHaveValue('910')

      // Remove one; a reload of the editor keeps the other at its width.
      await page.getByRole('button', { name: 'Remove the 640 px frame' }).click()
      await expect(frameBox(page, 'app-640')).toHaveCount(0)
      await page.reload()
      await expect(frameBox(page, 'app-768')).toBeVisible({ timeout: 30_000 })
      await expect(frameBox(page, 'app-640')).toHaveCount(0)
      const again = await frameOf(page, 'app-768', one.selector)
      await expect(again.locator('html')).toHaveJSProperty('clientWidth', 910)
      await expect(again.locator(one.selector).first()).toHaveCSS('font-style', 'italic')
    })
  })
}
