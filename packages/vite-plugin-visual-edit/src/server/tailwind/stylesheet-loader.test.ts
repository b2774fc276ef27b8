import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { MutateError } from '../edit/mutate-error.ts'
import { tailwindEngine } from './tailwind-engine.ts'

/**
 * The Tailwind engine compiles the project's stylesheet in the dev server (class-css, Tailwind edits).
 * A path its stylesheet names (`@plugin`, `@config`, `@import`) must lead inside the project: what is
 * outside is neither run nor read, and the refusal (422) names it without showing what it holds.
 */
const folder = mkdtempSync(path.join(tmpdir(), 'visual-edit-loader-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const SECRET = 'OUTSIDE-SECRET-0123456789abcdef'
writeFileSync(path.join(folder, 'outside.css'), `${SECRET}\n`)
const marker = path.join(folder, 'outside-ran')
writeFileSync(
  path.join(folder, 'outside-plugin.mjs'),
  `import { writeFileSync } from 'node:fs'\nwriteFileSync(${JSON.stringify(marker)}, 'ran')\nexport default function plugin() {}\n`,
)

let count = 0
function project(css: string, files: Record<string, string> = {}): string {
  count += 1
  const root = path.join(folder, `project-${count}`)
  for (const [name, text] of Object.entries({ 'src/index.css': css, ...files })) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
    writeFileSync(path.join(root, name), text)
  }
  return root
}

async function refusal(root: string): Promise<MutateError> {
  const error = await tailwindEngine(root).then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(MutateError)
  return error as MutateError
}

describe("the Tailwind engine's stylesheet loader", () => {
  test.each([
    ['@plugin', '@plugin "../../outside-plugin.mjs";'],
    ['@config', '@config "../../outside-plugin.mjs";'],
    ['@plugin by absolute path', `@plugin ${JSON.stringify(path.join(folder, 'outside-plugin.mjs'))};`],
  ])('refuses to load a module outside the project (%s), and never runs it', async (_name, line) => {
    const error = await refusal(project(`@import "tailwindcss";\n${line}\n`))
    expect(error.status).toBe(422)
    expect(error.message).toMatch(
      /Tailwind could not load src\/index\.css: @(plugin|config) .* leads outside the project/,
    )
    expect(existsSync(marker)).toBe(false)
  })

  test('refuses to read a stylesheet outside the project, and does not show it', async () => {
    const error = await refusal(project('@import "tailwindcss";\n@import "../../outside.css";\n'))
    expect(error.status).toBe(422)
    expect(error.message).toMatch(/the stylesheet "..\/..\/outside.css" leads outside the project/)
    expect(error.message).not.toContain(SECRET)
  })

  test("loads the project's own plugin and stylesheets", async () => {
    const root = project('@import "tailwindcss";\n@import "./theme.css";\n@plugin "./plugin.mjs";\n', {
      'src/theme.css': '@theme {\n  --color-brand: #123456;\n}\n',
      'src/plugin.mjs':
        "export default function ({ addUtilities }) { addUtilities({ '.own-plugin': { color: 'red' } }) }\n",
    })
    const engine = await tailwindEngine(root)
    expect(engine.invalid(['bg-brand', 'own-plugin', 'nope-nope'])).toEqual(['nope-nope'])
  })
})
