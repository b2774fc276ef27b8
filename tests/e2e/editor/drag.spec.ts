import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { type CliProject, startCliProject } from '../projects/cli-project.ts'
import { changedSince, type EditorPage, openEditor, snapshotSources } from './editor-page.ts'

/**
 * Drag to move in the editor, and edits showing before the server answers (instant updates), on a
 * Vite 7 + Tailwind 4.1 project with a page of our own: a flex row, a flex column and a grid. The
 * pointer is Playwright's mouse on the editor page, so every move goes through the canvas's zoom into
 * the frame as a user's would.
 */
const APP = `import { Panel } from './Panel.tsx'

export function App() {
  const label = 'Local label'
  return (
    <main className="p-4">
      <div data-testid="row" className="flex gap-4">
        <div className="h-12 w-24 bg-red-200">R1</div>
        <div className="h-12 w-24 bg-green-200">R2</div>
        <div className="h-12 w-24 bg-blue-200">R3</div>
      </div>
      <div data-testid="column" className="mt-4 flex w-48 flex-col gap-2">
        <p className="h-10 bg-slate-100">C1</p>
        <p className="h-10 bg-slate-200">C2</p>
        <p className="h-10 bg-slate-300">C3</p>
      </div>
      <div data-testid="grid" className="mt-4 grid w-64 grid-cols-2 gap-2">
        <span className="block h-10 bg-amber-100">G1</span>
        <span className="block h-10 bg-amber-200">G2</span>
        <span className="block h-10 bg-amber-300">G3</span>
        <span className="block h-10 bg-amber-400">G4</span>
      </div>
      <p className="mt-4 w-64 bg-slate-50">{label}</p>
      <Panel />
    </main>
  )
}
`
const PANEL = `export function Panel() {
  return (
    <section className="mt-4 min-h-24 w-64 border p-4">
      <h2>Panel</h2>
    </section>
  )
}
`

let served: CliProject
test.beforeAll(async () => {
  served = await startCliProject('vite7-tailwind41', undefined, {
    'src/App.tsx': APP,
    'src/Panel.tsx': PANEL,
  })
})
test.afterAll(async () => {
  await served?.stop()
})

/** An element's box in the editor page's coordinates (through the frame and the canvas zoom). */
async function screenBox(locator: Locator) {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not on screen')
  return {
    ...box,
    right: box.x + box.width,
    bottom: box.y + box.height,
    cx: box.x + box.width / 2,
    cy: box.y + box.height / 2,
  }
}

async function setZoom(page: Page, percent: number) {
  await page.getByLabel('Zoom').selectOption(String(percent))
  await expect(page.getByLabel('Zoom')).toHaveValue(String(percent))
}

/** The order of the texts of `selector`'s elements in the frame. */
const order = (editor: EditorPage, selector: string) => editor.app.locator(selector).allTextContents()

/** The order the file writes them in. */
const fileOrder = (dir: string, names: string[]) => {
  const text = readFileSync(path.join(dir, 'src/App.tsx'), 'utf8')
  return [...names].sort((a, b) => text.indexOf(`>${a}<`) - text.indexOf(`>${b}<`))
}

