import { Heart } from 'lucide-react'
import { toggleFavourite } from '../../lib/favourites.ts'
import { useIsFavourite } from '../../lib/hooks.ts'

interface SaveListingButtonProps {
  listingId: string
}

/** Save / Saved toggle for the favourites list. */
export function SaveListingButton({ listingId }: SaveListingButtonProps) {
  const saved = useIsFavourite(listingId)
  return (
    <button
      type="button"
      aria-pressed={saved}
      onClick={() => toggleFavourite(listingId)}
      className={
        saved
          ? 'flex flex-1 items-center justify-center gap-1.5 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-100'
          : 'flex flex-1 items-center justify-center gap-1.5 rounded-md border border-gray-300 px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50'
      }
    >
      <Heart className={saved ? 'h-4 w-4 fill-red-500 text-red-500' : 'h-4 w-4'} aria-hidden="true" />
      {saved ? 'Saved' : 'Save'}
    </button>
  )
}
