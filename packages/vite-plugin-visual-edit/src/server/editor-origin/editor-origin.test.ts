import { describe, expect, test } from 'vitest'
import { editorHost, editorOriginFor } from './editor-origin.ts'
import { appFrameAncestors } from './headers.ts'

describe("the editor's origin", () => {
  test('listens where the dev server does when that is loopback, anywhere else only with allowRemote', () => {
    expect(editorHost(undefined, false)).toBe('localhost')
    expect(editorHost(false, false)).toBe('localhost')
    expect(editorHost('127.0.0.1', false)).toBe('127.0.0.1')
    expect(editorHost('::1', false)).toBe('::1')
    expect(editorHost('[::1]', false)).toBe('::1')
    expect(editorHost('0.0.0.0', false)).toBe('localhost')
    expect(editorHost(true, false)).toBe('localhost')
    expect(editorHost('192.168.1.5', false)).toBe('localhost')
    expect(editorHost('0.0.0.0', true)).toBe('0.0.0.0')
    expect(editorHost('192.168.1.5', true)).toBe('192.168.1.5')
    expect(editorHost(true, true)).toBeUndefined()
  })

  test('is written as a browser writes an origin', () => {
    expect(editorOriginFor('http', 'localhost', 5174)).toBe('http://localhost:5174')
    expect(editorOriginFor('https', '::1', 5174)).toBe('https://[::1]:5174')
    expect(editorOriginFor('http', '[::1]', 5174)).toBe('http://[::1]:5174')
  })

  test('the app may be framed by itself, the editor and the allowed origins, by no one else', () => {
    expect(appFrameAncestors('http://localhost:5174', [])).toBe(
      "frame-ancestors 'self' http://localhost:5174",
    )
    expect(appFrameAncestors(null, ['http://localhost:4000'])).toBe(
      "frame-ancestors 'self' http://localhost:4000",
    )
    expect(appFrameAncestors(null, [])).toBe("frame-ancestors 'self'")
  })
})
