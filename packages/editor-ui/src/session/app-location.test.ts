import { describe, expect, test } from 'vitest'
import { appLocation } from './app-location.ts'

const editorAt = (url: string) => {
  const { protocol, hostname, search } = new URL(url)
  return { protocol, hostname, search }
}
const project = (port: number, base = '/') => ({
  app: { port, base },
  project: { id: '0123456789abcdef', name: 'shop' },
})

describe("the app's location", () => {
  test("the app's port on the editor's host name and scheme; the base when no page is asked", () => {
    expect(appLocation(editorAt('http://localhost:5174/__visual-edit/'), project(5173))).toEqual({
      origin: 'http://localhost:5173',
      src: 'http://localhost:5173/',
      projectId: '0123456789abcdef',
    })
    expect(appLocation(editorAt('http://[::1]:5174/__visual-edit/'), project(5173, '/shop/'))).toEqual({
      origin: 'http://[::1]:5173',
      src: 'http://[::1]:5173/shop/',
      projectId: '0123456789abcdef',
    })
  })

  test('?app=/route opens that route; anything that is not a path of the app opens the base', () => {
    const at = (search: string) =>
      appLocation(editorAt(`http://127.0.0.1:5174/__visual-edit/${search}`), project(5173)).src
    expect(at('?app=/listing/L1001')).toBe('http://127.0.0.1:5173/listing/L1001')
    expect(at('?app=//evil.example')).toBe('http://127.0.0.1:5173/')
    expect(at('?app=/\\evil.example')).toBe('http://127.0.0.1:5173/')
    expect(at('?app=https://evil.example')).toBe('http://127.0.0.1:5173/')
  })
})
