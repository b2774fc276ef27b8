import { useCallback, useState } from 'react'

/**
 * An element's width (`offsetWidth`: with its scrollbar, if any, so that a scrollbar coming and going
 * changes nothing), kept up to date; null until the element is attached. The ref is a callback, so an
 * element that mounts later (a list that waits for rows) is measured too, in the commit that attaches
 * it: the first paint already has its width.
 */
export function useWidth<T extends HTMLElement>(): [(element: T | null) => () => void, number | null] {
  const [width, setWidth] = useState<number | null>(null)
  const ref = useCallback((element: T | null) => {
    if (!element) return () => {}
    setWidth(element.offsetWidth)
    const observer = new ResizeObserver(() => setWidth(element.offsetWidth))
    observer.observe(element, { box: 'border-box' })
    return () => observer.disconnect()
  }, [])
  return [ref, width]
}
