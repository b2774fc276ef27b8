import { useEffect } from 'react'

/**
 * Stops the page scrolling under an overlay until the returned undo runs: `overflow: hidden` on
 * <body>, plus the scrollbar's width added to its right padding, so the page does not shift sideways
 * when the scrollbar goes. If the page is already locked (another overlay), it is left to that one.
 */
function lockScroll(): () => void {
  const { body, documentElement } = document
  if (getComputedStyle(body).overflow === 'hidden') return () => {}
  const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight }
  const scrollbarWidth = window.innerWidth - documentElement.clientWidth
  if (scrollbarWidth > 0) {
    const padding = Number.parseFloat(getComputedStyle(body).paddingRight) || 0
    body.style.paddingRight = `${padding + scrollbarWidth}px`
  }
  body.style.overflow = 'hidden'
  return () => {
    body.style.overflow = previous.overflow
    body.style.paddingRight = previous.paddingRight
  }
}

/** Locks the page's scroll while the calling component is mounted (see lockScroll). */
export function useScrollLock(): void {
  useEffect(lockScroll, [])
}
