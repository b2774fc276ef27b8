import type { SupabaseClient } from '@supabase/supabase-js'
import type { Listing } from '../../data/listing.ts'
import { type ListingRow, listingFromRow } from '../listings/rows.ts'

/** The Storage bucket of listing images (supabase/migrations: public, 5 MB, JPG/PNG/GIF/WebP). */
export const LISTING_IMAGES_BUCKET = 'listing-images'

/** What the form saves: the fields a user writes (the database decides status, views and the rest). */
export interface ListingFields {
  title: string
  category: string
  price: number
  description: string
  location: string
  imageUrls: readonly string[]
  /** Each image's small copy for cards, index for index ('' where there is none). */
  thumbnailUrls?: readonly string[]
}

/** An uploaded photo: its stored copy and the small one cards show. */
export interface StoredPhoto {
  imageUrl: string
  thumbnailUrl: string
}

/** Why a save failed, for the form: the plan's limit (with its message) or anything else. */
export class ListingSaveError extends Error {
  constructor(
    message: string,
    readonly planLimit: boolean,
  ) {
    super(message)
  }
}

const rowOf = (fields: ListingFields, userName: string) => ({
  title: fields.title.trim(),
  category: fields.category,
  price: fields.price,
  description: fields.description.trim(),
  location: fields.location,
  user_name: userName,
  image_url: fields.imageUrls[0] ?? '',
  image_urls: [...fields.imageUrls],
  thumbnail_urls: fields.imageUrls.map((_, index) => fields.thumbnailUrls?.[index] ?? ''),
})

function saveError(error: { code?: string; message: string; hint?: string | null }): ListingSaveError {
  return new ListingSaveError(error.message, error.code === 'P0001' && error.hint === 'plan_limit')
}

/**
 * The signed-in user's listings and what they do with them (issue 29), through supabase-js: the
 * database's row-level security and guards decide (a new listing is pending, theirs, within their plan).
 */
export class MyListings {
  constructor(
    private readonly client: SupabaseClient,
    private readonly userId: string,
  ) {}

  /** Every listing of the user, newest first. */
  async list(): Promise<Listing[]> {
    const { data, error } = await this.client
      .from('listings')
      .select('*')
      .eq('user_id', this.userId)
      .order('listing_number', { ascending: false })
    if (error) throw new Error(error.message)
    return (data as ListingRow[]).map(listingFromRow)
  }

  async create(fields: ListingFields, userName: string): Promise<Listing> {
    const { data, error } = await this.client
      .from('listings')
      .insert(rowOf(fields, userName))
      .select()
      .single()
    if (error) throw saveError(error)
    return listingFromRow(data as ListingRow)
  }

  /** Saves the user's fields; the status stays what it is (spec section 4: edit keeps the status). */
  async update(id: string, fields: ListingFields, userName: string): Promise<Listing> {
    const { data, error } = await this.client
      .from('listings')
      .update(rowOf(fields, userName))
      .eq('id', id)
      .select()
      .maybeSingle()
    if (error) throw saveError(error)
    if (!data)
      throw new ListingSaveError('This listing is no longer yours to edit, or it was deleted.', false)
    return listingFromRow(data as ListingRow)
  }

  /** Deletes the listing and the images the user stored for it. */
  async remove(listing: Listing): Promise<void> {
    const { data, error } = await this.client.from('listings').delete().eq('id', listing.id).select('id')
    if (error) throw new Error(error.message)
    if (!data || data.length === 0) throw new Error('This listing was already deleted.')
    await this.removeImages([
      ...(listing.imageUrls ?? [listing.imageUrl]),
      ...(listing.thumbnailUrls ?? []),
    ]).catch((failure: Error) => {
      throw new Error(`The listing was deleted, but not its images: ${failure.message}`)
    })
  }

  /** Removes the images of these URLs that the user stored (any other URL is left alone). */
  async removeImages(urls: readonly string[]): Promise<void> {
    const stored = urls.flatMap((url) => this.storedName(url) ?? [])
    if (stored.length === 0) return
    const removed = await this.client.storage.from(LISTING_IMAGES_BUCKET).remove(stored)
    if (removed.error) throw new Error(removed.error.message)
  }

  /** Uploads photos (each downscaled, with its thumbnail); their public URLs, in order. */
  async uploadPhotos(photos: readonly { image: Blob; thumbnail: Blob }[]): Promise<StoredPhoto[]> {
    const urls = await this.uploadImages(photos.flatMap((photo) => [photo.image, photo.thumbnail]))
    return photos.map((_, index) => ({
      imageUrl: urls[2 * index] ?? '',
      thumbnailUrl: urls[2 * index + 1] ?? '',
    }))
  }

  /** Uploads images (already downscaled) under the user's folder; their public URLs, in order. */
  async uploadImages(files: readonly Blob[]): Promise<string[]> {
    const bucket = this.client.storage.from(LISTING_IMAGES_BUCKET)
    const urls: string[] = []
    for (const file of files) {
      const extension = file.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'img'
      const name = `${this.userId}/${crypto.randomUUID()}.${extension}`
      const { error } = await bucket.upload(name, file, { contentType: file.type, upsert: false })
      if (error) {
        // What was stored of this save goes again: nothing is left half done.
        await this.removeImages(urls)
        throw new ListingSaveError(error.message, false)
      }
      urls.push(bucket.getPublicUrl(name).data.publicUrl)
    }
    return urls
  }

  /** The object name of one of this user's stored images, from its public URL; null for any other URL. */
  storedName(url: string): string | null {
    const marker = `/storage/v1/object/public/${LISTING_IMAGES_BUCKET}/`
    const at = url.indexOf(marker)
    if (at < 0) return null
    const name = decodeURIComponent(url.slice(at + marker.length).split('?')[0] ?? '')
    return name.startsWith(`${this.userId}/`) ? name : null
  }
}
