import type { SupabaseClient } from '@supabase/supabase-js'
import type { Listing } from '../../data/listing.ts'
import { type ListingRow, listingFromRow } from '../listings/rows.ts'

/** Manage Listings' tabs (spec section 2); Pending opens first. */
export const ADMIN_LISTING_TABS = [
  { id: 'all', label: 'All' },
  { id: 'pending', label: 'Pending' },
  { id: 'approved', label: 'Approved' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'reported', label: 'Reported' },
] as const
export type AdminListingTab = (typeof ADMIN_LISTING_TABS)[number]['id']

/** Rows per page of Manage Listings and Manage Users (spec section 9). */
export const ADMIN_PAGE_SIZE = 10

/** A listing as the admin sees it: its status the admin's way (active as approved, expired as rejected). */
export interface AdminListing extends Listing {
  adminStatus: 'pending' | 'approved' | 'rejected'
  reported: boolean
}

export interface AdminListingsPage {
  total: number
  counts: Record<AdminListingTab, number>
  listings: AdminListing[]
}

type AdminListingRow = ListingRow & { admin_status: AdminListing['adminStatus']; reported: boolean }

const fromRow = (row: AdminListingRow): AdminListing => ({
  ...listingFromRow(row),
  adminStatus: row.admin_status,
  reported: row.reported,
})

/** The database's message for the admin (its error texts are written for people). */
function failure(error: { message: string }): Error {
  return new Error(error.message)
}

/**
 * Manage Listings through the database's admin functions (supabase/migrations, issue 30): each checks
 * that the caller is an admin and records what it changes in the audit table.
 */
export class AdminListings {
  constructor(private readonly client: SupabaseClient) {}

  async page(query: {
    tab: AdminListingTab
    q: string
    category: string
    page: number
  }): Promise<AdminListingsPage> {
    const { data, error } = await this.client.rpc('admin_listings', {
      tab: query.tab,
      q: query.q.trim() || null,
      category_name: query.category === 'all' ? null : query.category,
      max_rows: ADMIN_PAGE_SIZE,
      skip_rows: query.page * ADMIN_PAGE_SIZE,
    })
    if (error) throw failure(error)
    const answer = data as { total: number; counts: AdminListingsPage['counts']; listings: AdminListingRow[] }
    return { total: answer.total, counts: answer.counts, listings: answer.listings.map(fromRow) }
  }

  /** Approves or rejects pending listings, all or none; the listings after it. */
  async setStatus(ids: readonly string[], status: 'approved' | 'rejected'): Promise<AdminListing[]> {
    const { data, error } = await this.client.rpc('admin_set_listing_status', {
      listing_ids: [...ids],
      new_status: status,
    })
    if (error) throw failure(error)
    return (data as AdminListingRow[]).map(fromRow)
  }

  /** The Reported tab's review: dismiss the reports, or reject the listing. */
  async review(id: string, decision: 'dismiss' | 'reject'): Promise<AdminListing> {
    const { data, error } = await this.client.rpc('admin_review_reported_listing', {
      listing_id: id,
      decision,
    })
    if (error) throw failure(error)
    return fromRow(data as AdminListingRow)
  }
}
