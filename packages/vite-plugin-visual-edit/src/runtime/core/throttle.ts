/** Forwarded pointer, wheel and key events reach the editor at most once per frame (60 Hz). */
export const FORWARD_THROTTLE_MS = 16

export interface Throttled {
  (): void
  cancel(): void
}

/**
 * Runs `fn` at once, then at most once per `ms`: calls in between are folded into one trailing call,
 * so the last state always goes out. `fn` reads the state itself, which keeps call sites allocation-free.
 */
export function throttle(win: Window, ms: number, fn: () => void): Throttled {
  let timer: ReturnType<Window['setTimeout']> | null = null
  let pending = false
  const expire = () => {
    timer = null
    if (!pending) return
    pending = false
    fn()
    timer = win.setTimeout(expire, ms)
  }
  const throttled = (() => {
    if (timer !== null) {
      pending = true
      return
    }
    fn()
    timer = win.setTimeout(expire, ms)
  }) as Throttled
  throttled.cancel = () => {
    if (timer !== null) win.clearTimeout(timer)
    timer = null
    pending = false
  }
  return throttled
}
