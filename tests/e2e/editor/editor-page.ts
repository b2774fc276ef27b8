import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Frame, type FrameLocator, type Locator, type Page } from '@playwright/test'
import { type Overlay, overlaysIn, recordOverlayRoot } from '../inspector/outline-app.ts'
import type { CliProject } from '../projects/cli-project.ts'

/** The editor page as a user sees it: the toolbar, the layers, the app's frame, the element panel. */
export interface EditorPage {
  page: Page
  /** The app, inside the editor's frame. */
  app: FrameLocator
  /** The frame itself, for what the inspector draws in it. */
  frame: () => Promise<Frame>
  /** The layers row of an element, by its codebase id. */
  row: (codebaseId: string) => Locator
  elementPanel: Locator
  toasts: Locator
  undoButton: Locator
  /** What the inspector draws in the frame, of one kind ('primary', 'hover', ...). */
  overlays: (kind: string) => Promise<Overlay[]>
  /**
   * Clicks an element in the canvas and waits until the editor shows it selected (its layers row):
   * the selection reaches the editor as a message, so a key pressed at once could act on the last one.
   */
  select: (element: Locator) => Promise<void>
  /** Moves the keyboard focus into the app's frame (as a click on the app's own controls in drive mode does). */
  focusFrame: () => Promise<void>
}

/** Opens the editor of a project started by the CLI and waits until it shows the app's layers. */
export async function openEditor(page: Page, served: Pick<CliProject, 'editorUrl'>): Promise<EditorPage> {
  await recordOverlayRoot(page)
  await page.goto(served.editorUrl)
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({ timeout: 30_000 })
  // A fresh copy of a project has its dependencies optimized on the first load (and maybe reloaded).
  await expect(page.getByRole('treeitem').first()).toBeVisible({ timeout: 30_000 })
  const frame = async () => {
    const handle = await page.locator('iframe[title="The app"]').elementHandle()
    const content = await handle?.contentFrame()
    if (!content) throw new Error('the app frame has no document')
    return content
  }
  return {
    page,
    app: page.frameLocator('iframe[title="The app"]'),
    frame,
    row: (codebaseId) => page.locator(`[role=treeitem][data-codebase-id="${codebaseId}"]`),
    elementPanel: page.getByRole('region', { name: 'Element' }),
    toasts: page.getByRole('region', { name: /Notifications/ }),
    undoButton: page.getByRole('button', { name: 'Undo', exact: true }),
    overlays: async (kind) => overlaysIn(await frame(), kind),
    focusFrame: async () => {
      await (await frame()).evaluate(() => window.focus())
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME')
    },
    select: async (element) => {
      await element.click()
      const id = await element.getAttribute('data-tempo-id')
      await expect(page.locator(`[role=treeitem][data-codebase-id="${id}"]`)).toHaveAttribute(
        'aria-selected',
        'true',
      )
    },
  }
}

/** Every file of the project's src/ folder (path relative to the project -> bytes). */
export function snapshotSources(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>()
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      // The mutate server's temporary file of a write under way is not a source (and may be gone at once).
      if (/^\..*\.visual-edit-[a-z]+-[0-9a-f]+\.tmp$/.test(entry)) continue
      const full = path.join(folder, entry)
      if (statSync(full).isDirectory()) walk(full)
      else files.set(path.relative(dir, full), readFileSync(full))
    }
  }
  walk(path.join(dir, 'src'))
  return files
}

/** The files whose bytes differ from the snapshot (changed, added or removed). */
export function changedSince(dir: string, before: Map<string, Buffer>): string[] {
  const now = snapshotSources(dir)
  const names = new Set([...before.keys(), ...now.keys()])
  return [...names].filter(
    (name) => !before.get(name)?.equals(now.get(name) ?? Buffer.alloc(0)) || !now.has(name),
  )
}

/** The box of an element in the frame's viewport, rounded, to compare with the inspector's outlines. */
export async function boxOf(locator: Locator): Promise<number[]> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    return [rect.left, rect.top, rect.width, rect.height].map(Math.round)
  })
}

export const roundedBox = (overlay: Overlay) =>
  [overlay.left, overlay.top, overlay.width, overlay.height].map(Math.round)

/**
 * The editor's part at `selector` has no serious or critical axe violation (each listed by rule and
 * the elements it found, so a failure says where).
 */
export async function expectAccessible(page: Page, selector: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
}
