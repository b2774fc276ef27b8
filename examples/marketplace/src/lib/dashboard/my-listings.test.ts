import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestBackend, type TestBackend } from '../../../server/supabase-test-clients.ts'
import { cardImage } from '../../data/listing.ts'
import { LISTING_IMAGES_BUCKET, type ListingFields, ListingSaveError, MyListings } from './my-listings.ts'

// A customer's listings through supabase-js against the local backend: what My Listings and the
// listing form do, and what the database decides for them.

let backend: TestBackend
const ids = { a: '40000000-0000-4000-8000-00000000000a', b: '40000000-0000-4000-8000-00000000000b' }
let mine: MyListings
let theirs: MyListings

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
const fields = (change: Partial<ListingFields> = {}): ListingFields => ({
  title: 'Teak sofa ',
  category: 'Furniture',
  price: 35000,
  description: 'Five seater.',
  location: 'Sedam',
  imageUrls: [],
  ...change,
})

beforeAll(async () => {
  backend = await startTestBackend('marketplace-my-listings-')
  await backend.createUser(ids.a, 'mine-a@example.com', 'Asha')
  await backend.createUser(ids.b, 'mine-b@example.com', 'Bhim')
  mine = new MyListings(backend.client(await backend.tokenFor(ids.a)), ids.a)
  theirs = new MyListings(backend.client(await backend.tokenFor(ids.b)), ids.b)
})

afterAll(async () => {
  await backend?.close()
})

describe('my listings', () => {
  test('post with images: pending, mine, its images public; edit keeps the status; the Free plan allows one; delete takes its images', async () => {
    const urls = await mine.uploadImages([
      new Blob([PNG], { type: 'image/png' }),
      new Blob([PNG], { type: 'image/png' }),
    ])
    expect(urls).toHaveLength(2)
    for (const url of urls) expect((await fetch(url)).status).toBe(200)

    const posted = await mine.create(fields({ imageUrls: urls }), 'Asha')
    expect(posted).toMatchObject({
      title: 'Teak sofa',
      status: 'pending',
      userId: ids.a,
      imageUrl: urls[0],
      views: 0,
    })
    expect(await mine.list()).toEqual([posted])
    expect(await theirs.list()).toEqual([])

    const edited = await mine.update(
      posted.id,
      fields({ title: 'Teak sofa, 5 seater', imageUrls: urls }),
      'Asha',
    )
    expect(edited).toMatchObject({ title: 'Teak sofa, 5 seater', status: 'pending' })
    await expect(theirs.update(posted.id, fields(), 'Bhim')).rejects.toThrow('no longer yours')

    const second = mine.create(fields({ title: 'Chair' }), 'Asha')
    await expect(second).rejects.toBeInstanceOf(ListingSaveError)
    await expect(second).rejects.toMatchObject({
      planLimit: true,
      message: 'Your Free plan allows 1 listing. Upgrade your plan in Subscription to post more.',
    })

    await expect(theirs.remove(edited)).rejects.toThrow('already deleted')
    await mine.remove(edited)
    expect(await mine.list()).toEqual([])
    for (const url of urls) expect((await fetch(url)).status).toBe(404)
  })

  test('photos: each stored with its thumbnail; a card shows the thumbnail; delete takes both', async () => {
    const photos = await mine.uploadPhotos([
      { image: new Blob([PNG], { type: 'image/png' }), thumbnail: new Blob([PNG], { type: 'image/png' }) },
      { image: new Blob([PNG], { type: 'image/png' }), thumbnail: new Blob([PNG], { type: 'image/png' }) },
    ])
    expect(photos).toHaveLength(2)
    expect(new Set(photos.flatMap((photo) => [photo.imageUrl, photo.thumbnailUrl])).size).toBe(4)
    const posted = await mine.create(
      fields({
        imageUrls: photos.map((photo) => photo.imageUrl),
        thumbnailUrls: photos.map((photo) => photo.thumbnailUrl),
      }),
      'Asha',
    )
    expect(posted.thumbnailUrls).toEqual(photos.map((photo) => photo.thumbnailUrl))
    expect(cardImage(posted)).toBe(photos[0]?.thumbnailUrl)
    // An edit keeping an image without a thumbnail (a demo one) says so with '' at its place.
    const edited = await mine.update(
      posted.id,
      fields({
        imageUrls: ['/images/listings/car-1.svg', photos[1]?.imageUrl ?? ''],
        thumbnailUrls: ['', photos[1]?.thumbnailUrl ?? ''],
      }),
      'Asha',
    )
    expect(edited.thumbnailUrls).toEqual(['', photos[1]?.thumbnailUrl])
    expect(cardImage(edited)).toBe('/images/listings/car-1.svg')
    await mine.removeImages([photos[0]?.imageUrl ?? '', photos[0]?.thumbnailUrl ?? ''])
    await mine.remove(edited)
    for (const photo of photos) {
      expect((await fetch(photo.imageUrl)).status).toBe(404)
      expect((await fetch(photo.thumbnailUrl)).status).toBe(404)
    }
  })

  test("the bucket is the migration's, with the form's limits", () => {
    const migration = readFileSync(
      new URL('../../../supabase/migrations/20261127000000_listings_plans_payments.sql', import.meta.url),
      'utf8',
    )
    expect(migration).toContain(
      `values ('${LISTING_IMAGES_BUCKET}', '${LISTING_IMAGES_BUCKET}', true, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])`,
    )
  })

  test("only the user's own stored images are theirs to remove", () => {
    expect(mine.storedName(`http://x/storage/v1/object/public/listing-images/${ids.a}/p.png`)).toBe(
      `${ids.a}/p.png`,
    )
    expect(mine.storedName(`http://x/storage/v1/object/public/listing-images/${ids.b}/p.png`)).toBeNull()
    expect(mine.storedName('/images/listings/car-1.svg')).toBeNull()
  })
})
