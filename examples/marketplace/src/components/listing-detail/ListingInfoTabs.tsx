import * as Tabs from '@radix-ui/react-tabs'
import type { Listing } from '../../data/listing.ts'
import { formatPostedOn } from '../../lib/format.ts'

interface ListingInfoTabsProps {
  listing: Listing
}

const triggerClass =
  'border-b-2 border-transparent px-4 py-3 text-sm font-medium text-gray-600 hover:text-blue-700 data-[state=active]:border-blue-600 data-[state=active]:text-blue-700'

/** Description and Details tabs under the gallery. */
export function ListingInfoTabs({ listing }: ListingInfoTabsProps) {
  const details = [
    { label: 'Category', value: listing.category },
    { label: 'Location', value: listing.location },
    { label: 'Posted By', value: listing.userName || 'Anonymous' },
    { label: 'Posted On', value: formatPostedOn(listing) },
  ]
  return (
    <Tabs.Root defaultValue="description" className="rounded-lg border border-gray-200 bg-white">
      <Tabs.List aria-label="Listing information" className="flex border-b border-gray-200 px-2">
        <Tabs.Trigger value="description" className={triggerClass}>
          Description
        </Tabs.Trigger>
        <Tabs.Trigger value="details" className={triggerClass}>
          Details
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="description" className="p-6">
        <p className="whitespace-pre-line text-gray-700">
          {listing.description?.trim() || 'No description provided.'}
        </p>
      </Tabs.Content>
      <Tabs.Content value="details" className="p-6">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {details.map((detail) => (
            <div key={detail.label}>
              <dt className="text-sm text-gray-500">{detail.label}</dt>
              <dd className="mt-0.5 font-medium text-gray-900">{detail.value}</dd>
            </div>
          ))}
        </dl>
      </Tabs.Content>
    </Tabs.Root>
  )
}
