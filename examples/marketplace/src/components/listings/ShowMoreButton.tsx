interface ShowMoreButtonProps {
  shown: number
  total: number
  /** True while the next batch is read: the button waits. */
  busy?: boolean
  onShowMore: () => void
}

/** Under a batch of results: how many of the total are shown, and a button for the next batch. */
export function ShowMoreButton({ shown, total, busy = false, onShowMore }: ShowMoreButtonProps) {
  if (shown >= total) return null
  return (
    <div className="mt-8 flex flex-col items-center gap-3">
      <p className="text-sm text-gray-600">
        Showing {shown} of {total} listings
      </p>
      <button
        type="button"
        onClick={onShowMore}
        aria-disabled={busy}
        className="rounded-md border border-blue-600 bg-white px-6 py-2.5 font-medium text-blue-700 hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
      >
        Show more listings
      </button>
    </div>
  )
}