test('the drag starts at 20 px on screen whatever the zoom (20 / zoom in the page); Escape cancels it', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const start = snapshotSources(served.dir)
  const editor = await openEditor(page, served)
  const r1 = editor.app.getByText('R1', { exact: true })
  for (const zoom of [50, 100, 200]) {
    await setZoom(page, zoom)
    await r1.scrollIntoViewIfNeeded()
    const box = await screenBox(r1)
    await page.mouse.move(box.cx, box.cy)
    await page.mouse.down()
    // 16 px on screen (x and y added): a press, not a drag. The page sees whole pixels, so the test
    // keeps clear of the threshold by more than their rounding: 16 and 24 screen px, 20 / zoom in the page.
    await page.mouse.move(box.cx + 8, box.cy + 8, { steps: 2 })
    expect(await editor.overlays('move'), `zoom ${zoom}: 16 px`).toEqual([])
    await page.mouse.move(box.cx + 12, box.cy + 12, { steps: 1 })
    await expect.poll(async () => (await editor.overlays('move')).length, `zoom ${zoom}: 24 px`).toBe(1)
    // The move outline is the element's size, at the pointer.
    const [moveOutline] = await editor.overlays('move')
    const inFrame = await r1.evaluate((element) => element.getBoundingClientRect().width)
    expect(Math.round(moveOutline?.width ?? 0)).toBe(Math.round(inFrame))
    await page.keyboard.press('Escape')
    await expect.poll(async () => (await editor.overlays('move')).length).toBe(0)
    // Dragging selected R1; the release of the cancelled drag is not a click on what is under it.
    await page.mouse.up()
    await expect(page.locator('[role=treeitem][aria-selected=true]')).toHaveAttribute(
      'data-codebase-id',
      (await r1.getAttribute('data-tempo-id')) ?? '',
    )
  }
  expect(await order(editor, '[data-testid=row] > div')).toEqual(['R1', 'R2', 'R3'])
  expect(changedSince(served.dir, start)).toEqual([])
})

test('a move with no button held cancels the drag', async ({ page }) => {
  test.setTimeout(90_000)
  const start = snapshotSources(served.dir)
  const editor = await openEditor(page, served)
  await setZoom(page, 100)
  const c1 = editor.app.getByText('C1', { exact: true })
  const box = await screenBox(c1)
  await page.mouse.move(box.cx, box.cy)
  await page.mouse.down()
  await page.mouse.move(box.cx, box.cy + 40, { steps: 4 })
  await expect.poll(async () => (await editor.overlays('move')).length).toBe(1)
  // The button went up outside the window: the next move the page sees has no button held.
  await c1.evaluate((element) => {
    const { left, top } = element.getBoundingClientRect()
    window.dispatchEvent(
      new PointerEvent('pointermove', { clientX: left + 5, clientY: top + 60, buttons: 0, bubbles: true }),
    )
  })
  await expect.poll(async () => (await editor.overlays('move')).length).toBe(0)
  await page.mouse.up()
  expect(changedSince(served.dir, start)).toEqual([])
})

