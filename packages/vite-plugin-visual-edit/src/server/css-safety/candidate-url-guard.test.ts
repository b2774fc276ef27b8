import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { MutateError } from '../edit/mutate-error.ts'
import { nodeFileSystem } from '../edit/source-file.ts'
import { assertSafeCandidateUrls } from './candidate-url-guard.ts'

// A project on disk: public/ with a listing's image, src/ with an asset and a link leading out.
const root = mkdtempSync(path.join(tmpdir(), 'visual-edit-candidate-url-'))
const outside = mkdtempSync(path.join(tmpdir(), 'visual-edit-candidate-outside-'))
for (const [file, text] of [
  ['public/images/listings/car-1.svg', '<svg/>'],
  ['src/assets/hero.png', 'png'],
  ['src/.env.local', 'SECRET=1'],
  ['vite.config.ts', 'export default {}'],
]) {
  mkdirSync(path.dirname(path.join(root, file as string)), { recursive: true })
  writeFileSync(path.join(root, file as string), text as string)
}
writeFileSync(path.join(outside, 'secret.txt'), 'secret')
symlinkSync(outside, path.join(root, 'src', 'link'))
symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'public', 'images', 'leak.svg'))
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
  rmSync(outside, { recursive: true, force: true })
})

const project = {
  fs: nodeFileSystem,
  root,
  sourceFolders: new Set(['src']),
  publicDir: path.join(root, 'public'),
}
const component = (className: string) =>
  `export function Card() {\n  return (\n    <div className="${className}">\n      <p>Hi</p>\n    </div>\n  )\n}\n`
const BEFORE = component('p-4')

/** Null when the guard lets `after` be written over `before`; else its message. */
async function refusal(after: string, before: string | null = BEFORE, file = 'src/Card.tsx') {
  try {
    await assertSafeCandidateUrls(project, {
      path: path.join(root, file),
      relativePath: file,
      before,
      after,
    })
    return null
  } catch (error) {
    if (!(error instanceof MutateError)) throw error
    expect(error.code).toBe('UNSAFE_CSS')
    expect(error.status).toBe(422)
    return error.message
  }
}

