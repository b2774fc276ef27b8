import { expect, test } from '@playwright/test'
import type { ElementKey } from '../../../packages/vite-plugin-visual-edit/src/protocol/element-key.ts'
import { OutboundEvent } from '../../../packages/vite-plugin-visual-edit/src/protocol/messages.ts'
import { connectEditor, selectedKey, serveOutlineApp } from './outline-app.ts'

serveOutlineApp()

const CARD_ID = 'tempo-0a000000-0000-4000-8000-000000000004'

test('in edit mode a click selects the element and never reaches the app', async ({ page }) => {
  const editor = await connectEditor(page)
  await page.click('#counter')
  await page.click('#link')
  await expect.poll(async () => (await editor.events(OutboundEvent.SELECTED_ELEMENT_KEY)).length).toBe(2)
  await expect(page.locator('#counter')).toHaveText('clicked 0')
  expect(new URL(page.url()).hash).toBe('')

  const [counter, link] = await editor.events(OutboundEvent.SELECTED_ELEMENT_KEY)
  expect(counter?.payload).toMatchObject({
    elementKey: { codebaseId: 'tempo-0a000000-0000-4000-8000-000000000009', storyboardId: 'app' },
    outerHTML: expect.stringContaining('id="counter"'),
  })
  expect(selectedKey(link)?.codebaseId).toBe('tempo-0a000000-0000-4000-8000-00000000000a')
})

test('hover is sent when it changes, not on every move', async ({ page }) => {
  const editor = await connectEditor(page)
  const box = await editor.rect('#card-2')
  for (let step = 0; step < 8; step++) await page.mouse.move(box.left + 10 + step * 10, box.top + 40)
  await page.waitForTimeout(100)
  const hovers = await editor.events(OutboundEvent.HOVERED_ELEMENT_KEY)
  expect(hovers.map((event) => (event.payload as ElementKey | null)?.codebaseId)).toEqual([CARD_ID])
  expect((await editor.events(OutboundEvent.MOUSE_MOVE)).length).toBeGreaterThan(0)

  await page.hover('#cousin')
  await expect.poll(async () => (await editor.events(OutboundEvent.HOVERED_ELEMENT_KEY)).length).toBe(2)
})

test('shift-click adds and removes siblings only; the multi-selection shows one box with the count', async ({
  page,
}) => {
  const editor = await connectEditor(page)
  await page.click('#card-1')
  await page.click('#card-2', { modifiers: ['Shift'] })
  await page.click('#odd-card', { modifiers: ['Shift'] })
  await expect
    .poll(async () => (await editor.events(OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS)).length)
    .toBe(2)
  const multi = await editor.events(OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS)
  expect(multi[1]?.payload as ElementKey[]).toHaveLength(3)

  // Not siblings of the cards: a paragraph in the aside, and the cards' own parent.
  await page.click('#cousin', { modifiers: ['Shift'] })
  await page.click('#cards', { modifiers: ['Shift'], position: { x: 2, y: 2 } })
  await page.waitForTimeout(100)
  expect(await editor.events(OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS)).toHaveLength(2)

  const [box] = await editor.overlays('multi')
  const first = await editor.rect('#card-1')
  const last = await editor.rect('#odd-card')
  expect(box?.left).toBeCloseTo(first.left, 1)
  expect(box?.top).toBeCloseTo(first.top, 1)
  expect(box?.width).toBeCloseTo(last.left + last.width - first.left, 1)
  expect(box?.height).toBeCloseTo(first.height, 1)
  expect((await editor.overlays('count-badge'))[0]?.text).toBe('3 elements')
  expect(await editor.overlays('primary')).toHaveLength(3)

  // Removing down to one element makes a single selection again.
  await page.click('#card-2', { modifiers: ['Shift'] })
  await page.click('#card-1', { modifiers: ['Shift'] })
  await expect
    .poll(async () => (await editor.events(OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS)).length)
    .toBe(4)
  expect((await editor.events(OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS)).at(-1)?.payload).toEqual([])
  const selected = await editor.events(OutboundEvent.SELECTED_ELEMENT_KEY)
  expect(selectedKey(selected.at(-1))?.codebaseId).toBe('tempo-0a000000-0000-4000-8000-000000000006')
  await expect.poll(async () => (await editor.overlays('multi')).length).toBe(0)
  expect(await editor.overlays('size-badge')).toHaveLength(1)
})