test('drop indicators follow a row, a column and a grid; each drop lands in the file and undo restores it', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const start = snapshotSources(served.dir)
  const editor = await openEditor(page, served)
  await setZoom(page, 100)
  const frame = await editor.frame()
  const inFrame = (text: string) => editor.app.getByText(text, { exact: true })
  const indicator = async () => (await editor.overlays('drop-indicator'))[0]

  /** Presses `from`, moves to `to(box of target)` and checks the indicator, then drops. */
  const dragTo = async (
    from: string,
    target: string,
    to: (box: Awaited<ReturnType<typeof screenBox>>) => { x: number; y: number },
    expectIndicator: (
      line: { left: number; top: number; width: number; height: number },
      target: DOMRect,
    ) => void,
  ) => {
    const source = await screenBox(inFrame(from))
    const point = to(await screenBox(inFrame(target)))
    await page.mouse.move(source.cx, source.cy)
    await page.mouse.down()
    await page.mouse.move(point.x, point.y, { steps: 8 })
    await expect.poll(async () => Boolean(await indicator())).toBe(true)
    const line = (await indicator()) as { left: number; top: number; width: number; height: number }
    const rect = await inFrame(target).evaluate(
      (element) => element.getBoundingClientRect().toJSON() as DOMRect,
    )
    expectIndicator(line, rect)
    await page.mouse.up()
  }

  // Row: R1 into the gap between R2 and R3 -> a vertical line at R3's left edge.
  const r3 = await screenBox(inFrame('R3'))
  await dragTo(
    'R1',
    'R3',
    () => ({ x: r3.x - 8, y: r3.cy }),
    (line, rect) => {
      expect(line.height).toBeCloseTo(rect.height, 0)
      expect(line.width).toBeLessThan(4)
      expect(Math.abs(line.left + line.width / 2 - rect.left)).toBeLessThan(2)
    },
  )
  await expect.poll(() => order(editor, '[data-testid=row] > div')).toEqual(['R2', 'R1', 'R3'])
  await expect.poll(() => fileOrder(served.dir, ['R1', 'R2', 'R3'])).toEqual(['R2', 'R1', 'R3'])

  // Column: C3 onto the top quarter of C1 -> a horizontal line at C1's top.
  await dragTo(
    'C3',
    'C1',
    (box) => ({ x: box.cx, y: box.y + 3 }),
    (line, rect) => {
      expect(line.width).toBeCloseTo(rect.width, 0)
      expect(line.height).toBeLessThan(4)
      expect(Math.abs(line.top + line.height / 2 - rect.top)).toBeLessThan(2)
    },
  )
  await expect.poll(() => order(editor, '[data-testid=column] > p')).toEqual(['C3', 'C1', 'C2'])
  await expect.poll(() => fileOrder(served.dir, ['C1', 'C2', 'C3'])).toEqual(['C3', 'C1', 'C2'])

  // Grid: G1 onto the right half of G4 (second row) -> after G4, a line at its right edge.
  await dragTo(
    'G1',
    'G4',
    (box) => ({ x: box.right - 4, y: box.cy }),
    (line, rect) => {
      expect(line.height).toBeCloseTo(rect.height, 0)
      expect(Math.abs(line.left + line.width / 2 - rect.right)).toBeLessThan(2)
    },
  )
  await expect.poll(() => order(editor, '[data-testid=grid] > span')).toEqual(['G2', 'G3', 'G4', 'G1'])
  await expect.poll(() => fileOrder(served.dir, ['G1', 'G2', 'G3', 'G4'])).toEqual(['G2', 'G3', 'G4', 'G1'])
  expect(
    await frame.evaluate(() => document.querySelectorAll('[data-visual-edit-drag-preview]').length),
  ).toBe(0)

  // Undo the three moves, last first: each shows in the page, and the file is byte-identical at the end.
  const undone: [string, string[]][] = [
    ['[data-testid=grid] > span', ['G1', 'G2', 'G3', 'G4']],
    ['[data-testid=column] > p', ['C1', 'C2', 'C3']],
    ['[data-testid=row] > div', ['R1', 'R2', 'R3']],
  ]
  for (const [selector, texts] of undone) {
    await expect(editor.undoButton).toBeEnabled()
    await editor.undoButton.click()
    await expect.poll(() => order(editor, selector)).toEqual(texts)
  }
  await expect.poll(() => changedSince(served.dir, start)).toEqual([])
  await expect.poll(() => order(editor, '[data-testid=row] > div')).toEqual(['R1', 'R2', 'R3'])
})

test('a drop the server refuses shows its reason and leaves the element where it was', async ({ page }) => {
  test.setTimeout(90_000)
  const start = snapshotSources(served.dir)
  const editor = await openEditor(page, served)
  await setZoom(page, 100)
  const local = editor.app.getByText('Local label', { exact: true })
  const heading = editor.app.getByText('Panel', { exact: true })
  const source = await screenBox(local)
  const target = await screenBox(heading)
  // Whether the move showed in the section at once (the instant move), before the server refused it.
  await (await editor.frame()).evaluate(() => {
    const shown = { inSection: false }
    ;(window as unknown as { __shown: typeof shown }).__shown = shown
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('section p'))
        if (element.textContent === 'Local label' && getComputedStyle(element).display !== 'none')
          shown.inSection = true
    }).observe(document.body, { childList: true, subtree: true, attributes: true })
  })
  await page.mouse.move(source.cx, source.cy)
  await page.mouse.down()
  // Below the Panel's heading, inside its section (another file, where `label` does not exist).
  await page.mouse.move(target.cx, target.bottom + 12, { steps: 8 })
  await expect.poll(async () => (await editor.overlays('drop-indicator')).length).toBe(1)
  await page.mouse.up()
  await expect(editor.toasts).toContainText('label')
  await expect(editor.toasts).toContainText('does not exist where it would go')
  expect(changedSince(served.dir, start)).toEqual([])
  expect(
    await (await editor.frame()).evaluate(
      () => (window as unknown as { __shown: { inSection: boolean } }).__shown,
    ),
  ).toEqual({ inSection: true })
  // Put back: the paragraph where it was, nothing of it left in the section.
  await expect(local).toBeVisible()
  await expect(editor.app.locator('section').getByText('Local label')).toHaveCount(0)
  await expect(editor.app.locator('[data-tempo-instant]')).toHaveCount(0)
})

