interface SellerCardProps {
  userName: string
}

/** The seller's initial, name and membership year; View Profile is not built yet. */
export function SellerCard({ userName }: SellerCardProps) {
  const name = userName.trim() || 'Anonymous'
  const memberSince = new Date().getFullYear() - 1
  return (
    <section
      aria-labelledby="seller-heading"
      className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
    >
      <h2 id="seller-heading" className="text-lg font-semibold text-gray-900">
        Seller Information
      </h2>
      <div className="mt-4 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 items-center justify-center rounded-full bg-blue-600 text-lg font-bold text-white"
        >
          {name.charAt(0).toUpperCase()}
        </span>
        <div>
          <p className="font-medium text-gray-900">{name}</p>
          <p className="text-sm text-gray-500">Member since {memberSince}</p>
        </div>
      </div>
      <button
        type="button"
        className="mt-4 w-full rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
      >
        View Profile
      </button>
    </section>
  )
}
