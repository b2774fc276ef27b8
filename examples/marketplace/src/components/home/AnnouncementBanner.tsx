import { Megaphone, X } from 'lucide-react'
import { useLayoutEffect, useRef, useState } from 'react'

/** sessionStorage: the announcement this tab dismissed (a new one shows again). */
const DISMISSED_KEY = 'marketplace.dismissedAnnouncement'

/**
 * The admin's announcement (System Settings), as a calm bar fixed at the bottom of the window, which
 * the visitor may dismiss for this tab. It arrives after the page (the settings are read once the page
 * shows), so it is placed where it moves nothing: a bar in the page's flow would push the hero or the
 * categories down under the visitor's eyes. While it shows, the page's scroll padding and bottom padding
 * are its height, so neither a focused control nor the footer's last line is left under it.
 */
export function AnnouncementBanner({ text }: { text: string }) {
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY))
  const bar = useRef<HTMLElement>(null)
  const shown = text !== '' && dismissed !== text

  useLayoutEffect(() => {
    const element = bar.current
    if (!shown || !element) return
    const { body, documentElement } = document
    const previous = { scroll: documentElement.style.scrollPaddingBottom, padding: body.style.paddingBottom }
    const fit = () => {
      const height = `${element.offsetHeight}px`
      documentElement.style.scrollPaddingBottom = height
      body.style.paddingBottom = height
    }
    fit()
    const observer = new ResizeObserver(fit)
    observer.observe(element)
    return () => {
      observer.disconnect()
      documentElement.style.scrollPaddingBottom = previous.scroll
      body.style.paddingBottom = previous.padding
    }
  }, [shown])

  if (!shown) return null
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, text)
    setDismissed(text)
  }
  return (
    <section
      ref={bar}
      aria-label="Announcement"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-blue-200 bg-blue-50 shadow-[0_-2px_8px_rgba(0,0,0,0.06)]"
    >
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 lg:px-8">
        <Megaphone className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
        <p className="min-w-0 flex-1 text-sm text-blue-950 [overflow-wrap:anywhere]">{text}</p>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss announcement"
          className="-m-1.5 shrink-0 rounded-md p-1.5 text-blue-800 hover:bg-blue-100 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
    </section>
  )
}
