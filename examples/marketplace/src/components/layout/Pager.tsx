interface PagerProps {
  /** The navigation's accessible name ('Payment pages'). */
  label: string
  /** The page shown, from 0. */
  page: number
  pages: number
  onPage: (page: number) => void
}

/** Previous and Next around 'Page n of m'; nothing when everything fits on one page. */
export function Pager({ label, page, pages, onPage }: PagerProps) {
  if (pages <= 1) return null
  return (
    <nav aria-label={label} className="flex items-center justify-end gap-3 text-sm">
      <button
        type="button"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
        className="rounded-md border border-gray-300 px-3 py-1.5 disabled:opacity-50"
      >
        Previous
      </button>
      <span>
        Page {page + 1} of {pages}
      </span>
      <button
        type="button"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
        className="rounded-md border border-gray-300 px-3 py-1.5 disabled:opacity-50"
      >
        Next
      </button>
    </nav>
  )
}
