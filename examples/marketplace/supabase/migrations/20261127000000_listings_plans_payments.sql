-- One marketplace for everyone (issue 29): the listings, plans, subscriptions, payments and reports of
-- the spec (section 3) in Postgres, shared by every visitor. Row-level security, constraints and
-- triggers decide what a client may do, not the form: the public reads approved/active listings only;
-- an owner reads and edits their own listings but never their status, views or reports; a new listing
-- is pending whatever the client sends; the plan's listing limit is enforced here. The same file runs
-- on a Supabase project and on the local backend.

create extension if not exists pg_trgm;

-- Plans (spec section 3, Plan; section 9). listing_limit -1 is unlimited.
create table public.plans (
  id text primary key check (id ~ '^[a-z][a-z0-9-]{0,31}$'),
  name text not null check (length(name) between 1 and 60),
  price numeric(12, 2) not null check (price >= 0),
  period text not null check (period in ('month', 'year', 'forever')),
  listing_limit integer not null check (listing_limit >= -1),
  description text not null default '',
  features jsonb not null default '[]'::jsonb check (jsonb_typeof(features) = 'array'),
  is_popular boolean not null default false,
  is_active boolean not null default true,
  button_text text not null default '',
  sort_order integer not null default 0
);

insert into public.plans (id, name, price, period, listing_limit, description, features, is_popular, is_active, button_text, sort_order) values
  ('free', 'Free', 0, 'forever', 1, 'Your first listing is free.',
    '[{"name":"1 active listing","included":true},{"name":"Basic listing visibility","included":true},{"name":"Email support","included":true},{"name":"Featured listings","included":false}]',
    false, true, 'Get Started', 1),
  ('basic', 'Basic', 499, 'month', 5, 'For regular sellers.',
    '[{"name":"Up to 5 active listings","included":true},{"name":"Better listing visibility","included":true},{"name":"Priority email support","included":true},{"name":"Featured listings","included":false}]',
    true, true, 'Choose Basic', 2),
  ('premium', 'Premium', 999, 'month', -1, 'For shops and power sellers.',
    '[{"name":"Unlimited listings","included":true},{"name":"Ad-free experience","included":true},{"name":"24/7 phone support","included":true},{"name":"Featured listings","included":true}]',
    false, true, 'Choose Premium', 3),
  ('business', 'Business', 1999, 'month', -1, 'Set up by administrators for businesses.',
    '[{"name":"Unlimited listings","included":true},{"name":"Dedicated account manager","included":true},{"name":"24/7 phone support","included":true},{"name":"Featured listings","included":true}]',
    false, false, 'Contact Us', 4);

-- Listings (spec section 3, Listing). user_id is text: the demo listings' owners (demo-user-1) are
-- no accounts; a user's listing carries its auth id.
create table public.listings (
  id text primary key check (id ~ '^L[0-9]{4,16}$'),
  title text not null check (length(btrim(title)) between 1 and 200),
  price numeric(14, 2) not null check (price >= 0),
  category text not null check (length(btrim(category)) between 1 and 60),
  location text not null check (length(btrim(location)) between 1 and 60),
  -- Required of a client (the guard below); a demo listing may have none.
  description text not null default '' check (length(description) <= 5000),
  status text not null default 'pending'
    check (status in ('active', 'approved', 'pending', 'expired', 'rejected')),
  -- Optional, as in the spec: a demo listing without it shows its posted_time text instead.
  created_at timestamptz default now(),
  updated_at timestamptz not null default now(),
  posted_time text,
  user_id text not null,
  user_name text not null default '',
  image_url text not null default '',
  image_urls text[] not null default '{}' check (cardinality(image_urls) <= 5),
  views integer not null default 0 check (views >= 0),
  report_count integer not null default 0 check (report_count >= 0),
  report_reasons text[] not null default '{}',
  featured boolean not null default false,
  -- The number in the id: newest first is by it, descending (spec section 9).
  listing_number bigint generated always as ((substring(id from 2))::bigint) stored
);

-- Public lists: newest first among the public statuses, by category, by price; the text match by trigram.
create index listings_public_newest_idx on public.listings (listing_number desc)
  where status in ('active', 'approved');
create index listings_public_category_idx on public.listings (category, listing_number desc)
  where status in ('active', 'approved');
create index listings_public_price_idx on public.listings (price, listing_number desc)
  where status in ('active', 'approved');
create index listings_public_category_price_idx on public.listings (category, price, listing_number desc)
  where status in ('active', 'approved');
