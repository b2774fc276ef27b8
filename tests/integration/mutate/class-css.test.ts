import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  CLASS_CSS_PATH,
  type ClassCssResponse,
  MAX_CLASS_CSS_CLASSES,
  MAX_CLASS_NAME_LENGTH,
} from '../../../packages/vite-plugin-visual-edit/src/protocol/class-css.ts'
import { type MutateTestServer, startMutateServer } from '../../helpers/mutate-server.ts'

let app: MutateTestServer
beforeAll(async () => {
  app = await startMutateServer()
})
afterAll(() => app.close())

const ask = (classes: unknown, headers = {}) => app.post(CLASS_CSS_PATH, { classes }, headers)

describe('the class-css endpoint', () => {
  test("answers each class's CSS from the project's Tailwind, theme values as fallbacks; null for unknown ones", async () => {
    const response = await ask(['p-[13px]', 'md:p-4', 'hover:bg-red-500', 'not-a-class'])
    expect(response.status, response.body).toBe(200)
    const { css } = response.json() as ClassCssResponse
    expect(Object.keys(css)).toEqual(['p-[13px]', 'md:p-4', 'hover:bg-red-500', 'not-a-class'])
    expect(css['p-[13px]']).toBe('.p-\\[13px\\] {\n  padding: 13px;\n}\n')
    expect(css['md:p-4']).toContain('@media (width >= 48rem)')
    expect(css['md:p-4']).toContain('.md\\:p-4 {')
    expect(css['md:p-4']).toContain('padding: calc(var(--spacing, 0.25rem) * 4);')
    expect(css['hover:bg-red-500']).toMatch(
      /\.hover\\:bg-red-500:hover \{\n\s+background-color: var\(--color-red-500, oklch\([^)]+\)\);/,
    )
    expect(css['not-a-class']).toBeNull()
  })

  test.each([
    ['no token', { 'x-visual-edit-token': '' }, 403, 'FORBIDDEN_TOKEN'],
    ['another origin', { origin: 'http://localhost:3999' }, 403, 'FORBIDDEN_ORIGIN'],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }, 403, 'FORBIDDEN_ORIGIN'],
    ['a spoofed Host', { host: 'evil.example' }, 403, 'FORBIDDEN_HOST'],
    ['another content type', { 'content-type': 'text/plain' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ])('refuses %s, like the lookups', async (_what, headers, status, code) => {
    const response = await ask(['p-4'], headers)
    expect(response.status).toBe(status)
    expect(response.json()).toMatchObject({ error: { code } })
  })

  test('answers POST only', async () => {
    const get = await app.raw({ method: 'GET', path: CLASS_CSS_PATH })
    expect(get.status).toBe(405)
    expect(get.headers.allow).toBe('POST')
  })

  test.each([
    ['classes that are not an array', 'p-4', 'class-css: classes must be an array of class names.'],
    [
      'too many classes',
      Array.from({ length: MAX_CLASS_CSS_CLASSES + 1 }, (_, index) => `p-${index}`),
      `class-css: classes must be an array of at most ${MAX_CLASS_CSS_CLASSES} class names.`,
    ],
    [
      'a class too long',
      [`p-[${'1'.repeat(MAX_CLASS_NAME_LENGTH)}px]`],
      `class-css: classes[0] must be a class name of at most ${MAX_CLASS_NAME_LENGTH} characters.`,
    ],
    ['two classes in one', ['p-4 m-2'], 'class-css: classes[0] must be a class name (no spaces).'],
  ])('refuses %s with 400 BAD_REQUEST', async (_what, classes, message) => {
    const response = await ask(classes)
    expect(response.status).toBe(400)
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message } })
  })
})
