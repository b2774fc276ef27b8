import * as Tabs from '@radix-ui/react-tabs'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import type { Listing } from '../../data/listing.ts'
import { announceListings } from '../../lib/dashboard/events.ts'
import {
  DEFAULT_MY_LISTINGS_TAB,
  emptyTabMessage,
  inMyListingsTab,
  MY_LISTINGS_TABS,
  type MyListingsTab,
} from '../../lib/dashboard/listing-form.ts'
import type { MyListings } from '../../lib/dashboard/my-listings.ts'
import type { MyListingsState } from '../../lib/dashboard/use-my-listings.ts'
import { ListingCardSkeleton } from '../listings/ListingCardSkeleton.tsx'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { MyListingCard } from './MyListingCard.tsx'

const TAB_LABELS: Record<MyListingsTab, string> = {
  all: 'All',
  active: 'Active',
  pending: 'Pending',
  expired: 'Expired',
}

interface MyListingsSectionProps {
  state: MyListingsState
  store: () => Promise<MyListings>
  onCreate: () => void
  onEdit: (listing: Listing) => void
}

/** My Listings (spec section 2): tabs All, Active, Pending, Expired (Active first), the cards, an empty state. */
export function MyListingsSection({ state, store, onCreate, onEdit }: MyListingsSectionProps) {
  const [tab, setTab] = useState<MyListingsTab>(DEFAULT_MY_LISTINGS_TAB)
  const [deleting, setDeleting] = useState<Listing | null>(null)
  const createButton = (
    <button
      type="button"
      onClick={onCreate}
      className="inline-flex items-center gap-2 rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
    >
      <Plus className="h-4 w-4" aria-hidden="true" />
      Create New Listing
    </button>
  )
  return (
    <section aria-labelledby="my-listings-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-listings-heading" className="text-xl font-semibold text-gray-900">
          My Listings
        </h2>
        {createButton}
      </div>
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as MyListingsTab)}>
        <Tabs.List aria-label="Listing status" className="flex gap-1 border-b border-gray-200">
          {MY_LISTINGS_TABS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-gray-600 hover:text-gray-900 data-[state=active]:border-blue-600 data-[state=active]:text-blue-700"
            >
              {TAB_LABELS[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {MY_LISTINGS_TABS.map((value) => (
          <Tabs.Content key={value} value={value} className="pt-6 outline-none">
            {state.status === 'loading' ? (
              <div
                role="status"
                aria-busy="true"
                aria-label="Loading your listings"
                className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
              >
                <ListingCardSkeleton />
                <ListingCardSkeleton />
                <ListingCardSkeleton />
              </div>
            ) : state.status === 'error' ? (
              <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-700">
                Your listings could not be loaded: {state.message}
              </p>
            ) : (
              <ListingsOfTab
                listings={state.listings.filter((listing) => inMyListingsTab(listing.status, value))}
              >
                {(listing) => (
                  <MyListingCard
                    key={listing.id}
                    listing={listing}
                    onEdit={() => onEdit(listing)}
                    onDelete={() => setDeleting(listing)}
                  />
                )}
              </ListingsOfTab>
            )}
            {state.status === 'ready' &&
              !state.listings.some((listing) => inMyListingsTab(listing.status, value)) && (
                <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-gray-300 px-6 py-12 text-center">
                  <p className="text-gray-600">{emptyTabMessage(value)}</p>
                  {createButton}
                </div>
              )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this listing?"
        description={`“${deleting?.title ?? ''}” and its images will be removed. This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return
          await (await store()).remove(deleting)
          setDeleting(null)
          announceListings('refresh')
        }}
      />
    </section>
  )
}

function ListingsOfTab({
  listings,
  children,
}: {
  listings: Listing[]
  children: (listing: Listing) => React.ReactNode
}) {
  if (listings.length === 0) return null
  return <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">{listings.map(children)}</div>
}
