// @vitest-environment happy-dom
import { beforeEach, describe, expect, test } from 'vitest'
import { forgetSessionToken, takeSessionToken } from './session-token.ts'

beforeEach(() => {
  sessionStorage.clear()
  window.history.replaceState(null, '', '/__visual-edit/')
})

describe('the session token', () => {
  test('comes from the fragment, leaves the address bar at once, and is kept for a reload of the tab', () => {
    window.history.replaceState(null, '', '/__visual-edit/?app=%2Fshop%2F#token=abc0123456789def')
    expect(takeSessionToken()).toBe('abc0123456789def')
    expect(window.location.href).not.toContain('abc0123456789def')
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/__visual-edit/?app=%2Fshop%2F',
    )
    // A reload: no fragment, the tab's own copy.
    expect(takeSessionToken()).toBe('abc0123456789def')
  })

  test('keeps the rest of the fragment', () => {
    window.history.replaceState(null, '', '/__visual-edit/#token=t0123456789abcdef&panel=layers')
    expect(takeSessionToken()).toBe('t0123456789abcdef')
    expect(window.location.hash).toBe('#panel=layers')
  })

  test('a new link replaces the kept one; none at all is null; a refused one is forgotten', () => {
    expect(takeSessionToken()).toBeNull()
    window.history.replaceState(null, '', '/__visual-edit/#token=first-0123456789')
    takeSessionToken()
    window.history.replaceState(null, '', '/__visual-edit/#token=second-0123456789')
    expect(takeSessionToken()).toBe('second-0123456789')
    forgetSessionToken()
    expect(takeSessionToken()).toBeNull()
  })
})
