// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { InspectorContext, OVERLAY_ATTRIBUTE } from '../core/context.ts'
import { createDarkMode, type DarkMode } from './dark-mode.ts'

const html = () => document.documentElement
const copies = () =>
  Array.from(
    (document.head.querySelector(`style[${OVERLAY_ATTRIBUTE}="dark-mode"]`) as HTMLStyleElement | null)?.sheet
      ?.cssRules ?? [],
    (rule) => rule.cssText.replace(/\s+/g, ' '),
  )

let dark: DarkMode

beforeEach(() => {
  document.head.innerHTML = `<style>
    .card { color: black }
    @media (prefers-color-scheme: dark) { .card { color: white } }
    .dark\\:bg-x:where(.dark, .dark *) { background-color: gray }
  </style>`
  dark = createDarkMode(new InspectorContext(window))
})

afterEach(() => {
  dark.stop()
  html().className = ''
  html().removeAttribute('style')
  vi.restoreAllMocks()
})

test("'class': dark on <html>; null gives back what <html> had", () => {
  html().className = 'font-sans'
  expect(dark.set('class')).toBe('class')
  expect(html().className).toBe('font-sans dark')
  expect(copies()).toEqual([])
  expect(dark.set(null)).toBeNull()
  expect(html().className).toBe('font-sans')
})

test('a page already dark by its own switch stays dark after null', () => {
  html().className = 'dark'
  dark.set('class')
  dark.set(null)
  expect(html().className).toBe('dark')
})

test("'media': the dark media rules copied without their condition, color-scheme dark; null takes both away", () => {
  html().style.colorScheme = 'light'
  expect(dark.set('media')).toBe('media')
  expect(copies()).toEqual(['@media (min-width: 0px) { .card { color: white; } }'])
  expect(html().style.colorScheme).toBe('dark')
  expect(html().classList.contains('dark')).toBe(false)
  // Again (after a hot update of a stylesheet): one copy, made anew.
  dark.set('media')
  expect(copies()).toHaveLength(1)
  dark.set(null)
  expect(copies()).toEqual([])
  expect(html().style.colorScheme).toBe('light')
})

test('anything else is refused, and the page is left as it was', () => {
  expect(() => dark.set('auto' as never)).toThrow("setDarkMode takes 'class', 'media' or null")
  expect(html().classList.contains('dark')).toBe(false)
})

test('the same strategy again touches <html> only if the page undid it (each change walks the page again)', () => {
  const changes: MutationRecord[] = []
  const observer = new MutationObserver((records) => changes.push(...records))
  dark.set('class')
  observer.observe(html(), { attributes: true })
  dark.set('class')
  dark.set('class')
  expect(observer.takeRecords()).toEqual([])
  html().classList.remove('dark')
  observer.takeRecords()
  dark.set('class')
  expect(html().classList.contains('dark')).toBe(true)
  dark.set('media')
  observer.takeRecords()
  dark.set('media')
  expect(observer.takeRecords()).toEqual([])
  expect(copies()).toHaveLength(1)
  observer.disconnect()
  expect(changes).toEqual([])
})