// Refused: each reaches (or may reach) a file outside the project, or one the project keeps to itself.
const REFUSED: [string, string, RegExp][] = [
  ['../ out of the project', 'bg-[url(../../../../etc/passwd)]', /leads outside the project/],
  ['a quoted root path', "bg-[url('/etc/passwd')]", /names no file in the public folder/],
  ['an unquoted root path', 'bg-[url(/etc/passwd)]', /names no file/],
  ['an arbitrary property', '[background-image:url(../../x)]', /leads outside/],
  ['percent-encoded ..', '[mask:url(%2e%2e/%2e%2e/x)]', /leads outside/],
  ['percent-encoded twice', 'bg-[url(%252e%252e/%252e%252e/x)]', /percent-encoding|leads outside/],
  ['malformed percent-encoding', 'bg-[url(%E0%A4%A/x)]', /malformed/],
  ['CSS-escaped ..', 'bg-[url(\\2e\\2e/\\2e\\2e/x)]', /leads outside/],
  ['upper-case URL(', 'bg-[URL(../../x)]', /leads outside/],
  ["Tailwind's _ spaces", "bg-[URL(_'/etc/passwd'_)]", /names no file/],
  ['_ inside the quotes', "bg-[url('_../../x_')]", /leads outside/],
  ['an escaped function name', 'bg-[u\\72l(../../x)]', /leads outside/],
  ['a file: URL', 'bg-[url(file:///etc/passwd)]', /file: URL/],
  ['a protocol-relative URL', 'bg-[url(//evil.example/x.png)]', /protocol-relative/],
  ["Vite's /@fs/", 'bg-[url(/@fs/etc/passwd)]', /names no file/],
  ['a root path through ..', 'bg-[url(/images/../../etc/passwd)]', /empty, \. or \.\. part/],
  ['a root path percent-encoded', 'bg-[url(/images/%2e%2e/x.svg)]', /escapes or percent-encoding/],
  ['a root path escaped', 'bg-[url(/images/\\2e\\2e/x.svg)]', /escapes or percent-encoding/],
  ['a root path with a backslash', 'bg-[url(/images\\\\..\\\\x)]', /escapes|backslash/],
  ['an encoded root path', 'bg-[url(%2fetc/passwd)]', /escapes or percent-encoding/],
  ['a root path to a dot-file', 'bg-[url(/src/.env.local)]', /dot-file/],
  ['a root path to a config at the root', 'bg-[url(/vite.config.ts)]', /names no file/],
  ['a public file linked outside', 'bg-[url(/images/leak.svg)]', /names no file/],
  ['a relative dot-file', 'bg-[url(./.env.local)]', /dot-file/],
  ['relative into node_modules', 'bg-[url(./node_modules/x/y.png)]', /node_modules/],
  ['relative through a link out', 'bg-[url(./link/secret.txt)]', /symbolic link/],
  ['.. back into src', 'bg-[url(../src/assets/hero.png)]', /climbs with \.\./],
  ['an alias', 'bg-[url(~/x.png)]', /alias/],
  ['a backslash path', 'bg-[url(..\\\\..\\\\x)]', /backslash/],
  [
    'image-set() string',
    "bg-[image-set('../../x.png'_1x)]",
    /image-set\('\.\.\/\.\.\/x\.png'\).*leads outside/,
  ],
  ['image-set() bare word', 'bg-[image-set(../../x.png_1x)]', /leads outside/],
  ['a var() fallback', 'bg-(--x,url(../../y))', /leads outside/],
  ['a CSS string', "content-['url(../../c)']", /leads outside/],
  ['a supports variant', 'supports-[background:url(../../s)]:flex', /leads outside/],
  ['an argument past the cap', `bg-[url(${'a/'.repeat(5000)}../../x)]`, /runs on past 8192 characters/],
]

// Written: what a project legitimately puts in a class.
const ALLOWED: [string, string][] = [
  ['a file in public/', 'bg-[url(/images/listings/car-1.svg)]'],
  ['a file in public/, quoted', "bg-[url('/images/listings/car-1.svg')]"],
  ['a file in a source folder, by root path', 'bg-[url(/src/assets/hero.png)]'],
  ['an https: URL', 'bg-[url(https://example.com/a.png)]'],
  ['an http: URL', "bg-[url('http://example.com/a.png')]"],
  ['a data: URL', 'bg-[url(data:image/svg+xml;utf8,<svg_xmlns=%27http://www.w3.org/2000/svg%27/>)]'],
  ['a #fragment', 'mask-[url(#shape)]'],
  [
    'a long data: URL',
    `bg-[url('data:image/svg+xml;utf8,<svg>${'<path_d=%27M0_0h1%27/>'.repeat(150)}</svg>')]`,
  ],
  ['relative inside src', 'bg-[url(./assets/hero.png)]'],
  ['relative inside src, no ./', 'bg-[url(assets/hero.png)]'],
  ['relative with a query', 'bg-[url(./assets/hero.png?v=2)]'],
  [
    'image-set() of files in src',
    "bg-[image-set('./assets/hero.png'_1x,url(/images/listings/car-1.svg)_2x)]",
  ],
  ['no url at all', 'flex gap-2 p-6 bg-[#fff] text-[color:var(--brand)]'],
]

