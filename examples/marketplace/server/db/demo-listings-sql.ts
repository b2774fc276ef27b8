/**
 * The demo listings as SQL: the migration that seeds them in Postgres
 * (supabase/migrations/20261127000100_demo_listings.sql) is generated from src/data/demo-listings.ts,
 * the browser-storage mode's seeds, so both modes show the same marketplace. The test beside this file
 * fails when they differ; write the file again with
 *
 *   npx tsx examples/marketplace/server/db/demo-listings-sql.ts --write
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { DEMO_LISTINGS } from '../../src/data/demo-listings.ts'
import type { Listing } from '../../src/data/listing.ts'

export const DEMO_LISTINGS_MIGRATION = fileURLToPath(
  new URL('../../supabase/migrations/20261127000100_demo_listings.sql', import.meta.url),
)

const text = (value: string | undefined | null): string =>
  value === undefined || value === null ? 'null' : `'${value.replaceAll("'", "''")}'`

const textArray = (values: readonly string[]): string =>
  values.length === 0 ? `'{}'::text[]` : `array[${values.map(text).join(', ')}]::text[]`

function row(listing: Listing): string {
  const images = listing.imageUrls ?? (listing.imageUrl ? [listing.imageUrl] : [])
  return `  (${[
    text(listing.id),
    text(listing.title),
    String(listing.price),
    text(listing.category),
    text(listing.location),
    text(listing.description),
    text(listing.status),
    listing.createdAt ? `${text(listing.createdAt)}::timestamptz` : 'null',
    text(listing.postedTime),
    text(listing.userId),
    text(listing.userName),
    text(listing.imageUrl),
    textArray(images),
    String(listing.views ?? 0),
    String(listing.reportCount ?? 0),
    textArray(listing.reportReasons ?? []),
    String(listing.featured ?? false),
  ].join(', ')})`
}

/** The migration's text. */
export function demoListingsSql(listings: readonly Listing[] = DEMO_LISTINGS): string {
  return `-- Generated from src/data/demo-listings.ts by server/db/demo-listings-sql.ts: do not edit by hand.
-- The spec's demonstration listings (L1001 to L1010) and the demo listings of every category, seeded
-- once; a listing already there (perhaps edited or moderated) is left as it is.

insert into public.listings (id, title, price, category, location, description, status, created_at, posted_time,
  user_id, user_name, image_url, image_urls, views, report_count, report_reasons, featured) values
${listings.map(row).join(',\n')}
on conflict (id) do nothing;
`
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write')) {
  writeFileSync(DEMO_LISTINGS_MIGRATION, demoListingsSql())
  console.log(`Wrote ${DEMO_LISTINGS_MIGRATION}`)
}
