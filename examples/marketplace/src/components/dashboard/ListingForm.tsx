import { ImagePlus, X } from 'lucide-react'
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Listing } from '../../data/listing.ts'
import { LOCATIONS } from '../../data/locations.ts'
import { downscaleImage, thumbnailImage } from '../../lib/dashboard/downscale.ts'
import { announceListings } from '../../lib/dashboard/events.ts'
import {
  fileProblem,
  LISTING_FORM_CATEGORIES,
  LISTING_IMAGE_TYPES,
  listingDraftProblem,
  MAX_LISTING_IMAGES,
} from '../../lib/dashboard/listing-form.ts'
import { ListingSaveError, type MyListings, type StoredPhoto } from '../../lib/dashboard/my-listings.ts'

/** The spec's save delay (section 9): the form shows Saving for at least this long. */
const SAVE_DELAY_MS = 1500

interface ListingFormProps {
  /** The listing to edit; none: a new one. */
  listing?: Listing
  userName: string
  store: () => Promise<MyListings>
  /** Saved or cancelled: back to the list. */
  onDone: () => void
}

/** A picked photo as it is stored: downscaled, with its thumbnail for cards. */
async function photoToStore(file: File): Promise<{ image: Blob; thumbnail: Blob }> {
  const image = await downscaleImage(file)
  return { image, thumbnail: await thumbnailImage(image) }
}

/** The thumbnail of each of a listing's images, by image URL. */
function thumbnailsOf(listing: Listing | undefined): Map<string, string> {
  const images = listing ? (listing.imageUrls ?? [listing.imageUrl]) : []
  return new Map(images.map((url, index) => [url, listing?.thumbnailUrls?.[index] ?? '']))
}

const FIELD =
  'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none'

/**
 * The listing form (spec sections 2 and 5) in place of My Listings: every field, 1 to 5 images
 * (checked as picked, downscaled in the browser, then uploaded), the spec's messages, Saving for
 * 1.5 s; over the plan's limit the database's message and the way to Subscription. Edit keeps the
 * listing's status (the database does).
 */
