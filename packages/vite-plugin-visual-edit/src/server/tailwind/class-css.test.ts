import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { classCss, withThemeFallbacks } from './class-css.ts'

// Outside the repository, so no tailwindcss resolves from it.
const plain = mkdtempSync(path.join(tmpdir(), 'visual-edit-class-css-'))
writeFileSync(path.join(plain, 'package.json'), '{"name":"plain"}\n')
afterAll(() => rmSync(plain, { recursive: true, force: true }))

describe('class css', () => {
  test('theme variables get their value as the fallback, nested ones too; others stay', () => {
    const theme = (name: string) =>
      ({ '--spacing': '0.25rem', '--font-sans': 'var(--font-ui)', '--font-ui': 'Inter' })[name] ?? null
    expect(
      withThemeFallbacks(
        'padding: calc(var(--spacing) * 4); font-family: var(--font-sans); color: var(--tw-x); margin: var(--spacing, 2px)',
        theme,
      ),
    ).toBe(
      'padding: calc(var(--spacing, 0.25rem) * 4); font-family: var(--font-sans, var(--font-ui, Inter)); color: var(--tw-x); margin: var(--spacing, 2px)',
    )
  })

  test('a project without tailwindcss answers null for every class', async () => {
    expect(await classCss(plain, ['p-4', 'card'])).toEqual({ css: { 'p-4': null, card: null } })
  })
})
