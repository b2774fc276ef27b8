import { expect, test } from '@playwright/test'
import {
  DIMENSION_BADGE,
  OUTLINE_COLORS,
  OUTLINE_THICKNESS_PX,
  Z_INDEX,
} from '../../../packages/vite-plugin-visual-edit/src/runtime/core/constants.ts'
import { connectEditor, expectSameRect, restyle, serveOutlineApp } from './outline-app.ts'

serveOutlineApp({ width: 1000, height: 700 })

test('the overlay host is one element outside the body, closed to the page, invisible to pointers', async ({
  page,
}) => {
  await connectEditor(page)
  const host = await page.evaluate(() => {
    const hosts = document.querySelectorAll('[data-visual-edit-overlay]')
    const element = hosts[0] as HTMLElement
    return {
      count: hosts.length,
      parent: element.parentElement?.localName,
      shadowRoot: element.shadowRoot,
      pointerEvents: getComputedStyle(element).pointerEvents,
    }
  })
  expect(host).toEqual({ count: 1, parent: 'html', shadowRoot: null, pointerEvents: 'none' })
})

for (const percent of [50, 100, 200]) {
  test(`outlines match the elements' rects at zoom ${percent}%, with thickness and badges scaled`, async ({
    page,
  }) => {
    const editor = await connectEditor(page)
    const zoom = percent / 100
    await editor.call('setZoomPerc', percent)
    // Scrolled, so page coordinates and viewport coordinates differ.
    await page.evaluate(() => window.scrollTo(0, 15))
    await page.click('#card-1', { position: { x: 5, y: 5 } })

    await expect.poll(async () => (await editor.overlays('primary')).length).toBe(1)
    const [primary] = await editor.overlays('primary')
    expectSameRect(primary, await editor.rect('#card-1'))
    expect(primary?.thickness).toBe(`${OUTLINE_THICKNESS_PX.PRIMARY / zoom}px`)
    // Drawn with an inset shadow: fractional widths are not snapped like borders.
    expect(primary?.boxShadow).toContain(`${OUTLINE_THICKNESS_PX.PRIMARY / zoom}px inset`)
    expect(primary?.zIndex).toBe(String(Z_INDEX.PRIMARY))

    // The other cards rendered by the same JSX element.
    const secondary = await editor.overlays('secondary')
    expect(secondary).toHaveLength(2)
    expectSameRect(secondary[0], await editor.rect('#card-2'))
    expectSameRect(secondary[1], await editor.rect('#card-3'))
    expect(secondary[0]?.thickness).toBe(`${OUTLINE_THICKNESS_PX.SECONDARY / zoom}px`)
    expect(secondary[0]?.zIndex).toBe(String(Z_INDEX.SECONDARY))

    const [child] = await editor.overlays('child')
    expectSameRect(child, await editor.rect('#card-1-label'))
    expect(child?.thickness).toBe(`${OUTLINE_THICKNESS_PX.CHILD / zoom}px`)
    expect(child?.zIndex).toBe(String(Z_INDEX.CHILD))

    const card = await editor.rect('#card-1')
    const [size] = await editor.overlays('size-badge')
    expect(size?.text).toBe(`${Math.round(card.width)} × ${Math.round(card.height)}`)
    expect(size?.height).toBeCloseTo(DIMENSION_BADGE.HEIGHT_PX / zoom, 1)
    expect(size?.fontSize).toBe(`${DIMENSION_BADGE.FONT_PX / zoom}px`)
    expect(size?.top).toBeCloseTo(card.top + card.height, 1)
    expect((size?.left ?? 0) + (size?.width ?? 0) / 2).toBeCloseTo(card.left + card.width / 2, 0)
    expect(size?.zIndex).toBe(String(Z_INDEX.OUTLINE))
    const [name] = await editor.overlays('name-badge')
    expect(name?.text).toBe('div')
    expect(name?.height).toBeCloseTo(DIMENSION_BADGE.HEIGHT_PX / zoom, 1)

    // Scrolling moves the outlines with the page; a scrolled-in element stays covered.
    await page.evaluate(() => window.scrollTo(0, 400))
    await page.click('#bottom', { position: { x: 5, y: 5 } })
    await expect
      .poll(async () => (await editor.overlays('primary'))[0]?.top)
      .toBeCloseTo((await editor.rect('#bottom')).top, 1)
    expectSameRect((await editor.overlays('primary'))[0], await editor.rect('#bottom'))
  })
}

