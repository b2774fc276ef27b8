/** Placeholder card shown while listings load. */
export function ListingCardSkeleton() {
  return (
    <div
      data-testid="listing-card-skeleton"
      aria-hidden="true"
      className="animate-pulse overflow-hidden rounded-lg border border-gray-200 bg-white"
    >
      <div className="h-48 bg-gray-200" />
      <div className="space-y-3 p-4">
        <div className="h-4 w-3/4 rounded bg-gray-200" />
        <div className="h-5 w-1/3 rounded bg-gray-200" />
        <div className="h-3 w-1/2 rounded bg-gray-200" />
        <div className="h-3 w-2/5 rounded bg-gray-200" />
        <div className="h-9 rounded bg-gray-200" />
      </div>
    </div>
  )
}
