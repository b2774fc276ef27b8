import { describe, expect, test } from 'vitest'
import {
  DEFAULT_MY_LISTINGS_TAB,
  emptyTabMessage,
  fileProblem,
  inMyListingsTab,
  LISTING_FORM_CATEGORIES,
  LISTING_FORM_MESSAGES,
  LISTING_IMAGE_TYPES,
  type ListingDraft,
  listingDraftProblem,
  MAX_IMAGE_BYTES,
  MAX_LISTING_IMAGES,
  STATUS_NOTES,
  userStatusOf,
} from './listing-form.ts'

const photo = (name = 'a.jpg', size = 1000, type = 'image/jpeg') => ({ name, size, type })
const draft = (change: Partial<ListingDraft> = {}): ListingDraft => ({
  title: 'Teak sofa',
  category: 'Furniture',
  price: '35000',
  description: 'Five seater.',
  location: 'Sedam',
  imageUrls: [],
  files: [photo()],
  ...change,
})

describe('the listing form (spec section 5)', () => {
  test("the spec's constants: eight categories, 5 images of 5 MB, JPG/PNG/GIF (and WebP, which the downscaler writes)", () => {
    expect(LISTING_FORM_CATEGORIES).toEqual([
      'Real Estate',
      'Vehicles',
      'Electronics',
      'Jobs',
      'Services',
      'Furniture',
      'Fashion',
      'Education',
    ])
    expect([MAX_LISTING_IMAGES, MAX_IMAGE_BYTES]).toEqual([5, 5 * 1024 * 1024])
    expect(LISTING_IMAGE_TYPES).toEqual(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
  })

  test('a complete draft may be saved', () => {
    expect(listingDraftProblem(draft())).toBeNull()
    expect(listingDraftProblem(draft({ price: '0' }))).toBeNull()
    expect(listingDraftProblem(draft({ files: [], imageUrls: ['/a.png'] }))).toBeNull()
  })

  test('each required field, even blank with spaces', () => {
    for (const field of ['title', 'category', 'price', 'description', 'location'] as const)
      expect(listingDraftProblem(draft({ [field]: '  ' })), field).toBe('Please fill in all required fields')
  })

  test('1 to 5 images, each an image of at most 5 MB, named in the message', () => {
    expect(listingDraftProblem(draft({ files: [] }))).toBe('Please upload at least one image')
    expect(listingDraftProblem(draft({ files: Array.from({ length: 6 }, () => photo()) }))).toBe(
      'You can upload a maximum of 5 images',
    )
    expect(listingDraftProblem(draft({ imageUrls: ['1', '2', '3', '4'], files: [photo(), photo()] }))).toBe(
      'You can upload a maximum of 5 images',
    )
    expect(listingDraftProblem(draft({ files: [photo('big.png', MAX_IMAGE_BYTES + 1, 'image/png')] }))).toBe(
      'File big.png exceeds 5MB limit',
    )
    expect(fileProblem([photo('ok.png', MAX_IMAGE_BYTES, 'image/png')], 0)).toBeNull()
    expect(listingDraftProblem(draft({ files: [photo('notes.pdf', 10, 'application/pdf')] }))).toBe(
      'File notes.pdf is not a valid image',
    )
    expect(fileProblem([photo('x.svg', 10, 'image/svg+xml')], 0)).toBe('File x.svg is not a valid image')
  })

  test('the price is a number, 0 or more', () => {
    expect(listingDraftProblem(draft({ price: '-1' }))).toBe(LISTING_FORM_MESSAGES.price)
    expect(listingDraftProblem(draft({ price: 'ten' }))).toBe(LISTING_FORM_MESSAGES.price)
    expect(listingDraftProblem(draft({ price: '1e3' }))).toBeNull()
  })
})

describe('My Listings (spec section 4)', () => {
  test('approved shows as active, rejected as expired; Active is the first tab shown', () => {
    expect(DEFAULT_MY_LISTINGS_TAB).toBe('active')
    expect(userStatusOf('approved')).toBe('active')
    expect(userStatusOf('pending')).toBe('pending')
    expect(inMyListingsTab('approved', 'active')).toBe(true)
    expect(inMyListingsTab('rejected', 'expired')).toBe(true)
    expect(inMyListingsTab('expired', 'expired')).toBe(true)
    expect(inMyListingsTab('pending', 'active')).toBe(false)
    expect(inMyListingsTab('rejected', 'all')).toBe(true)
  })

  test('the notes and empty states word for word', () => {
    expect(STATUS_NOTES.pending).toBe(
      'Your listing is awaiting admin approval. It will be visible to others once approved.',
    )
    expect(STATUS_NOTES.rejected).toBe(
      'Your listing was rejected. Please edit it according to our guidelines and resubmit.',
    )
    expect(emptyTabMessage('pending')).toBe('No pending listings found')
  })
})
