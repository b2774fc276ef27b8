import { describe, expect, test } from 'vitest'
import { resolveOptions } from './options.ts'
import { resolveToken } from './server/gate/session-token.ts'

describe('visualEdit() options', () => {
  test('defaults, and values normalised as they are compared', () => {
    expect(resolveOptions()).toEqual({
      include: ['**/*.jsx', '**/*.tsx'],
      exclude: [],
      token: undefined,
      allowedHosts: [],
      allowedOrigins: [],
      allowRemote: false,
      historyLimit: 100,
    })
    const resolved = resolveOptions({
      allowedHosts: ['My-Box.Local'],
      allowedOrigins: ['http://localhost:4000/', 'https://Editor.Example:8443'],
      historyLimit: 5,
    })
    expect(resolved.allowedHosts).toEqual(['my-box.local'])
    // The browser's Origin has no trailing slash and a lowercase host: an entry written either way matches.
    expect(resolved.allowedOrigins).toEqual(['http://localhost:4000', 'https://editor.example:8443'])
    expect(resolved.historyLimit).toBe(5)
  })

  test.each([
    [
      { historyLimit: Number.NaN },
      'visualEdit({ historyLimit }) must be a whole number from 1 to 10000 (got NaN). Fix it in vite.config.',
    ],
    [{ historyLimit: 0 }, 'historyLimit }) must be a whole number'],
    [{ historyLimit: 2.5 }, 'historyLimit }) must be a whole number'],
    [
      { allowedOrigins: ['localhost:4000'] },
      'allowedOrigins }) must be origins such as http://localhost:4000',
    ],
    [
      { allowedOrigins: ['http://localhost:4000/editor'] },
      'without a path (got "http://localhost:4000/editor")',
    ],
    [{ allowedOrigins: 'http://localhost:4000' }, 'allowedOrigins }) must be an array of strings'],
    [{ allowedHosts: ['http://my-box.local'] }, 'allowedHosts }) must be host names such as my-box.local'],
    [{ token: 'short' }, 'token }) must be a string of at least 16 characters (got "…")'],
    [{ allowRemote: 'yes' }, 'allowRemote }) must be true or false (got "yes")'],
    [{ include: [42] }, 'include }) must be globs or regular expressions'],
    [
      { historylimit: 5 },
      "visualEdit() has no option 'historylimit'. Its options are include, exclude, token",
    ],
  ])('%j is refused: %s', (options, message) => {
    expect(() => resolveOptions(options as never)).toThrow(
      expect.objectContaining({
        code: 'VISUAL_EDIT_INVALID_OPTIONS',
        message: expect.stringContaining(message),
      }),
    )
  })

  test('VISUAL_EDIT_TOKEN shorter than 16 characters is refused; unset or empty gives a random token', () => {
    expect(() => resolveToken(undefined, { VISUAL_EDIT_TOKEN: 'short' })).toThrow(/at least 16 characters/)
    expect(resolveToken(undefined, { VISUAL_EDIT_TOKEN: 'long-enough-token-123' })).toBe(
      'long-enough-token-123',
    )
    expect(resolveToken(undefined, {})).toMatch(/^[0-9a-f]{64}$/)
    expect(resolveToken(undefined, { VISUAL_EDIT_TOKEN: '' })).toMatch(/^[0-9a-f]{64}$/)
  })
})
