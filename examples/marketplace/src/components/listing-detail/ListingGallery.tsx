import { useState } from 'react'
import type { Listing } from '../../data/listing.ts'
import { listingImages } from '../../data/listing.ts'
import { ListingImage } from '../listings/ListingImage.tsx'

interface ListingGalleryProps {
  listing: Listing
}

/** The 400 px main image, with a thumbnail strip to pick from when there is more than one image. */
export function ListingGallery({ listing }: ListingGalleryProps) {
  const images = [...new Set(listingImages(listing))]
  const [selected, setSelected] = useState(0)
  const current = images[selected] ?? images[0]

  return (
    <div className="overflow-hidden rounded-lg border border-gray-200 bg-white">
      <ListingImage src={current} alt={listing.title} className="h-[400px] w-full" />
      {images.length > 1 && (
        <ul aria-label="Images" className="flex gap-2 overflow-x-auto border-t border-gray-200 p-3">
          {images.map((image, index) => (
            <li key={image} className="shrink-0">
              <button
                type="button"
                aria-label={`Show image ${index + 1}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                className={
                  index === selected
                    ? 'block overflow-hidden rounded-md ring-2 ring-blue-600'
                    : 'block overflow-hidden rounded-md opacity-75 ring-1 ring-gray-200 hover:opacity-100'
                }
              >
                <ListingImage src={image} alt="" fallbackText="Thumbnail" className="h-16 w-20" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