create index listings_title_trgm_idx on public.listings using gin (title gin_trgm_ops);
create index listings_category_trgm_idx on public.listings using gin (category gin_trgm_ops);
create index listings_user_idx on public.listings (user_id, created_at desc);

-- A user's subscription (spec section 3, User subscription). One active at a time.
create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  user_name text not null default '',
  plan_id text not null references public.plans (id),
  plan_name text not null,
  start_date timestamptz not null default now(),
  end_date timestamptz,
  status text not null default 'active' check (status in ('active', 'expired', 'cancelled')),
  auto_renew boolean not null default true,
  amount numeric(12, 2) not null default 0 check (amount >= 0)
);
create unique index subscriptions_one_active_idx on public.subscriptions (user_id) where status = 'active';

-- Payment records (spec section 3). Payments are simulated, as the spec says, and recorded here.
create table public.payments (
  id text primary key default ('PAY' || (floor(extract(epoch from clock_timestamp()) * 1000))::bigint::text),
  user_id uuid not null references auth.users (id) on delete cascade,
  date timestamptz not null default now(),
  amount numeric(12, 2) not null check (amount >= 0),
  description text not null,
  status text not null check (status in ('successful', 'pending', 'failed')),
  method text check (method in ('card', 'paypal')),
  invoice_url text not null default ''
);
create index payments_user_idx on public.payments (user_id, date desc);

-- Reports of a listing by visitors; the listing's report_count and reasons follow.
create table public.listing_reports (
  id bigint generated always as identity primary key,
  listing_id text not null references public.listings (id) on delete cascade,
  reporter uuid references auth.users (id) on delete set null,
  reason text not null check (length(btrim(reason)) between 1 and 500),
  created_at timestamptz not null default now()
);
create index listing_reports_listing_idx on public.listing_reports (listing_id);

-- The plan a user is on now: their active, unexpired subscription's, else Free. Asked of oneself, or by
-- an admin, or by the marketplace's own functions; a customer gets nothing of another's.
create function public.current_plan(target uuid default auth.uid()) returns public.plans
language sql stable security definer
set search_path = ''
as $$
  select p.* from public.plans p
  where (target = auth.uid() or public.is_admin() or not private.is_client_request())
    and p.id = coalesce(
    (select s.plan_id from public.subscriptions s
      where s.user_id = target and s.status = 'active' and (s.end_date is null or s.end_date > now())
      order by s.start_date desc limit 1),
    'free')
$$;

-- How many listings count against a user's plan: those not expired or rejected, created since the
-- current subscription began (a plan change resets the usage to 0, spec section 4). Asked as current_plan is.
create function public.listings_used(target uuid default auth.uid()) returns integer
language sql stable security definer
set search_path = ''
as $$
  select count(*)::integer from public.listings l
  where (target = auth.uid() or public.is_admin() or not private.is_client_request())
    and l.user_id = target::text
    and l.status in ('active', 'approved', 'pending')
    and l.created_at >= coalesce(
      (select s.start_date from public.subscriptions s
        where s.user_id = target and s.status = 'active' and (s.end_date is null or s.end_date > now())
        order by s.start_date desc limit 1),
      '-infinity'::timestamptz)
$$;

-- New listing ids: L plus a timestamp (spec section 3), one more when two share a millisecond. Set by
-- the trigger below, whatever id a client sends.
create function public.new_listing_id() returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  candidate bigint := floor(extract(epoch from clock_timestamp()) * 1000)::bigint;
begin
  while exists (select 1 from public.listings where id = 'L' || candidate::text) loop
    candidate := candidate + 1;
  end loop;
  return 'L' || candidate::text;
end
$$;

-- A client's listing: pending, unseen, unreported, theirs, whatever it sent; an edit keeps what only
-- an admin (or the database) changes; the plan's limit holds. Security invoker: `current_user` is the
-- client's role (anon, authenticated) for a request, the owner inside the marketplace's own functions
-- (a view counted, a report), which are trusted.
create function public.guard_listing_row() returns trigger
language plpgsql security invoker
set search_path = ''
as $$
declare
  plan public.plans;
  used integer;
