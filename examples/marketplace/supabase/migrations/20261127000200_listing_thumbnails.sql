-- A small copy of each listing image for the cards (issue 29): thumbnail_urls[i] is image_urls[i]'s, or
-- '' when it has none (a demo image, an image stored before thumbnails); a card falls back to the image.
alter table public.listings
  add column thumbnail_urls text[] not null default '{}'
  check (cardinality(thumbnail_urls) <= 5);
grant insert (thumbnail_urls), update (thumbnail_urls) on public.listings to authenticated;
