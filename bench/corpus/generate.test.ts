import { describe, expect, test } from 'vitest'
import { parseModule } from '../../packages/vite-plugin-visual-edit/src/transform/parse-module.ts'
import { tagJsx } from '../../packages/vite-plugin-visual-edit/src/transform/tag-jsx.ts'
import { generateCorpus } from './generate.ts'

describe('benchmark corpus', () => {
  const files = generateCorpus(240)

  test('is at least 200 distinct, deterministic .tsx modules that parse', () => {
    expect(files.length).toBeGreaterThanOrEqual(200)
    expect(new Set(files.map((file) => file.code)).size).toBe(files.length)
    expect(generateCorpus(240)).toEqual(files)
    for (const file of files) expect(() => parseModule(file.code, file.name)).not.toThrow()
  })

  test('spans small to large components with the constructs the tagger must handle', () => {
    const counts = files.map(
      (file) => tagJsx(file.code, { filename: `/c/${file.name}`, root: '/c' }).elements.length,
    )
    expect(Math.min(...counts)).toBeLessThan(30)
    expect(Math.max(...counts)).toBeGreaterThan(300)
    const all = files.map((file) => file.code).join('\n')
    for (const construct of [
      '.map((item) => (',
      ' ? (',
      ' && (',
      '<>',
      'className={cn(',
      'className={`',
      'style={{',
      '{/*',
      'icon={<Icon',
      '<Tabs.',
    ]) {
      expect(all).toContain(construct)
    }
  })
})