begin
  new.updated_at := now();
  if tg_op = 'INSERT' and (new.id is null or current_user in ('anon', 'authenticated')) then
    new.id := public.new_listing_id();
  end if;
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if length(btrim(new.description)) = 0 then
    raise exception 'Please fill in all required fields' using errcode = '23514', hint = 'description';
  end if;
  if tg_op = 'INSERT' then
    if auth.uid() is null then
      raise exception 'Sign in to post a listing' using errcode = '42501';
    end if;
    new.user_id := auth.uid()::text;
    new.status := 'pending';
    new.views := 0;
    new.report_count := 0;
    new.report_reasons := '{}';
    new.featured := false;
    new.created_at := now();
    if not public.is_admin() then
      -- Two posts at once by one user are counted one after the other.
      perform pg_advisory_xact_lock(hashtext('listing-limit:' || new.user_id));
      plan := public.current_plan(auth.uid());
      used := public.listings_used(auth.uid());
      if plan.listing_limit <> -1 and used >= plan.listing_limit then
        raise exception 'Your % plan allows % listing%. Upgrade your plan in Subscription to post more.',
          plan.name, plan.listing_limit, case when plan.listing_limit = 1 then '' else 's' end
          using errcode = 'P0001', hint = 'plan_limit';
      end if;
    end if;
    return new;
  end if;
  -- UPDATE
  if new.id is distinct from old.id or new.user_id is distinct from old.user_id then
    raise exception 'A listing keeps its id and its owner' using errcode = '42501';
  end if;
  if new.created_at is distinct from old.created_at then
    raise exception 'A listing keeps its posting date' using errcode = '42501';
  end if;
  if not public.is_admin() then
    if new.status is distinct from old.status then
      raise exception 'Only an admin can change a listing''s status' using errcode = '42501';
    end if;
    if new.views is distinct from old.views or new.report_count is distinct from old.report_count
      or new.report_reasons is distinct from old.report_reasons or new.featured is distinct from old.featured then
      raise exception 'Views, reports and featuring are kept by the marketplace' using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;

create trigger guard_listings before insert or update on public.listings
  for each row execute function public.guard_listing_row();

alter table public.plans enable row level security;
alter table public.listings enable row level security;
alter table public.subscriptions enable row level security;
alter table public.payments enable row level security;
alter table public.listing_reports enable row level security;

create policy "plans: active to everyone, all to admins" on public.plans for select to anon, authenticated
  using (is_active or public.is_admin());
create policy "plans: admins write" on public.plans for all to authenticated
  using (public.is_admin()) with check (public.is_admin());

create policy "listings: public ones to everyone" on public.listings for select to anon, authenticated
  using (status in ('active', 'approved'));
create policy "listings: own or admin" on public.listings for select to authenticated
  using (user_id = auth.uid()::text or public.is_admin());
create policy "listings: post as oneself" on public.listings for insert to authenticated
  with check (user_id = auth.uid()::text or public.is_admin());
create policy "listings: edit own or admin" on public.listings for update to authenticated
  using (user_id = auth.uid()::text or public.is_admin())
  with check (user_id = auth.uid()::text or public.is_admin());
create policy "listings: delete own or admin" on public.listings for delete to authenticated
  using (user_id = auth.uid()::text or public.is_admin());

create policy "subscriptions: own or admin" on public.subscriptions for select to authenticated
  using (user_id = auth.uid() or public.is_admin());
create policy "payments: own or admin" on public.payments for select to authenticated
  using (user_id = auth.uid() or public.is_admin());
create policy "reports: admins read" on public.listing_reports for select to authenticated
  using (public.is_admin());

revoke all on public.plans, public.listings, public.subscriptions, public.payments, public.listing_reports
  from anon, authenticated;
grant select on public.plans, public.listings to anon, authenticated;
grant insert, update, delete on public.plans to authenticated;
grant insert (id, title, price, category, location, description, user_name, image_url, image_urls, posted_time, user_id,
  status, views, report_count, report_reasons, featured)
  on public.listings to authenticated;
grant update (title, price, category, location, description, user_name, image_url, image_urls, posted_time,
  status, views, report_count, report_reasons, featured)
  on public.listings to authenticated;
grant delete on public.listings to authenticated;
grant select on public.subscriptions, public.payments, public.listing_reports to authenticated;
grant all on public.plans, public.listings, public.subscriptions, public.payments, public.listing_reports
  to service_role;

-- A visit of a public listing's detail page counts one view.
create function public.increment_listing_views(listing_id text) returns integer
language sql volatile security definer
set search_path = ''
as $$
  update public.listings set views = views + 1
  where id = listing_id and status in ('active', 'approved')
  returning views
$$;

