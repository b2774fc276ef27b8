import * as Tabs from '@radix-ui/react-tabs'
import { useState } from 'react'
import { CATEGORIES } from '../../../data/categories.ts'
import {
  ADMIN_LISTING_TABS,
  ADMIN_PAGE_SIZE,
  type AdminListing,
  type AdminListingTab,
} from '../../../lib/admin/admin-listings.ts'
import { useAdminListings } from '../../../lib/admin/use-admin-listings.ts'
import { Pager } from '../../layout/Pager.tsx'
import { ListingsLoadError } from '../../listings/ListingsLoadError.tsx'
import { AdminNoticeLine, useAdminNotice } from '../AdminNotice.tsx'
import { AdminListingCards } from './AdminListingCards.tsx'
import { AdminListingsTable, type AdminListingsTableProps } from './AdminListingsTable.tsx'
import { ReviewReportsDialog } from './ReviewReportsDialog.tsx'

/**
 * Manage Listings (spec sections 2 and 4): tabs All, Pending (first), Approved, Rejected, Reported with
 * their counts; a search and a category filter; 10 rows a page; approve and reject on pending listings,
 * one or the selected ones (Bulk Actions); a reported listing's review. The database decides and
 * records each change (admin_* functions). `initialTab` opens another tab first (the Dashboard's quick
 * actions open Pending or Reported).
 */
export function ManageListingsSection({ initialTab = 'pending' }: { initialTab?: AdminListingTab }) {
  const [tab, setTab] = useState<AdminListingTab>(initialTab)
  const [q, setQ] = useState('')
  const [category, setCategory] = useState('all')
  const [page, setPage] = useState(0)
  const { state, reload, store } = useAdminListings({ tab, q, category, page })
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useAdminNotice()
  const [reviewing, setReviewing] = useState<AdminListing | null>(null)
  const shown = state.shown

  // A new question starts on its first page with nothing selected.
  const ask = (change: () => void) => {
    change()
    setPage(0)
    setSelected(new Set())
  }

  const act = async (work: () => Promise<string>) => {
    setBusy(true)
    try {
      setNotice({ kind: 'success', text: await work() })
      setSelected(new Set())
      reload()
    } catch (error) {
      setNotice({ kind: 'error', text: error instanceof Error ? error.message : String(error) })
    } finally {
      setBusy(false)
    }
  }

  const setStatus = (ids: readonly string[], status: 'approved' | 'rejected') =>
    act(async () => {
      await (await store()).setStatus(ids, status)
      const what = ids.length === 1 ? 'Listing' : `${ids.length} listings`
      return `${what} ${status} successfully`
    })

  const review = (listing: AdminListing, decision: 'dismiss' | 'reject') =>
    act(async () => {
      await (await store()).review(listing.id, decision)
      setReviewing(null)
      return decision === 'dismiss' ? 'Reports dismissed: the listing stays as it is' : 'Listing rejected'
    })

  const pendingSelected = shown?.listings.filter((listing) => selected.has(listing.id)) ?? []
  const pages = Math.max(1, Math.ceil((shown?.total ?? 0) / ADMIN_PAGE_SIZE))
  // The same rows as a table (lg and up) or as cards (below).
  const rows: AdminListingsTableProps = {
    listings: shown?.listings ?? [],
    selected,
    busy: busy || state.status === 'loading',
    onSelect: setSelected,
    onStatus: (listing, status) => setStatus([listing.id], status),
    onReview: setReviewing,
  }

  return (
    <section aria-labelledby="manage-listings-heading" className="space-y-4">
      <h2 id="manage-listings-heading" className="text-xl font-semibold text-gray-900">
        Manage Listings
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="search"
          aria-label="Search listings"
          placeholder="Search by title, seller or id"
          value={q}
          onChange={(event) => ask(() => setQ(event.target.value))}
          className="w-full max-w-xs rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none"
        />
        <select
          aria-label="Category"
          value={category}
          onChange={(event) => ask(() => setCategory(event.target.value))}
          className="rounded-md border border-gray-300 px-3 py-2 text-sm"
        >
          <option value="all">All Categories</option>
          {CATEGORIES.map((entry) => (
            <option key={entry.id} value={entry.name}>
              {entry.name}
            </option>
          ))}
        </select>
        <fieldset className="ml-auto flex items-center gap-2 text-sm">
          <legend className="float-left mr-1 text-gray-600">
            Bulk Actions{pendingSelected.length > 0 ? ` (${pendingSelected.length} selected)` : ''}:
          </legend>
          {(['approved', 'rejected'] as const).map((status) => (
            <button
              key={status}
              type="button"
              disabled={busy || pendingSelected.length === 0}
              onClick={() =>
                setStatus(
                  pendingSelected.map((listing) => listing.id),
                  status,
                )
              }
              className="rounded-md border border-gray-300 px-3 py-1.5 font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
            >
              {status === 'approved' ? 'Approve selected' : 'Reject selected'}
            </button>
          ))}
        </fieldset>
      </div>
      <AdminNoticeLine notice={notice} />
      <Tabs.Root value={tab} onValueChange={(value) => ask(() => setTab(value as AdminListingTab))}>
        <Tabs.List aria-label="Listing status" className="flex flex-wrap gap-1 border-b border-gray-200">
          {ADMIN_LISTING_TABS.map((entry) => (
            <Tabs.Trigger
              key={entry.id}
              value={entry.id}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-gray-600 hover:text-gray-900 data-[state=active]:border-blue-600 data-[state=active]:text-blue-700"
            >
              {entry.label}
              {shown && <span className="ml-1.5 text-xs text-gray-500">{shown.counts[entry.id]}</span>}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {ADMIN_LISTING_TABS.map((entry) => (
          <Tabs.Content key={entry.id} value={entry.id} className="space-y-4 pt-4 outline-none">
            {state.status === 'error' && <ListingsLoadError message={state.message} onRetry={reload} />}
            {shown === null ? (
              <div
                role="status"
                aria-busy="true"
                aria-label="Loading listings"
                className="h-64 animate-pulse rounded-lg bg-gray-100"
              />
            ) : shown.listings.length === 0 ? (
              <p className="rounded-lg border border-gray-200 bg-white px-6 py-10 text-center text-gray-600">
                No listings found matching your criteria
              </p>
            ) : (
              <>
                <AdminListingsTable {...rows} />
                <AdminListingCards {...rows} />
              </>
            )}
            <Pager label="Listing pages" page={Math.min(page, pages - 1)} pages={pages} onPage={setPage} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <ReviewReportsDialog
        listing={reviewing}
        busy={busy}
        onDecide={review}
        onClose={() => setReviewing(null)}
      />
    </section>
  )
}
