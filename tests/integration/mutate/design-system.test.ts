import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  CLASS_SUGGESTIONS_PATH,
  type ClassSuggestionsResponse,
  DESIGN_TOKENS_PATH,
  type DesignTokensResponse,
  MAX_CLASS_SUGGESTIONS,
  MAX_SUGGESTION_QUERY_LENGTH,
} from '../../../packages/vite-plugin-visual-edit/src/protocol/design-system.ts'
import { type MutateTestServer, mutateClient, startMutateServer } from '../../helpers/mutate-server.ts'

/**
 * The Styles panel's design-system endpoints over HTTP (issue 28), on a dev server of the mutate-app
 * fixture (Tailwind 4 from the repository's install, its default theme): what they answer, and the
 * gate they share with the lookups and class-css.
 */
let app: MutateTestServer
beforeAll(async () => {
  app = await startMutateServer()
})
afterAll(() => app.close())

describe('the class-suggestions endpoint', () => {
  test("answers the project's Tailwind classes for what is typed, variants kept", async () => {
    const response = await app.post(CLASS_SUGGESTIONS_PATH, { query: 'md:hover:bg-bl', limit: 5 })
    expect(response.status, response.body).toBe(200)
    const answer = response.json() as ClassSuggestionsResponse
    expect(answer.tailwind).toBe(4)
    expect(answer.suggestions.map((suggestion) => suggestion.className)).toEqual([
      'md:hover:bg-black',
      'md:hover:bg-blue-50',
      'md:hover:bg-blue-100',
      'md:hover:bg-blue-200',
      'md:hover:bg-blue-300',
    ])
    expect(answer.suggestions[0]).toEqual({
      className: 'md:hover:bg-black',
      css: 'background-color: var(--color-black);',
      color: '#000',
      value: '#000',
    })
  })

  test.each([
    ['query that is not a string', { query: 5 }, 'class-suggestions: query must be a query.'],
    ['missing query', {}, 'class-suggestions: query must be a query.'],
    [
      'query too long',
      { query: 'p'.repeat(MAX_SUGGESTION_QUERY_LENGTH + 1) },
      `class-suggestions: query must be a query of at most ${MAX_SUGGESTION_QUERY_LENGTH} characters.`,
    ],
    ['limit of 0', { query: 'p-', limit: 0 }, 'class-suggestions: limit must be at least 1 suggestion.'],
    [
      'limit too large',
      { query: 'p-', limit: MAX_CLASS_SUGGESTIONS + 1 },
      `class-suggestions: limit must be at most ${MAX_CLASS_SUGGESTIONS} suggestions.`,
    ],
    [
      'fractional limit',
      { query: 'p-', limit: 1.5 },
      'class-suggestions: limit must be a whole number of suggestions.',
    ],
    ['body that is not an object', '"p-"', 'The body of class-suggestions must be a JSON object.'],
  ])('refuses a %s with 400 BAD_REQUEST naming the field', async (_what, body, message) => {
    const response = await app.post(CLASS_SUGGESTIONS_PATH, body)
    expect(response.status).toBe(400)
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message } })
  })
})

describe('the design-tokens endpoint', () => {
  test("answers the theme's tokens and the dark strategy", async () => {
    const response = await app.post(DESIGN_TOKENS_PATH, {})
    expect(response.status, response.body).toBe(200)
    const tokens = response.json() as DesignTokensResponse
    expect(tokens.tailwind).toBe(4)
    expect(tokens.darkMode).toBe('media')
    expect(tokens.spacing).toContainEqual({ name: '4', value: '1rem' })
    expect(tokens.breakpoints).toContainEqual({ name: 'md', value: '48rem' })
    expect(tokens.colors.length).toBeGreaterThan(200)
  })

  test('refuses a body that is not an object with 400 BAD_REQUEST', async () => {
    const response = await app.post(DESIGN_TOKENS_PATH, '"tokens"')
    expect(response.status).toBe(400)
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The body of design-tokens must be a JSON object.' },
    })
  })
})

describe.each([
  [CLASS_SUGGESTIONS_PATH, { query: 'p-' }],
  [DESIGN_TOKENS_PATH, {}],
])('%s is gated like the lookups and class-css', (path, body) => {
  test.each([
    ['no token', { 'x-visual-edit-token': '' }, 403, 'FORBIDDEN_TOKEN'],
    ['a wrong token', { 'x-visual-edit-token': 'not-the-token-0123456789' }, 403, 'FORBIDDEN_TOKEN'],
    ['another origin', { origin: 'http://localhost:3999' }, 403, 'FORBIDDEN_ORIGIN'],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }, 403, 'FORBIDDEN_ORIGIN'],
    ['a spoofed Host', { host: 'evil.example' }, 403, 'FORBIDDEN_HOST'],
    ['another content type', { 'content-type': 'text/plain' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ])('refuses %s', async (_what, headers, status, code) => {
    const response = await app.post(path, body, headers)
    expect(response.status).toBe(status)
    expect(response.json()).toMatchObject({ error: { code } })
    expect(response.body).not.toContain(app.token)
  })

  test('answers POST only', async () => {
    const get = await app.raw({ method: 'GET', path })
    expect(get.status).toBe(405)
    expect(get.headers.allow).toBe('POST')
  })

  test("is not answered on the app's origin, even with the token", async () => {
    const onApp = await mutateClient(app.url, app.token).post(path, body)
    expect(onApp.status).toBe(404)
    expect(onApp.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
  })
})
