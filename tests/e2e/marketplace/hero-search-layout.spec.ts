import { expect, test } from './fixtures.ts'

for (const width of [390, 800, 1280]) {
  test(`hero search at ${width}px: every option fits its select, all controls are one height`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    const form = page.locator('form').filter({ has: page.getByLabel('Search listings') })
    const controls = [
      form.getByLabel('Search listings'),
      form.getByLabel('Category'),
      form.getByLabel('Location'),
      form.getByRole('button', { name: 'Search', exact: true }),
    ]
    const boxes = await Promise.all(controls.map(async (control) => (await control.boundingBox())?.height))
    for (const height of boxes) expect(height).toBe(boxes[0])

    for (const select of [form.getByLabel('Category'), form.getByLabel('Location')]) {
      // The browser's own width for this select showing its longest option in full: a copy of it at
      // `width: max-content`, beside it so it gets the same font and padding.
      const { shown, needed } = await select.evaluate((element) => {
        const copy = element.cloneNode(true) as HTMLSelectElement
        copy.style.cssText = 'position: absolute; visibility: hidden; width: max-content'
        element.after(copy)
        const sizes = {
          shown: element.getBoundingClientRect().width,
          needed: copy.getBoundingClientRect().width,
        }
        copy.remove()
        return sizes
      })
      expect(shown, (await select.getAttribute('aria-label')) ?? '').toBeGreaterThanOrEqual(needed)
    }

    // Nothing spills out of the form's white card.
    const card = await form.boundingBox()
    for (const control of controls) {
      const box = await control.boundingBox()
      expect(box && card && box.x >= card.x && box.x + box.width <= card.x + card.width).toBe(true)
    }
  })
}

test('from 1024px the hero search is one row', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  const tops = await Promise.all(
    [
      page.getByLabel('Search listings'),
      page.getByLabel('Category'),
      page.getByLabel('Location'),
      page.getByRole('button', { name: 'Search', exact: true }),
    ].map(async (control) => (await control.boundingBox())?.y),
  )
  expect(new Set(tops).size).toBe(1)
})
