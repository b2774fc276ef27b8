import { useParams } from 'react-router-dom'
import { BackToResultsButton } from '../components/listing-detail/BackToResultsButton.tsx'
import { ListingDetailSkeleton } from '../components/listing-detail/ListingDetailSkeleton.tsx'
import { ListingGallery } from '../components/listing-detail/ListingGallery.tsx'
import { ListingInfoTabs } from '../components/listing-detail/ListingInfoTabs.tsx'
import { ListingNotFound } from '../components/listing-detail/ListingNotFound.tsx'
import { ListingSummaryCard } from '../components/listing-detail/ListingSummaryCard.tsx'
import { SafetyTipsCard } from '../components/listing-detail/SafetyTipsCard.tsx'
import { SellerCard } from '../components/listing-detail/SellerCard.tsx'
import { SimilarListings } from '../components/listing-detail/SimilarListings.tsx'
import { ListingsLoadError } from '../components/listings/ListingsLoadError.tsx'
import { useDocumentTitle } from '../lib/document-title.ts'
import { useListingDetail } from '../lib/listings/use-listings.ts'

/** Up to this many similar listings. */
const SIMILAR_LIMIT = 4

/** /listing/:id: one public listing with its gallery, details, seller and similar listings. */
export function ListingDetailPage() {
  const { id } = useParams()
  const detail = useListingDetail(id ?? '', SIMILAR_LIMIT)
  // An answer about another listing (the one shown before a navigation) counts as still loading.
  const shown = detail.fresh ? detail.value : null
  const listing = shown?.listing ?? null
  useDocumentTitle(shown === null ? 'Loading listing' : (listing?.title ?? 'Listing Not Found'))

  if (shown === null && detail.error !== null) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 lg:px-8">
        <ListingsLoadError message={detail.error} onRetry={detail.retry} />
      </div>
    )
  }
  if (shown === null) return <ListingDetailSkeleton />
  if (!listing) return <ListingNotFound />

  return (
    <div key={listing.id} className="mx-auto max-w-7xl px-4 py-8 lg:px-8">
      <BackToResultsButton />
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ListingGallery listing={listing} />
          <ListingInfoTabs listing={listing} />
        </div>
        <div className="space-y-6">
          <ListingSummaryCard listing={listing} />
          <SellerCard userName={listing.userName ?? ''} />
          <SafetyTipsCard />
        </div>
      </div>
      <SimilarListings listings={shown.similar} />
    </div>
  )
}