-- A signed-in visitor reports a public listing; its count and reasons follow.
create function public.report_listing(listing_id text, reason text) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  counted integer;
begin
  if auth.uid() is null then
    raise exception 'Sign in to report a listing' using errcode = '42501';
  end if;
  if report_listing.reason is null or length(btrim(report_listing.reason)) = 0 then
    raise exception 'Say why you report this listing' using errcode = '22023';
  end if;
  if not exists (
    select 1 from public.listings l where l.id = report_listing.listing_id and l.status in ('active', 'approved')
  ) then
    raise exception 'No such listing' using errcode = 'P0002';
  end if;
  insert into public.listing_reports (listing_id, reporter, reason)
    values (report_listing.listing_id, auth.uid(), btrim(report_listing.reason));
  update public.listings l
    set report_count = l.report_count + 1, report_reasons = l.report_reasons || btrim(report_listing.reason)
    where l.id = report_listing.listing_id
    returning l.report_count into counted;
  return counted;
end
$$;

-- A plan change (spec section 4): the payment is simulated and recorded; the new plan runs 30 days from
-- now, the usage starts again at 0, the last active subscription ends.
create function public.change_plan(new_plan text, method text) returns public.subscriptions
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  chosen public.plans;
  on_now public.plans;
  display_name text;
  made public.subscriptions;
begin
  if me is null then
    raise exception 'Sign in to change your plan' using errcode = '42501';
  end if;
  if change_plan.method is null or change_plan.method not in ('card', 'paypal') then
    raise exception 'Pay by card or PayPal' using errcode = '22023';
  end if;
  select * into chosen from public.plans p where p.id = change_plan.new_plan and p.is_active;
  if not found then
    raise exception 'No such plan' using errcode = 'P0002';
  end if;
  on_now := public.current_plan(me);
  if on_now.id = chosen.id then
    raise exception 'You are already on the % plan', chosen.name using errcode = '22023';
  end if;
  select u.name into display_name from public.users u where u.id = me;
  update public.subscriptions set status = 'cancelled', auto_renew = false
    where user_id = me and status = 'active';
  insert into public.payments (user_id, amount, description, status, method)
    values (me, chosen.price, chosen.name || ' plan subscription', 'successful', change_plan.method);
  insert into public.subscriptions (user_id, user_name, plan_id, plan_name, start_date, end_date, status, auto_renew, amount)
    values (me, coalesce(display_name, ''), chosen.id, chosen.name, clock_timestamp(),
      case when chosen.period = 'forever' then null else clock_timestamp() + interval '30 days' end,
      'active', chosen.period <> 'forever', chosen.price)
    returning * into made;
  return made;
end
$$;

-- Cancel Subscription: the active subscription is cancelled (the user is on Free from then on).
create function public.cancel_subscription() returns public.subscriptions
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  made public.subscriptions;
begin
  if auth.uid() is null then
    raise exception 'Sign in to cancel your subscription' using errcode = '42501';
  end if;
  update public.subscriptions set status = 'cancelled', auto_renew = false
    where user_id = auth.uid() and status = 'active'
    returning * into made;
  if made.id is null then
    raise exception 'You have no active subscription to cancel' using errcode = 'P0002';
  end if;
  return made;
end
$$;

-- Supabase's default privileges grant every new function to anon: taken back, then given where meant.
revoke all on function public.current_plan(uuid), public.listings_used(uuid), public.increment_listing_views(text),
  public.report_listing(text, text), public.change_plan(text, text), public.cancel_subscription(),
  public.new_listing_id(), public.guard_listing_row()
  from public;
grant execute on function public.new_listing_id(), public.guard_listing_row() to anon, authenticated, service_role;
grant execute on function public.current_plan(uuid), public.listings_used(uuid) to authenticated, service_role;
grant execute on function public.increment_listing_views(text) to anon, authenticated, service_role;
grant execute on function public.report_listing(text, text), public.change_plan(text, text),
  public.cancel_subscription() to authenticated, service_role;

