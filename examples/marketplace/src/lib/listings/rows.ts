import type { Listing, ListingStatus } from '../../data/listing.ts'

/** A row of `public.listings` as supabase-js returns it (supabase/migrations, issue 29). */
export interface ListingRow {
  id: string
  title: string
  price: number | string
  category: string
  location: string
  description: string
  status: ListingStatus
  created_at: string | null
  posted_time: string | null
  user_id: string
  user_name: string
  image_url: string
  image_urls: string[] | null
  thumbnail_urls?: string[] | null
  views: number
  report_count: number
  report_reasons: string[] | null
  featured: boolean
}

/** The listing a row is, in the shape every page reads (data/listing.ts); optional fields only when set. */
export function listingFromRow(row: ListingRow): Listing {
  return {
    id: row.id,
    title: row.title,
    price: Number(row.price),
    category: row.category,
    location: row.location,
    description: row.description,
    status: row.status,
    ...(row.created_at ? { createdAt: new Date(row.created_at).toISOString() } : {}),
    ...(row.posted_time ? { postedTime: row.posted_time } : {}),
    userId: row.user_id,
    userName: row.user_name,
    imageUrl: row.image_url,
    ...(row.image_urls && row.image_urls.length > 0 ? { imageUrls: row.image_urls } : {}),
    ...(row.thumbnail_urls?.some(Boolean) ? { thumbnailUrls: row.thumbnail_urls } : {}),
    views: row.views,
    reportCount: row.report_count,
    ...(row.report_reasons && row.report_reasons.length > 0 ? { reportReasons: row.report_reasons } : {}),
    featured: row.featured,
  }
}