describe('assertSafeCandidateUrls', () => {
  test.each(REFUSED)('refuses %s', async (_name, className, why) => {
    const message = await refusal(component(className))
    expect(message).toMatch(/^Unsafe CSS: src\/Card\.tsx was not written: line 3: /)
    expect(message).toMatch(why)
    expect(message).toMatch(/Tailwind turns it into CSS whose url\(\) the dev server resolves/)
    expect(message).not.toContain(outside)
  })

  test.each(ALLOWED)('writes %s', async (_name, className) => {
    expect(await refusal(component(className))).toBeNull()
  })

  test('the example of the docs, word for word', async () => {
    expect(await refusal(component('bg-[url(../../../etc/passwd)]'))).toBe(
      "Unsafe CSS: src/Card.tsx was not written: line 3: url(../../../etc/passwd) in a Tailwind class leads outside the project's source folders (src/): Tailwind turns it into CSS whose url() the dev server resolves and a build copies. Use a file in public/ (url(/images/x.png)), one inside src/, or an https: URL.",
    )
  })

  test("a project's own URLs never block an edit elsewhere in the file", async () => {
    const had = `${component('bg-[url(../../../../etc/passwd)]')}// url(/nowhere.png)\n`
    expect(await refusal(had.replace('<p>Hi</p>', '<p>Hello</p>'), had)).toBeNull()
    // Moved within the file, it is still the project's own.
    expect(
      await refusal(`// url(/nowhere.png)\n${component('p-4 bg-[url(../../../../etc/passwd)]')}`, had),
    ).toBeNull()
  })

  test('a second copy of a URL the file had is added, and refused', async () => {
    const had = component('bg-[url(../../x)]')
    expect(await refusal(had.replace('<p>Hi</p>', '<p className="bg-[url(../../x)]">Hi</p>'), had)).toMatch(
      /line 4: url\(\.\.\/\.\.\/x\)/,
    )
  })

  test('a created file (no text before) must pass whole', async () => {
    expect(await refusal(component('bg-[url(../../x)]'), null, 'src/New.tsx')).toMatch(
      /^Unsafe CSS: src\/New\.tsx was not written/,
    )
    expect(await refusal(component('bg-[url(./assets/hero.png)]'), null, 'src/New.tsx')).toBeNull()
  })

  test('the text of a file, a comment or a string counts as much as a className', async () => {
    expect(await refusal(BEFORE.replace('Hi', 'bg-[url(/etc/passwd)]'))).toMatch(/line 4: /)
    expect(await refusal(`${BEFORE}// [mask:url(../../x)]\n`)).toMatch(/line 8: /)
    expect(await refusal(`${BEFORE}export const hero = 'bg-[url(../../x)]'\n`)).toMatch(/line 8: /)
  })

  test("an inline style's url() is the browser's to fetch: Tailwind makes no CSS of it", async () => {
    const styled = BEFORE.replace('<p>', '<p style={{ backgroundImage: "url(../../../x.png)" }}>')
    expect(await refusal(styled)).toBeNull()
  })

  test('names at most three problems, and how many more', async () => {
    const message = await refusal(
      component('bg-[url(/a)] bg-[url(/b)] bg-[url(/c)] bg-[url(/d)] bg-[url(/e)]'),
    )
    expect(message).toMatch(/url\(\/c\)[^;]*\(and 2 more\)/)
  })

  test('a long URL is shown cut', async () => {
    const long = `../../${'a'.repeat(200)}/canary-secret.txt`
    const message = await refusal(component(`bg-[url(${long})]`))
    expect(message).toContain(`url(${long.slice(0, 37)}...)`)
    expect(message).not.toContain('canary-secret')
  })

  test('stylesheets are left to assertSafeStylesheet', async () => {
    expect(await refusal('.a { background: url(../assets/x.png) }', null, 'src/styles/app.css')).toBeNull()
  })

  test('without a public folder, the fix names none', async () => {
    await expect(
      assertSafeCandidateUrls(
        { ...project, publicDir: null },
        {
          path: path.join(root, 'src/Card.tsx'),
          relativePath: 'src/Card.tsx',
          before: BEFORE,
          after: component('bg-[url(/images/listings/car-1.svg)]'),
        },
      ),
    ).rejects.toThrow(/Use one inside src\/, or an https: URL\.$/)
  })
})