test('dragging a layer in the layers panel moves it the same way', async ({ page }) => {
  test.setTimeout(90_000)
  const start = snapshotSources(served.dir)
  const editor = await openEditor(page, served)
  const ids = await editor.app
    .locator('[data-testid=column] > p')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-tempo-id') ?? ''))
  const [c1, , c3] = ids.map((id) => editor.row(id))
  const from = await screenBox(c3 as Locator)
  const onto = await screenBox(c1 as Locator)
  await page.mouse.move(from.cx, from.cy)
  await page.mouse.down()
  await page.mouse.move(onto.cx, onto.y + 2, { steps: 6 })
  await expect(page.locator('[data-drop-indicator=line]')).toBeVisible()
  await page.mouse.up()
  await expect.poll(() => fileOrder(served.dir, ['C1', 'C2', 'C3'])).toEqual(['C3', 'C1', 'C2'])
  await expect.poll(() => order(editor, '[data-testid=column] > p')).toEqual(['C3', 'C1', 'C2'])
  await expect(page.locator('[data-drop-indicator]')).toHaveCount(0)

  // Escape cancels a layer drag. (The move gave the column's elements new ids: their paths changed.)
  const moved = await editor.app.locator('[data-testid=column] > p').first().getAttribute('data-tempo-id')
  // The layers follow once the tree is rebuilt after the reload (300 ms after the page changed).
  await expect(editor.row(moved ?? '')).toHaveCount(1)
  await expect(page.locator('[role=treeitem]', { hasText: /^pC\d$/ })).toHaveCount(3)
  const again = await screenBox(editor.row(moved ?? ''))
  await page.mouse.move(again.cx, again.cy)
  await page.mouse.down()
  await page.mouse.move(again.cx, again.cy + 30, { steps: 4 })
  await expect(page.locator('[data-drop-indicator]')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(page.locator('[data-drop-indicator]')).toHaveCount(0)
  await page.mouse.up()

  await editor.undoButton.click()
  await expect.poll(() => changedSince(served.dir, start)).toEqual([])
})

test('an edit shows in the page before the server has answered, with a class the page did not have', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const start = snapshotSources(served.dir)
  const editor = await openEditor(page, served)
  const r2 = editor.app.getByText('R2', { exact: true })
  await editor.select(r2)
  // The server's answer is held: what the page shows meanwhile is the instant update alone.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/mutate/updateClasses', async (route) => {
    await held
    await route.continue()
  })
  const classes = editor.elementPanel.getByLabel('Classes')
  await classes.fill('h-12 w-24 bg-green-200 p-[13px]')
  await classes.press('Enter')
  // p-[13px] is in no stylesheet of the page yet: its CSS came from the project's Tailwind.
  await expect.poll(() => r2.evaluate((element) => getComputedStyle(element).paddingLeft)).toBe('13px')
  expect(readFileSync(path.join(served.dir, 'src/App.tsx'), 'utf8')).not.toContain('p-[13px]')
  release()
  await expect.poll(() => readFileSync(path.join(served.dir, 'src/App.tsx'), 'utf8')).toContain('p-[13px]')
  // After the reload the page's own CSS has it; the temporary rule and marks are gone.
  await expect(editor.app.locator('[data-tempo-instant]')).toHaveCount(0)
  await expect.poll(() => r2.evaluate((element) => getComputedStyle(element).paddingLeft)).toBe('13px')
  await page.unroute('**/mutate/updateClasses')
  await editor.undoButton.click()
  await expect.poll(() => changedSince(served.dir, start)).toEqual([])
  await expect.poll(() => r2.evaluate((element) => getComputedStyle(element).paddingLeft)).toBe('0px')
})
