import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/** What can draw focus: the outline, and box-shadows (rings) on the element and on its ::after. */
const focusStyles = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element)
    return {
      focusVisible: element.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
      shadow: style.boxShadow,
      afterShadow: getComputedStyle(element, '::after').boxShadow,
    }
  })

test('tabbing through a listing card shows where the focus is at each stop', async ({ page }) => {
  await page.goto('/search')
  const card = page.getByTestId('listing-card').first()
  const stops = [
    card.getByRole('button', { name: 'Save to favourites' }),
    card.getByRole('heading').getByRole('link'),
    card.getByRole('link', { name: 'View Details' }),
  ]
  const unfocused = await Promise.all(stops.map(focusStyles))

  await stops[0]?.focus()
  await page.keyboard.press('Shift+Tab')
  for (const [index, stop] of stops.entries()) {
    await page.keyboard.press('Tab')
    await expect(stop).toBeFocused()
    const focused = await focusStyles(stop)
    const name = await stop.innerText().catch(() => '')
    expect(focused.focusVisible, name).toBe(true)
    const drawn =
      focused.outline ||
      focused.shadow !== unfocused[index]?.shadow ||
      focused.afterShadow !== unfocused[index]?.afterShadow
    expect(drawn, `focus on '${name || (await stop.getAttribute('aria-label'))}' is drawn`).toBe(true)
  }
})

test("the title link's ring goes round the whole card", async ({ page }) => {
  await page.goto('/search')
  const card = page.getByTestId('listing-card').first()
  await card.getByRole('button', { name: 'Save to favourites' }).focus()
  await page.keyboard.press('Tab')
  const ring = await card
    .getByRole('heading')
    .getByRole('link')
    .evaluate((link) => {
      const after = getComputedStyle(link, '::after')
      return {
        inset: [after.position, after.top, after.right, after.bottom, after.left].join(' '),
        boxShadow: after.boxShadow,
      }
    })
  // Stretched over the card (the article is its containing block) and drawn inside its edge, which
  // the card's overflow: hidden would otherwise cut off.
  expect(ring.inset).toBe('absolute 0px 0px 0px 0px')
  expect(ring.boxShadow).toMatch(/ 0px 0px 0px [1-9][\d.]*px inset/)
})
