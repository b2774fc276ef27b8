import { Heart } from 'lucide-react'
import { toggleFavourite } from '../../lib/favourites.ts'
import { useIsFavourite } from '../../lib/hooks.ts'

interface FavouriteButtonProps {
  listingId: string
  className?: string
}

/** Saves or unsaves a listing. */
export function FavouriteButton({ listingId, className = '' }: FavouriteButtonProps) {
  const saved = useIsFavourite(listingId)
  return (
    <button
      type="button"
      aria-label={saved ? 'Remove from favourites' : 'Save to favourites'}
      aria-pressed={saved}
      onClick={() => toggleFavourite(listingId)}
      className={`rounded-full bg-white/90 p-2 shadow hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 ${className}`}
    >
      <Heart
        className={saved ? 'h-4 w-4 fill-red-500 text-red-500' : 'h-4 w-4 text-gray-600'}
        aria-hidden="true"
      />
    </button>
  )
}