export function ListingForm({ listing, userName, store, onDone }: ListingFormProps) {
  const editing = listing !== undefined
  const [title, setTitle] = useState(listing?.title ?? '')
  const [category, setCategory] = useState(listing?.category ?? '')
  const [price, setPrice] = useState(listing ? String(listing.price) : '')
  const [description, setDescription] = useState(listing?.description ?? '')
  const [location, setLocation] = useState(listing?.location ?? '')
  const [kept, setKept] = useState<string[]>(
    listing ? (listing.imageUrls ?? [listing.imageUrl]).filter(Boolean) : [],
  )
  const [files, setFiles] = useState<File[]>([])
  const [problem, setProblem] = useState<{ text: string; planLimit?: boolean } | null>(null)
  const [saving, setSaving] = useState(false)
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files])
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url)
    },
    [previews],
  )
  const id = useId()

  const pick = (picked: FileList | null) => {
    const added = [...(picked ?? [])]
    const refused = fileProblem(added, kept.length + files.length)
    if (refused) {
      setProblem({ text: refused })
      return
    }
    setProblem(null)
    setFiles((current) => [...current, ...added])
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const draft = { title, category, price, description, location, imageUrls: kept, files }
    const refused = listingDraftProblem(draft)
    if (refused) {
      setProblem({ text: refused })
      return
    }
    setProblem(null)
    setSaving(true)
    const started = performance.now()
    let uploaded: StoredPhoto[] = []
    let mine: MyListings | null = null
    try {
      mine = await store()
      uploaded = await mine.uploadPhotos(await Promise.all(files.map(photoToStore)))
      const keptThumbnails = thumbnailsOf(listing)
      const fields = {
        title,
        category,
        price: Number(price.trim()),
        description,
        location,
        imageUrls: [...kept, ...uploaded.map((photo) => photo.imageUrl)],
        thumbnailUrls: [
          ...kept.map((url) => keptThumbnails.get(url) ?? ''),
          ...uploaded.map((photo) => photo.thumbnailUrl),
        ],
      }
      const saved = listing
        ? await mine.update(listing.id, fields, userName)
        : await mine.create(fields, userName)
      // Images taken off an edited listing are deleted from Storage once the listing no longer names them.
      if (listing) {
        const keptThumbnails = thumbnailsOf(listing)
        const dropped = (listing.imageUrls ?? [listing.imageUrl])
          .filter((url) => !kept.includes(url))
          .flatMap((url) => [url, keptThumbnails.get(url) ?? ''])
          .filter(Boolean)
        await mine
          .removeImages(dropped)
          .catch((error: unknown) => console.error('[marketplace] Removed images stayed in Storage:', error))
      }
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, SAVE_DELAY_MS - (performance.now() - started))),
      )
      announceListings(editing ? 'updated' : 'created', saved.id)
      onDone()
    } catch (error) {
      console.error('[marketplace] The listing was not saved:', error)
      // The images this save stored go again: a refused listing leaves nothing behind.
      await mine
        ?.removeImages(uploaded.flatMap((photo) => [photo.imageUrl, photo.thumbnailUrl]))
        .catch((cleanup: unknown) => console.error('[marketplace] Its images were not removed:', cleanup))
      const planLimit = error instanceof ListingSaveError && error.planLimit
      setProblem(
        planLimit
          ? { text: (error as Error).message, planLimit: true }
          : {
              text: `An error occurred while ${editing ? 'updating' : 'creating'} your listing. Please try again.`,
            },
      )
      setSaving(false)
    }
  }

  const images = kept.length + files.length
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-gray-900">
        {editing ? 'Edit Listing' : 'Create New Listing'}
      </h2>
      <form
        noValidate
        onSubmit={submit}
        className="mt-6 grid grid-cols-1 gap-5 md:grid-cols-2"
        aria-busy={saving}
      >
        {problem && (
          <div
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700 md:col-span-2"
          >
            {problem.text}
            {problem.planLimit && (
              <>
                {' '}
                <Link to="/dashboard?tab=subscription" className="font-medium underline">
                  Go to Subscription
                </Link>
              </>
            )}
          </div>
        )}
        <label className="block text-sm font-medium text-gray-700 md:col-span-2">
          Title *
          <input
            className={FIELD}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={200}
          />
        </label>
        <label className="block text-sm font-medium text-gray-700">
          Category *
          <select className={FIELD} value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">Select a category</option>
            {LISTING_FORM_CATEGORIES.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-gray-700">
          Price (₹) *
          <input
            className={FIELD}
            type="number"
            inputMode="decimal"
            min={0}
            value={price}
            onChange={(event) => setPrice(event.target.value)}
          />
        </label>
        <label className="block text-sm font-medium text-gray-700">
          Location *
          <select className={FIELD} value={location} onChange={(event) => setLocation(event.target.value)}>
            <option value="">Select a location</option>
            {LOCATIONS.filter((entry) => entry.id !== 'all').map((entry) => (
              <option key={entry.id}>{entry.name}</option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-gray-700 md:col-span-2">
          Description *
          <textarea
            className={`${FIELD} min-h-32`}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={5000}
          />
        </label>
        <fieldset className="md:col-span-2">
          <legend className="text-sm font-medium text-gray-700">
            Images * ({images} of {MAX_LISTING_IMAGES}; JPG, PNG, GIF or WebP, up to 5MB each)
          </legend>
          <ul aria-label="Images" className="mt-2 flex flex-wrap gap-3">
            {[
              ...kept.map((url) => ({ url, kept: true })),
              ...previews.map((url) => ({ url, kept: false })),
            ].map((image, index) => (
              <li
                key={image.url}
                className="relative h-24 w-24 overflow-hidden rounded-md border border-gray-200"
              >
                <img
                  src={image.url}
                  alt={`Upload ${index + 1} of ${images}`}
                  className="h-full w-full object-cover"
                />
                <button
                  type="button"
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() =>
                    image.kept
                      ? setKept((current) => current.filter((url) => url !== image.url))
                      : setFiles((current) => current.filter((_, at) => at !== index - kept.length))
                  }
                  className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-gray-700 shadow hover:bg-white focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
                >
                  <X className="h-3.5 w-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
            {images < MAX_LISTING_IMAGES && (
              <li>
                <label className="flex h-24 w-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed border-gray-300 text-xs text-gray-600 focus-within:ring-2 focus-within:ring-blue-500 hover:border-blue-400">
                  <ImagePlus className="h-5 w-5" aria-hidden="true" />
                  Add images
                  <input
                    type="file"
                    multiple
                    accept={LISTING_IMAGE_TYPES.join(',')}
                    className="sr-only"
                    onChange={(event) => {
                      pick(event.target.files)
                      event.target.value = ''
                    }}
                  />
                </label>
              </li>
            )}
          </ul>
        </fieldset>
        <div className="flex justify-end gap-3 md:col-span-2">
          <button
            type="button"
            onClick={onDone}
            disabled={saving}
            className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={saving}
            className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-60"
          >
            {saving ? 'Saving...' : editing ? 'Update Listing' : 'Create Listing'}
          </button>
        </div>
      </form>
    </section>
  )
}
