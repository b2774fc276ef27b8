import type { ListingStatus } from '../../data/listing.ts'

/** The listing form's categories (spec section 3: the form and dashboards list eight). */
export const LISTING_FORM_CATEGORIES = [
  'Real Estate',
  'Vehicles',
  'Electronics',
  'Jobs',
  'Services',
  'Furniture',
  'Fashion',
  'Education',
] as const

/** Spec sections 5 and 9: at most 5 images, 5 MB each, of these types. */
export const MAX_LISTING_IMAGES = 5
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
export const LISTING_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const

/** The spec's messages (section 5), word for word. */
export const LISTING_FORM_MESSAGES = {
  required: 'Please fill in all required fields',
  noImage: 'Please upload at least one image',
  tooManyImages: 'You can upload a maximum of 5 images',
  tooLarge: (name: string) => `File ${name} exceeds 5MB limit`,
  notImage: (name: string) => `File ${name} is not a valid image`,
  price: 'Please enter a valid price (0 or more)',
} as const

/** What the form holds: text as typed; images already stored (URLs) and files picked. */
export interface ListingDraft {
  title: string
  category: string
  price: string
  description: string
  location: string
  imageUrls: readonly string[]
  files: readonly { name: string; size: number; type: string }[]
}

/** The first problem with the files picked (they are refused one by one, before anything is uploaded). */
export function fileProblem(
  files: readonly { name: string; size: number; type: string }[],
  alreadyThere: number,
): string | null {
  if (alreadyThere + files.length > MAX_LISTING_IMAGES) return LISTING_FORM_MESSAGES.tooManyImages
  for (const file of files) {
    if (!(LISTING_IMAGE_TYPES as readonly string[]).includes(file.type))
      return LISTING_FORM_MESSAGES.notImage(file.name)
    if (file.size > MAX_IMAGE_BYTES) return LISTING_FORM_MESSAGES.tooLarge(file.name)
  }
  return null
}

/**
 * The form's first problem, as the spec orders them: a required field empty, then the images (at
 * least one, at most five, each an image of at most 5 MB), then the price (a number, 0 or more).
 * Null when it may be saved.
 */
export function listingDraftProblem(draft: ListingDraft): string | null {
  const required = [draft.title, draft.category, draft.price, draft.description, draft.location]
  if (required.some((value) => value.trim() === '')) return LISTING_FORM_MESSAGES.required
  const images = draft.imageUrls.length + draft.files.length
  if (images === 0) return LISTING_FORM_MESSAGES.noImage
  const files = fileProblem(draft.files, draft.imageUrls.length)
  if (files) return files
  const price = Number(draft.price.trim())
  if (!Number.isFinite(price) || price < 0) return LISTING_FORM_MESSAGES.price
  return null
}

/** The tabs of My Listings (default Active) and the status a user sees (spec section 4). */
export const MY_LISTINGS_TABS = ['all', 'active', 'pending', 'expired'] as const
export type MyListingsTab = (typeof MY_LISTINGS_TABS)[number]
export const DEFAULT_MY_LISTINGS_TAB: MyListingsTab = 'active'

/** Approved is shown to its owner as active, rejected as expired. */
export function userStatusOf(status: ListingStatus): 'active' | 'pending' | 'expired' | 'rejected' {
  if (status === 'approved') return 'active'
  return status
}

/** Whether a listing shows under a tab: rejected ones under Expired (spec section 4's mapping). */
export function inMyListingsTab(status: ListingStatus, tab: MyListingsTab): boolean {
  if (tab === 'all') return true
  const shown = userStatusOf(status)
  return tab === 'expired' ? shown === 'expired' || shown === 'rejected' : shown === tab
}

/** The notes under a pending and a rejected listing, word for word (spec section 4). */
export const STATUS_NOTES: Partial<Record<ListingStatus, string>> = {
  pending: 'Your listing is awaiting admin approval. It will be visible to others once approved.',
  rejected: 'Your listing was rejected. Please edit it according to our guidelines and resubmit.',
}

/** 'No {status} listings found' (the All tab: 'No listings found'). */
export function emptyTabMessage(tab: MyListingsTab): string {
  return tab === 'all' ? 'No listings found' : `No ${tab} listings found`
}