test('hover outline, AI colours and the drawn colour', async ({ page }) => {
  const editor = await connectEditor(page)
  await page.hover('#odd-card')
  await expect.poll(async () => (await editor.overlays('hover')).length).toBe(1)
  expectSameRect((await editor.overlays('hover'))[0], await editor.rect('#odd-card'))
  const rgb = (hex: string) =>
    `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`
  expect((await editor.overlays('hover'))[0]?.boxShadow).toContain(rgb(OUTLINE_COLORS.PRIMARY))
  await editor.call('setAiContext', true)
  await expect
    .poll(async () => (await editor.overlays('hover'))[0]?.boxShadow)
    .toContain(rgb(OUTLINE_COLORS.AI_PRIMARY))

  // The pointer leaves the page: no hover.
  await page.mouse.move(5, 5)
  await page.mouse.move(-10, -10)
  await page.evaluate(() =>
    document.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, relatedTarget: null })),
  )
  await expect.poll(async () => (await editor.overlays('hover')).length).toBe(0)
})

test('the hover outline follows a :hover transition that lifts the element after the pointer stopped', async ({
  page,
}) => {
  const editor = await connectEditor(page)
  await restyle(
    page,
    '#odd-card { transition: transform 300ms linear } #odd-card:hover { transform: translateY(-24px) }',
  )
  const resting = await editor.rect('#odd-card')
  await page.hover('#odd-card', { position: { x: 10, y: 40 } })
  await expect.poll(async () => (await editor.overlays('hover')).length).toBe(1)
  // Drawn as the transition began (the hover's own style change starts it), where the card rested;
  // the pointer does not move again.
  await page.waitForTimeout(350)
  const lifted = await editor.rect('#odd-card')
  expect(lifted.top).toBeCloseTo(resting.top - 24, 1)
  await expect.poll(async () => (await editor.overlays('hover'))[0]?.top).toBeCloseTo(lifted.top, 1)
  expectSameRect((await editor.overlays('hover'))[0], lifted)
})

test('updateOutlines redraws after the page moved an element without a mutation the tree waits for', async ({
  page,
}) => {
  const editor = await connectEditor(page)
  await page.click('#odd-card')
  await expect.poll(async () => (await editor.overlays('primary')).length).toBe(1)
  await page.evaluate(() => {
    document.body.style.paddingTop = '60px'
  })
  await editor.call('updateOutlines')
  expectSameRect((await editor.overlays('primary'))[0], await editor.rect('#odd-card'))
})

test('the selection follows layout that moves without a mutation, scroll or resize (a stylesheet changed)', async ({
  page,
}) => {
  const editor = await connectEditor(page)
  await page.click('#odd-card')
  await expect.poll(async () => (await editor.overlays('primary')).length).toBe(1)
  const before = await editor.rect('#odd-card')
  // Constructed stylesheets: no DOM mutation for the tree's observer, no event for the outlines.
  await restyle(page, 'body { padding-top: 60px }')
  const moved = await editor.rect('#odd-card')
  expect(moved.top).toBeGreaterThan(before.top + 10)
  await expect.poll(async () => (await editor.overlays('primary'))[0]?.top).toBeCloseTo(moved.top, 1)
  expectSameRect((await editor.overlays('primary'))[0], moved)

  // The element itself grows; the page around it does not.
  await restyle(page, '#odd-card { min-width: 333px }')
  const grown = await editor.rect('#odd-card')
  expect(grown.width).toBeCloseTo(333, 0)
  await expect.poll(async () => (await editor.overlays('primary'))[0]?.width).toBeCloseTo(grown.width, 1)
  expectSameRect((await editor.overlays('primary'))[0], grown)
  const [size] = await editor.overlays('size-badge')
  expect(size?.text).toBe(`${Math.round(grown.width)} × ${Math.round(grown.height)}`)
})