-- Listing images (Storage): a public bucket of images up to 5 MB (spec section 5), each user writing
-- under a folder named by their id (`<uid>/<listing>/<file>`), everyone reading them by public URL.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('listing-images', 'listing-images', true, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "listing images: everyone reads" on storage.objects for select to anon, authenticated
  using (bucket_id = 'listing-images');
create policy "listing images: upload into one's own folder" on storage.objects for insert to authenticated
  with check (bucket_id = 'listing-images' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "listing images: replace one's own" on storage.objects for update to authenticated
  using (bucket_id = 'listing-images' and (storage.foldername(name))[1] = auth.uid()::text)
  with check (bucket_id = 'listing-images' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "listing images: delete one's own, or an admin" on storage.objects for delete to authenticated
  using (bucket_id = 'listing-images' and ((storage.foldername(name))[1] = auth.uid()::text or public.is_admin()));

-- The search and category pages' query (spec sections 2 and 5): public listings whose title or category
-- holds `q` (case-insensitive substring), in a category and a location (display names), within a price
-- range (inclusive bounds), whose title has each of `title_words` as the start of a word (a
-- `?subcategory=` or `?featured=` term, singular, lower-case letters and digits), sorted newest first
-- (by id number), by price up or down; one page of them and how many there are in all.
create function public.search_listings(
  q text default null,
  category_name text default null,
  location_name text default null,
  min_price numeric default null,
  max_price numeric default null,
  title_words text[] default '{}',
  sort text default 'newest',
  max_rows integer default 8,
  skip_rows integer default 0
) returns jsonb
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  pattern text;
  filter text;
  ordering text;
  total bigint;
  page jsonb;
begin
  if sort not in ('newest', 'price-low', 'price-high') then
    raise exception 'sort is newest, price-low or price-high' using errcode = '22023';
  end if;
  if max_rows < 0 or max_rows > 100 or skip_rows < 0 then
    raise exception 'max_rows is 0 to 100 and skip_rows at least 0' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(coalesce(title_words, '{}')) w where w !~ '^[a-z0-9]{1,40}$') then
    raise exception 'title_words are lower-case letters and digits' using errcode = '22023';
  end if;
  pattern := case when nullif(btrim(q), '') is null then null
    else '%' || replace(replace(replace(btrim(q), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
  -- One filter for the count and the page; the page's order is chosen here so the planner sees a plain
  -- ORDER BY it can serve from an index (newest first: the id number).
  filter := 'from public.listings l
    where l.status in (''active'', ''approved'')
      and ($1::text is null or l.title ilike $1 or l.category ilike $1)
      and ($2::text is null or l.category = $2)
      and ($3::text is null or l.location = $3)
      and ($4::numeric is null or l.price >= $4)
      and ($5::numeric is null or l.price <= $5)
      and not exists (select 1 from unnest($6::text[]) w where l.title !~* (''\m'' || w))';
  ordering := case sort
    when 'newest' then 'listing_number desc'
    when 'price-low' then 'price asc, listing_number desc'
    else 'price desc, listing_number desc' end;
  execute 'select count(*) ' || filter
    into total
    using pattern, category_name, location_name, min_price, max_price, coalesce(title_words, '{}');
  execute 'select coalesce(jsonb_agg(to_jsonb(p) - ''listing_number'' order by ' || ordering || '), ''[]''::jsonb)
    from (select l.* ' || filter || ' order by ' || ordering || ' limit $7 offset $8) p'
    into page
    using pattern, category_name, location_name, min_price, max_price, coalesce(title_words, '{}'), max_rows, skip_rows;
  return jsonb_build_object('total', total, 'listings', page);
end
$$;

-- The categories page's and the mega-menu's true counts: public listings per category, and per term
-- (`{ category, key, words }`: a featured entry's listings, as its link's search finds them).
create function public.category_listing_counts(terms jsonb default '[]'::jsonb) returns jsonb
language sql stable security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'categories', coalesce((
      select jsonb_object_agg(c.category, c.listings)
      from (select l.category, count(*) as listings from public.listings l
        where l.status in ('active', 'approved') group by l.category) c), '{}'::jsonb),
    'terms', coalesce((
      select jsonb_agg(jsonb_build_object('category', t ->> 'category', 'key', t ->> 'key', 'listings', (
        select count(*) from public.listings l
        where l.status in ('active', 'approved') and l.category = t ->> 'category'
          and not exists (
            select 1 from jsonb_array_elements_text(t -> 'words') w
            where w !~ '^[a-z0-9]{1,40}$' or l.title !~* ('\m' || w)
          ))))
      from jsonb_array_elements(case when jsonb_typeof(terms) = 'array' then terms else '[]'::jsonb end) t), '[]'::jsonb)
  )
$$;
grant execute on function public.search_listings(text, text, text, numeric, numeric, text[], text, integer, integer),
  public.category_listing_counts(jsonb) to anon, authenticated, service_role;
