import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { projectUsesTailwind } from './project-uses-tailwind.ts'

const REPO = path.resolve(import.meta.dirname, '../../../../..')
const PROJECTS = path.join(REPO, 'tests/fixtures/projects')

describe('projectUsesTailwind', () => {
  const made: string[] = []
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  test.each([
    ['vite5-tailwind3', true],
    ['vite6-tailwind40-vite', true],
    ['vite7-tailwind41', true],
    ['vite8-tailwind4', true],
    // The repository's tailwindcss resolves from it, but it names none and takes none in.
    ['vite8-plain-css', false],
  ])('%s: %s', async (name, expected) => {
    expect(await projectUsesTailwind(path.join(PROJECTS, name))).toBe(expected)
  })

  test('the marketplace (it names tailwindcss)', async () => {
    expect(await projectUsesTailwind(path.join(REPO, 'examples/marketplace'))).toBe(true)
  })

  test('a project that names no Tailwind package but has a Tailwind 3 config, or a stylesheet taking it in', async () => {
    const dir = mkdtempSync(path.join(PROJECTS, 'vite8-plain-css', '.uses-tailwind-'))
    made.push(dir)
    writeFileSync(path.join(dir, 'package.json'), '{ "name": "plain" }')
    expect(await projectUsesTailwind(dir)).toBe(false)
    writeFileSync(path.join(dir, 'tailwind.config.js'), 'export default {}')
    expect(await projectUsesTailwind(dir)).toBe(true)
    rmSync(path.join(dir, 'tailwind.config.js'))
    mkdirSync(path.join(dir, 'src'))
    writeFileSync(path.join(dir, 'src', 'app.css'), '.card { padding: 4px; }\n')
    expect(await projectUsesTailwind(dir)).toBe(false)
    writeFileSync(path.join(dir, 'src', 'index.css'), '@import "tailwindcss";\n')
    expect(await projectUsesTailwind(dir)).toBe(true)
  })
})
