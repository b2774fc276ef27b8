import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/** The page's serious and critical axe violations inside `selector` (main by default) are none. */
export async function expectAxeClean(page: Page, selector = 'main'): Promise<void> {
  const result = await new AxeBuilder({ page }).include(selector).analyze()
  expect(
    result.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
  ).toEqual([])
}