test('the selection follows a sibling that moves it inside an ancestor of fixed size, and a transform', async ({
  page,
}) => {
  const editor = await connectEditor(page)
  await page.click('#odd-card')
  await expect.poll(async () => (await editor.overlays('primary')).length).toBe(1)
  const sizes = () =>
    page.evaluate(() =>
      ['#cards', 'main', '#root', 'body'].map((selector) => {
        const { width, height } = (document.querySelector(selector) as Element).getBoundingClientRect()
        return { width, height }
      }),
    )
  const around = await sizes()
  const before = await editor.rect('#odd-card')

  // A card before it grows: the odd card moves right, and no ancestor of it changes size.
  await restyle(page, '#card-1 { width: 230px }')
  const moved = await editor.rect('#odd-card')
  expect(moved.left).toBeCloseTo(before.left + 80, 1)
  expect(await sizes()).toEqual(around)
  await expect.poll(async () => (await editor.overlays('primary'))[0]?.left).toBeCloseTo(moved.left, 1)
  expectSameRect((await editor.overlays('primary'))[0], moved)

  // A transform moves it and changes no layout size at all.
  await restyle(page, '#odd-card { transform: translate(12px, 30px) }')
  const translated = await editor.rect('#odd-card')
  expect(translated.top).toBeCloseTo(moved.top + 30, 1)
  await expect.poll(async () => (await editor.overlays('primary'))[0]?.top).toBeCloseTo(translated.top, 1)
  expectSameRect((await editor.overlays('primary'))[0], translated)
  const [name] = await editor.overlays('name-badge')
  expect(name?.left).toBeCloseTo(translated.left, 1)

  // Scrolled out of view and moved there, then back: drawn where it is.
  await page.evaluate(() => window.scrollTo(0, 1000))
  await restyle(page, '#odd-card { transform: translate(40px, 30px) }')
  await page.evaluate(() => window.scrollTo(0, 0))
  const back = await editor.rect('#odd-card')
  expect(back.left).toBeCloseTo(translated.left + 28, 1)
  await expect.poll(async () => (await editor.overlays('primary'))[0]?.left).toBeCloseTo(back.left, 1)
  expectSameRect((await editor.overlays('primary'))[0], back)
})

test('the dashed outline of a child and the secondary outline of another instance follow transforms too', async ({
  page,
}) => {
  const editor = await connectEditor(page)
  await page.click('#card-1', { position: { x: 4, y: 4 } })
  await expect.poll(async () => (await editor.overlays('secondary')).length).toBe(2)
  await expect.poll(async () => (await editor.overlays('child')).length).toBe(1)
  const selected = await editor.rect('#card-1')

  // The child moves inside the selected card, which neither moves nor changes size.
  await restyle(page, '#card-1-label { display: inline-block; transform: translate(20px, 25px) }')
  const label = await editor.rect('#card-1-label')
  await expect.poll(async () => (await editor.overlays('child'))[0]?.top).toBeCloseTo(label.top, 1)
  expectSameRect((await editor.overlays('child'))[0], label)
  expectSameRect((await editor.overlays('primary'))[0], selected)

  // Another card with the selected one's codebase id moves.
  await restyle(page, '#card-3 { transform: translateY(40px) }')
  const third = await editor.rect('#card-3')
  const secondaryAt = async (left: number) =>
    (await editor.overlays('secondary')).find((overlay) => Math.abs(overlay.left - left) < 0.5)
  await expect.poll(async () => (await secondaryAt(third.left))?.top).toBeCloseTo(third.top, 1)
  expectSameRect(await secondaryAt(third.left), third)
})