test('drive mode: no outlines, no hover or selection, clicks reach the app; it survives a reload', async ({
  page,
}) => {
  let editor = await connectEditor(page)
  await page.click('#card-1')
  await expect.poll(async () => (await editor.overlays('primary')).length).toBe(1)

  expect(await editor.call('enableDriveMode')).toBe(true)
  await expect.poll(async () => (await editor.overlays()).length).toBe(0)
  expect(await page.evaluate(() => sessionStorage.getItem('visual-edit:app:driveMode'))).toBe('true')
  await editor.clearEvents()

  await page.click('#counter')
  await page.hover('#odd-card')
  await expect(page.locator('#counter')).toHaveText('clicked 1')
  await page.waitForTimeout(100)
  expect(await editor.events(OutboundEvent.SELECTED_ELEMENT_KEY)).toEqual([])
  expect(await editor.events(OutboundEvent.HOVERED_ELEMENT_KEY)).toEqual([])
  expect(await editor.overlays()).toEqual([])
  await page.click('#link')
  await expect(page).toHaveURL(/#followed$/)

  // Same session, new page: the editor reconnects and the page is still in drive mode.
  await page.reload()
  editor = await connectEditor(page)
  await page.click('#counter')
  await expect(page.locator('#counter')).toHaveText('clicked 1')
  await page.hover('#odd-card')
  await page.waitForTimeout(100)
  expect(await editor.overlays()).toEqual([])

  expect(await editor.call('disableDriveMode')).toBe(false)
  await page.click('#counter')
  await expect.poll(async () => (await editor.events(OutboundEvent.SELECTED_ELEMENT_KEY)).length).toBe(1)
  await expect(page.locator('#counter')).toHaveText('clicked 1')
  await expect.poll(async () => (await editor.overlays('primary')).length).toBe(1)
})

test('synthetic pointer input from the editor hovers and selects like real input', async ({ page }) => {
  const editor = await connectEditor(page)
  const card = await editor.rect('#card-3')
  const point = { clientX: card.left + 20, clientY: card.top + 20 }
  const hovered = await editor.call<ElementKey>('syntheticMouseOver', point)
  expect(hovered.codebaseId).toBe(CARD_ID)
  await expect.poll(async () => (await editor.overlays('hover')).length).toBe(1)
  await editor.call('syntheticMouseUp', point)
  await expect.poll(async () => (await editor.events(OutboundEvent.SELECTED_ELEMENT_KEY)).length).toBe(1)
  const other = await editor.rect('#card-2')
  await editor.call('syntheticMouseUp', { clientX: other.left + 5, clientY: other.top + 5, shiftKey: true })
  await expect
    .poll(async () => (await editor.events(OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS)).length)
    .toBe(1)
  await expect(page.locator('#counter')).toHaveText('clicked 0')
})

test('updateCodebaseIds keeps the selection on the element after the server renamed its id', async ({
  page,
}) => {
  const editor = await connectEditor(page)
  await page.click('#odd-card')
  await expect.poll(async () => (await editor.events(OutboundEvent.SELECTED_ELEMENT_KEY)).length).toBe(1)
  const renamed = 'tempo-0a000000-0000-4000-8000-0000000000ff'
  const result = await editor.call<{ selected: ElementKey }>('updateCodebaseIds', {
    'tempo-0a000000-0000-4000-8000-000000000006': renamed,
  })
  expect(result.selected.codebaseId).toBe(renamed)
  // The hot update: the element now carries its new id, and moved to the front of its parent.
  await page.evaluate((id) => {
    const card = document.getElementById('odd-card') as HTMLElement
    card.setAttribute('data-tempo-id', id)
    card.parentElement?.prepend(card)
  }, renamed)
  await expect
    .poll(async () => (await editor.events(OutboundEvent.SELECTED_ELEMENT_KEY)).length, { timeout: 3000 })
    .toBe(2)
  const last = selectedKey((await editor.events(OutboundEvent.SELECTED_ELEMENT_KEY)).at(-1))
  expect(last).toMatchObject({ codebaseId: renamed })
  const [primary] = await editor.overlays('primary')
  const rect = await editor.rect('#odd-card')
  expect(primary?.left).toBeCloseTo(rect.left, 1)
})
