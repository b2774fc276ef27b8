import { ChevronDown, ChevronRight } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'

/** Sections the user closed, kept for the next session (design tools remember them). */
const CLOSED_KEY = 'visual-edit:styles-closed'

const closedSections = (): Set<string> => {
  const saved = localStorage.getItem(CLOSED_KEY)
  return new Set(saved ? saved.split(',') : [])
}

/**
 * A group of controls under a heading that opens and closes it (a button with aria-expanded: Enter or
 * Space). `aside` sits at the heading's right (a control of the whole section).
 */
export function Section({
  title,
  children,
  aside,
}: {
  title: string
  children: ReactNode
  aside?: ReactNode
}) {
  const [open, setOpen] = useState(() => !closedSections().has(title))
  const contentId = useId()
  const toggle = () => {
    const closed = closedSections()
    if (open) closed.add(title)
    else closed.delete(title)
    localStorage.setItem(CLOSED_KEY, [...closed].join(','))
    setOpen(!open)
  }
  return (
    <section aria-label={title} className="border-[var(--line)] border-t px-3 py-1.5">
      <div className="flex h-6 items-center justify-between">
        <h3 className="m-0">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={contentId}
            onClick={toggle}
            className="-ml-1 flex h-6 items-center gap-0.5 rounded pr-1 font-semibold text-[11px] text-[var(--ink)] outline-none hover:bg-[var(--hover)] focus-visible:ring-2 focus-visible:ring-accent"
          >
            {open ? (
              <ChevronDown aria-hidden="true" size={12} />
            ) : (
              <ChevronRight aria-hidden="true" size={12} />
            )}
            {title}
          </button>
        </h3>
        {aside}
      </div>
      <div id={contentId} hidden={!open} className="flex flex-col pt-0.5">
        {open ? children : null}
      </div>
    </section>
  )
}
