/** Placeholder for the detail page while the listings load. */
export function ListingDetailSkeleton() {
  return (
    <div
      data-testid="listing-detail-skeleton"
      role="status"
      aria-label="Loading listing"
      className="mx-auto max-w-7xl animate-pulse px-4 py-8 lg:px-8"
    >
      <div className="h-9 w-40 rounded bg-gray-200" />
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <div className="h-[400px] rounded-lg bg-gray-200" />
          <div className="flex gap-2">
            <div className="h-16 w-20 rounded bg-gray-200" />
            <div className="h-16 w-20 rounded bg-gray-200" />
            <div className="h-16 w-20 rounded bg-gray-200" />
          </div>
          <div className="h-40 rounded-lg bg-gray-200" />
        </div>
        <div className="space-y-4">
          <div className="h-72 rounded-lg bg-gray-200" />
          <div className="h-36 rounded-lg bg-gray-200" />
          <div className="h-44 rounded-lg bg-gray-200" />
        </div>
      </div>
    </div>
  )
}
