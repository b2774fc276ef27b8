-- The admin dashboard's data (issue 30): moderation of listings and their reports, the users page,
-- plans and subscriptions, the dashboard's figures and activity, and analytics, each a security definer
-- function that checks its caller first (an active admin, else 42501) and records every change it makes
-- in `public.admin_actions` (who, what, when). Read functions are `stable`, so `GET /rpc/<name>` works
-- too; those that change data are volatile (POST). All answers are jsonb (objects with snake_case keys),
-- except set_user_status and admin_save_user, whose contracts (public.users rows) are kept.
--
-- Errors, as the UI reads them (PostgREST's HTTP status in brackets):
--   42501 (401 anon, 403 otherwise)  not an active admin: 'Only an admin can ...', or the function's
--                                    EXECUTE refused to anon ('permission denied for function ...')
--   22023 (400)                      an argument out of its range or set: the message says which
--   PT404 (404)                      what the call names does not exist: 'No listing L123'
--   PT409 (409)                      the row is not in a state the action applies to
-- docs/MARKETPLACE-BACKEND.md ("The admin dashboard's data") has the same contracts for the UI.

-- The audit trail. Written only by the functions below (as the database owner); no API role may insert,
-- change or delete a row. `actor` has no foreign key and `actor_email`/`target_label` are copies, so a
-- row still says who did what to what after the account, listing or plan is gone.
create table public.admin_actions (
  id bigint generated always as identity primary key,
  actor uuid not null,
  actor_email text not null default '',
  -- '<target type>.<verb>': listing.approve, listing.reject, listing.dismiss_reports,
  -- listing.reject_reported, user.suspend, user.activate, user.set_pending, user.create, user.update,
  -- plan.create, plan.update, subscription.add.
  action text not null check (action ~ '^[a-z]+\.[a-z_]+$'),
  target_type text not null check (target_type in ('listing', 'user', 'plan', 'subscription')),
  target_id text not null,
  -- The listing's title, the user's e-mail, the plan's name, the subscriber's name when it happened.
  target_label text not null default '',
  detail jsonb not null default '{}'::jsonb check (jsonb_typeof(detail) = 'object'),
  created_at timestamptz not null default now()
);
create index admin_actions_created_idx on public.admin_actions (created_at desc, id desc);
create index admin_actions_target_idx on public.admin_actions (target_type, target_id, created_at desc);

alter table public.admin_actions enable row level security;
create policy "admin actions: admins read" on public.admin_actions for select to authenticated
  using (public.is_admin());
-- The bootstrap's default privileges (as Supabase's) grant new tables to every API role: taken back.
revoke all on public.admin_actions from public, anon, authenticated, service_role;
grant select on public.admin_actions to authenticated, service_role;

-- A report is reviewed, not deleted: the listing's report_count and report_reasons count the open ones.
alter table public.listing_reports
  add column resolved_at timestamptz,
  add column resolved_by uuid,
  add column resolution text check (resolution in ('dismissed', 'rejected')),
  add constraint listing_reports_resolved_check check ((resolved_at is null) = (resolution is null));
create index listing_reports_open_idx on public.listing_reports (listing_id) where resolved_at is null;
create index listing_reports_created_idx on public.listing_reports (created_at desc);

-- Manage Listings: each tab newest first (the id number, as the public lists), by category, by text.
-- The Approved tab reads listings_public_newest_idx (status in ('active', 'approved')).
create index listings_number_idx on public.listings (listing_number desc);
create index listings_pending_number_idx on public.listings (listing_number desc) where status = 'pending';
create index listings_rejected_number_idx on public.listings (listing_number desc)
  where status in ('expired', 'rejected');
create index listings_reported_number_idx on public.listings (listing_number desc) where report_count > 0;
create index listings_category_number_idx on public.listings (category, listing_number desc);
-- The admin's search: a substring of the title, category, seller's name or id, in one trigram index
-- (fastupdate off, as the public ones: PGlite never vacuums GIN's pending list). The fields are joined
-- by a newline, which a search pattern never holds (private.admin_search_pattern).
create index listings_admin_text_trgm_idx on public.listings
  using gin (lower(title || chr(10) || category || chr(10) || user_name || chr(10) || id) gin_trgm_ops)
  with (fastupdate = off);
-- Recent activity and analytics: by posting date.
create index listings_created_idx on public.listings (created_at desc) where created_at is not null;

-- Manage Users: newest first, by status, by role, by text (name, e-mail, phone).
create index users_created_idx on public.users (created_at desc, id);
create index users_status_created_idx on public.users (status, created_at desc, id);
create index users_role_created_idx on public.users (role, created_at desc, id);
create index users_admin_text_trgm_idx on public.users
  using gin (lower(name || chr(10) || email || chr(10) || coalesce(phone, '')) gin_trgm_ops)
  with (fastupdate = off);

create index payments_date_idx on public.payments (date);
create index subscriptions_start_idx on public.subscriptions (start_date desc, id);

-- The caller, when an active admin; 42501 for anyone else, with what they tried to do.
create function private.require_admin(what text) returns uuid
language plpgsql stable
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Sign in as an admin to %', what using errcode = '42501';
  end if;
  if not public.is_admin() then
    raise exception 'Only an admin can %', what using errcode = '42501';
  end if;
  return auth.uid();
end
$$;

-- One audit row by the calling admin (the functions below call it after their admin check).
create function private.record_admin_action(
  action text,
  target_type text,
  target_id text,
  target_label text,
  detail jsonb default '{}'::jsonb
) returns void
language sql volatile
set search_path = ''
as $$
  insert into public.admin_actions (actor, actor_email, action, target_type, target_id, target_label, detail)
  values (
    auth.uid(),
    coalesce((select u.email from public.users u where u.id = auth.uid()), ''),
    action, target_type, target_id, coalesce(target_label, ''), coalesce(detail, '{}'::jsonb)
  )
$$;

-- The keys whose values differ, each as { from, to }:
--   before {"name": "A", "price": 1}, after {"name": "B", "price": 1}  ->  {"name": {"from": "A", "to": "B"}}
create function private.jsonb_changes(old_values jsonb, new_values jsonb) returns jsonb
language sql immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(k, jsonb_build_object('from', old_values -> k, 'to', new_values -> k)), '{}'::jsonb)
  from jsonb_object_keys(new_values) k
  where (old_values -> k) is distinct from (new_values -> k)
$$;

-- A listing's status the admin's way (spec section 4): active is shown as approved, expired as rejected.
create function private.admin_listing_status(status text) returns text
language sql immutable
set search_path = ''
as $$
  select case
    when status in ('active', 'approved') then 'approved'
    when status in ('expired', 'rejected') then 'rejected'
    else 'pending' end
$$;

-- A search box's text as a LIKE pattern over lower-cased text (a case-insensitive substring); null when
-- blank. Control characters become spaces, so a pattern never spans two of the joined fields.
create function private.admin_search_pattern(q text) returns text
language sql immutable
set search_path = ''
as $$
  select case when btrim(regexp_replace(coalesce(q, ''), '[[:cntrl:]]', ' ', 'g')) = '' then null
    else '%' || replace(replace(replace(lower(btrim(regexp_replace(q, '[[:cntrl:]]', ' ', 'g'))),
      '\', '\\'), '%', '\%'), '_', '\_') || '%' end
$$;

-- Manage Listings' filter over `public.listings l`, with only the conditions set: $1 the text pattern,
-- $2 the category. admin_listings runs it; the benchmark EXPLAINs it.
create function private.admin_listing_filter(has_text boolean, has_category boolean) returns text
language sql immutable
set search_path = ''
as $$
  select 'from public.listings l where true'
    || case when has_text
      then ' and lower(l.title || chr(10) || l.category || chr(10) || l.user_name || chr(10) || l.id) like $1'
      else '' end
    || case when has_category then ' and l.category = $2' else '' end
$$;

-- A tab's condition, written as the partial indexes' predicates so the planner matches them.
create function private.admin_listing_tab(tab text) returns text
language sql immutable
set search_path = ''
as $$
  select case tab
    when 'pending' then ' and l.status = ''pending'''
    when 'approved' then ' and l.status in (''active'', ''approved'')'
    when 'rejected' then ' and l.status in (''expired'', ''rejected'')'
    when 'reported' then ' and l.report_count > 0'
    else '' end
$$;

-- Manage Users' filter over `public.users u`: $1 the text pattern, $2 the status, $3 the role.
create function private.admin_user_filter(has_text boolean, has_status boolean, has_role boolean) returns text
language sql immutable
set search_path = ''
as $$
  select 'from public.users u where true'
    || case when has_text
      then ' and lower(u.name || chr(10) || u.email || chr(10) || coalesce(u.phone, '''')) like $1' else '' end
    || case when has_status then ' and u.status = $2' else '' end
    || case when has_role then ' and u.role = $3' else '' end
$$;

-- A listing as the admin pages show it: its row (without listing_number) plus admin_status and reported.
create function private.admin_listing_json(l public.listings) returns jsonb
language sql stable
set search_path = ''
as $$
  select (to_jsonb(l) - 'listing_number')
    || jsonb_build_object('admin_status', private.admin_listing_status(l.status), 'reported', l.report_count > 0)
$$;

-- 'all' (any case), '' and null mean no filter.
create function private.filter_value(value text) returns text
language sql immutable
set search_path = ''
as $$
  select case when value is null or btrim(value) = '' or lower(btrim(value)) = 'all' then null else btrim(value) end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Manage Listings

-- admin_listings(tab, q, category_name, max_rows, skip_rows) -> jsonb
--   tab: 'all', 'pending' (default), 'approved' (status active or approved), 'rejected' (expired or
--   rejected), 'reported' (report_count > 0, whatever the status). q: a case-insensitive substring of
--   the title, category, seller's name (user_name) or id. category_name: a category's display name
--   ('Electronics'); null, '' or 'all' for every category. A page of max_rows (1 to 100, default 10)
--   after skip_rows, newest first (id number descending).
--   Answer: { total: <listings in this tab, with q and the category>,
--             counts: { all, pending, approved, rejected, reported } (each tab's, with q and the category),
--             listings: [ <listings row without listing_number> + admin_status ('pending' | 'approved' |
--                         'rejected') + reported (boolean) ] }
--   Errors: 42501 not an admin; 22023 unknown tab, max_rows or skip_rows out of range.
create function public.admin_listings(
  tab text default 'pending',
  q text default null,
  category_name text default null,
  max_rows integer default 10,
  skip_rows integer default 0
) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pattern text := private.admin_search_pattern(q);
  category text := private.filter_value(category_name);
  filter text;
  counts jsonb;
  page jsonb;
begin
  perform private.require_admin('list listings for moderation');
  if tab is null or tab not in ('all', 'pending', 'approved', 'rejected', 'reported') then
    raise exception 'tab is all, pending, approved, rejected or reported' using errcode = '22023';
  end if;
  if max_rows is null or max_rows < 1 or max_rows > 100 or skip_rows is null or skip_rows < 0 then
    raise exception 'max_rows is 1 to 100 and skip_rows at least 0' using errcode = '22023';
  end if;
  filter := private.admin_listing_filter(pattern is not null, category is not null);
  execute 'select jsonb_build_object(''all'', count(*),
      ''pending'', count(*) filter (where l.status = ''pending''),
      ''approved'', count(*) filter (where l.status in (''active'', ''approved'')),
      ''rejected'', count(*) filter (where l.status in (''expired'', ''rejected'')),
      ''reported'', count(*) filter (where l.report_count > 0)) ' || filter
    into counts
    using pattern, category;
  execute 'select coalesce(jsonb_agg(private.admin_listing_json(p.l) order by p.n desc), ''[]''::jsonb)
    from (select l, l.listing_number as n ' || filter || private.admin_listing_tab(tab)
      || ' order by l.listing_number desc limit $3 offset $4) p'
    into page
    using pattern, category, max_rows, skip_rows;
  return jsonb_build_object('total', counts -> tab, 'counts', counts, 'listings', page);
end
$$;

-- admin_set_listing_status(listing_ids, new_status) -> jsonb
--   Approves or rejects pending listings, one or many (Bulk Actions): new_status 'approved' (public at
--   once: search_listings and the public pages read it) or 'rejected'. All or nothing: every id must
--   name a pending listing, else nothing changes. One audit row per listing (listing.approve or
--   listing.reject; detail { from: 'pending', to, bulk: <how many in the call> }).
--   Answer: [ <each listing after the change, as admin_listings shows it> ] in the order of the ids.
--   Errors: 42501 not an admin; 22023 new_status not approved/rejected, no ids or more than 100;
--   PT404 'No listing <id>'; PT409 'Listing <id> is approved|rejected already: only pending listings are
--   approved or rejected'.
create function public.admin_set_listing_status(listing_ids text[], new_status text) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  wanted text[];
  missing text;
  settled public.listings;
  moved public.listings;
  answer jsonb := '[]'::jsonb;
begin
  perform private.require_admin('approve or reject listings');
  if new_status is null or new_status not in ('approved', 'rejected') then
    raise exception 'new_status is approved or rejected' using errcode = '22023';
  end if;
  select array_agg(x.id order by x.first) into wanted
    from (select i.id, min(i.n) as first from unnest(listing_ids) with ordinality i (id, n)
      where i.id is not null group by i.id) x;
  if wanted is null or cardinality(wanted) > 100 then
    raise exception 'listing_ids holds 1 to 100 listing ids' using errcode = '22023';
  end if;
  -- Locked in one order, so two admins' bulk actions over the same listings take turns.
  perform 1 from public.listings l where l.id = any (wanted) order by l.id for update;
  select w into missing from unnest(wanted) w
    where not exists (select 1 from public.listings l where l.id = w) limit 1;
  if missing is not null then
    raise exception 'No listing %', missing using errcode = 'PT404';
  end if;
  select l.* into settled from public.listings l
    where l.id = any (wanted) and l.status <> 'pending' order by l.id limit 1;
  if settled.id is not null then
    raise exception 'Listing % is % already: only pending listings are approved or rejected',
      settled.id, private.admin_listing_status(settled.status) using errcode = 'PT409';
  end if;
  for moved in
    update public.listings l set status = new_status where l.id = any (wanted) returning l.*
  loop
    perform private.record_admin_action(
      case new_status when 'approved' then 'listing.approve' else 'listing.reject' end,
      'listing', moved.id, moved.title,
      jsonb_build_object('from', 'pending', 'to', new_status, 'bulk', cardinality(wanted)));
  end loop;
  select coalesce(jsonb_agg(private.admin_listing_json(l) order by array_position(wanted, l.id)), '[]'::jsonb)
    into answer
    from public.listings l where l.id = any (wanted);
  return answer;
end
$$;

-- admin_review_reported_listing(listing_id, decision) -> jsonb
--   The Reported tab's review: decision 'dismiss' (the reports were unfounded: the listing stays as it
--   is) or 'reject' (the listing becomes rejected and leaves the public pages). Either way its open
--   reports are resolved (listing_reports.resolved_at, resolved_by, resolution 'dismissed' | 'rejected',
--   kept for the record) and its report_count and report_reasons go back to 0 and {}, so it leaves the
--   Reported tab. Audit: listing.dismiss_reports or listing.reject_reported, detail { reports: <how
--   many>, reasons: [...], from: <status before>, to: <status after> }.
--   Answer: the listing, as admin_listings shows it.
--   Errors: 42501 not an admin; 22023 decision not dismiss/reject; PT404 'No listing <id>';
--   PT409 'Listing <id> has no reports to review'.
create function public.admin_review_reported_listing(listing_id text, decision text) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  was public.listings;
  moved public.listings;
begin
  perform private.require_admin('review reported listings');
  if decision is null or decision not in ('dismiss', 'reject') then
    raise exception 'decision is dismiss or reject' using errcode = '22023';
  end if;
  select l.* into was from public.listings l where l.id = admin_review_reported_listing.listing_id for update;
  if was.id is null then
    raise exception 'No listing %', admin_review_reported_listing.listing_id using errcode = 'PT404';
  end if;
  if was.report_count = 0 then
    raise exception 'Listing % has no reports to review', was.id using errcode = 'PT409';
  end if;
  update public.listing_reports r
    set resolved_at = now(), resolved_by = auth.uid(),
      resolution = case decision when 'dismiss' then 'dismissed' else 'rejected' end
    where r.listing_id = was.id and r.resolved_at is null;
  update public.listings l
    set report_count = 0, report_reasons = '{}',
      status = case decision when 'reject' then 'rejected' else l.status end
    where l.id = was.id
    returning l.* into moved;
  perform private.record_admin_action(
    case decision when 'dismiss' then 'listing.dismiss_reports' else 'listing.reject_reported' end,
    'listing', moved.id, moved.title,
    jsonb_build_object('reports', was.report_count, 'reasons', to_jsonb(was.report_reasons),
      'from', was.status, 'to', moved.status));
  return private.admin_listing_json(moved);
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Dashboard

-- admin_dashboard_stats() -> jsonb
--   The Dashboard's stat cards (Total Users, Total Listings, Pending Approval, Revenue) and the quick
--   actions' counts, computed from the data now; "last 30 days" is the 30 days up to now, "previous"
--   the 30 before (for a change in percent).
--   Answer: { users: { total, active, suspended, pending, new_last_30_days, new_previous_30_days },
--             listings: { total, pending, approved, rejected, reported, new_last_30_days,
--                         new_previous_30_days } (approved/rejected the admin's way),
--             revenue: { total, last_30_days, previous_30_days } (rupees, successful payments),
--             subscriptions: { active } (active and unexpired) }
--   Errors: 42501 not an admin.
create function public.admin_dashboard_stats() returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  month_ago timestamptz := now() - interval '30 days';
  two_months_ago timestamptz := now() - interval '60 days';
begin
  perform private.require_admin('read the dashboard');
  return jsonb_build_object(
    'users', (select jsonb_build_object(
        'total', count(*),
        'active', count(*) filter (where u.status = 'active'),
        'suspended', count(*) filter (where u.status = 'suspended'),
        'pending', count(*) filter (where u.status = 'pending'),
        'new_last_30_days', count(*) filter (where u.created_at >= month_ago),
        'new_previous_30_days', count(*) filter (where u.created_at >= two_months_ago and u.created_at < month_ago))
      from public.users u),
    'listings', (select jsonb_build_object(
        'total', count(*),
        'pending', count(*) filter (where l.status = 'pending'),
        'approved', count(*) filter (where l.status in ('active', 'approved')),
        'rejected', count(*) filter (where l.status in ('expired', 'rejected')),
        'reported', count(*) filter (where l.report_count > 0),
        'new_last_30_days', count(*) filter (where l.created_at >= month_ago),
        'new_previous_30_days', count(*) filter (where l.created_at >= two_months_ago and l.created_at < month_ago))
      from public.listings l),
    'revenue', (select jsonb_build_object(
        'total', coalesce(sum(p.amount), 0),
        'last_30_days', coalesce(sum(p.amount) filter (where p.date >= month_ago), 0),
        'previous_30_days', coalesce(sum(p.amount) filter (where p.date >= two_months_ago and p.date < month_ago), 0))
      from public.payments p where p.status = 'successful'),
    'subscriptions', (select jsonb_build_object('active', count(*))
      from public.subscriptions s where s.status = 'active' and (s.end_date is null or s.end_date > now())));
end
$$;

-- admin_recent_activity(max_rows) -> jsonb
--   The Dashboard's recent activity: the audit trail's rows and the marketplace's own events (a listing
--   posted, a user joined, a listing reported), newest first, max_rows of them (1 to 50, default 10).
--   Answer: [ { at (timestamp), action, by_admin (true for an audit row), actor_id (text: an auth id, or
--   a demo listing's owner such as 'demo-user-1'; null for a report by a deleted account), actor_name,
--   target_type ('listing' | 'user' | 'plan' | 'subscription'), target_id, target_label (title, e-mail
--   or name), detail (object) } ]. Actions: the audit's (see public.admin_actions) and listing.post
--   (detail { status, admin_status, category }), user.join (detail { role }), listing.report (detail
--   { reason }). A listing without a posting date (some demo listings) is no event.
--   Errors: 42501 not an admin; 22023 max_rows out of range.
create function public.admin_recent_activity(max_rows integer default 10) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  answer jsonb;
begin
  perform private.require_admin('read the recent activity');
  if max_rows is null or max_rows < 1 or max_rows > 50 then
    raise exception 'max_rows is 1 to 50' using errcode = '22023';
  end if;
  select coalesce(jsonb_agg(to_jsonb(e) - 'seq' order by e.at desc, e.by_admin desc, e.seq desc), '[]'::jsonb)
    into answer
  from (
    select * from (
      (select a.created_at as at, a.id as seq, a.action, true as by_admin, a.actor::text as actor_id,
          coalesce(nullif(au.name, ''), a.actor_email) as actor_name, a.target_type, a.target_id,
          a.target_label, a.detail
        from public.admin_actions a left join public.users au on au.id = a.actor
        order by a.created_at desc, a.id desc limit max_rows)
      union all
      -- A listing's owner is an auth id, or a demo seller ('demo-user-1'); its user_name is what the form
      -- sent, perhaps nothing.
      (select l.created_at, l.listing_number, 'listing.post', false, l.user_id,
          coalesce(nullif(l.user_name, ''), (select u.name from public.users u where u.id = case
            when l.user_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            then l.user_id::uuid end), ''), 'listing', l.id,
          l.title, jsonb_build_object('status', l.status, 'admin_status', private.admin_listing_status(l.status),
            'category', l.category)
        from public.listings l where l.created_at is not null
        order by l.created_at desc limit max_rows)
      union all
      (select u.created_at, 0::bigint, 'user.join', false, u.id::text, u.name, 'user', u.id::text, u.email,
          jsonb_build_object('role', u.role)
        from public.users u
        order by u.created_at desc, u.id limit max_rows)
      union all
      (select r.created_at, r.id, 'listing.report', false, r.reporter::text, ru.name, 'listing', r.listing_id,
          l.title, jsonb_build_object('reason', r.reason)
        from public.listing_reports r
          join public.listings l on l.id = r.listing_id
          left join public.users ru on ru.id = r.reporter
        order by r.created_at desc limit max_rows)
    ) merged
    order by merged.at desc, merged.by_admin desc, merged.seq desc
    limit max_rows
  ) e;
  return answer;
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Manage Users

-- admin_users(q, status_filter, role_filter, max_rows, skip_rows) -> jsonb
--   q: a case-insensitive substring of the name, e-mail or phone. status_filter: 'active', 'suspended',
--   'pending'; role_filter: 'customer', 'premium', 'admin'; null, '' or 'all' for any. A page of max_rows
--   (1 to 100, default 10) after skip_rows, newest account first.
--   Answer: { total, users: [ { id, name, email, phone, role, status, created_at (join date),
--             last_active_at, avatar_url, listings_count (all their listings, any status) } ] }
--   Suspend and Activate are set_user_status; Add New User and Edit User are admin_save_user.
--   Errors: 42501 not an admin; 22023 unknown status or role, max_rows or skip_rows out of range.
create function public.admin_users(
  q text default null,
  status_filter text default null,
  role_filter text default null,
  max_rows integer default 10,
  skip_rows integer default 0
) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pattern text := private.admin_search_pattern(q);
  wanted_status text := private.filter_value(status_filter);
  wanted_role text := private.filter_value(role_filter);
  filter text;
  total bigint;
  page jsonb;
begin
  perform private.require_admin('list users');
  if wanted_status is not null and wanted_status not in ('active', 'suspended', 'pending') then
    raise exception 'status_filter is active, suspended or pending' using errcode = '22023';
  end if;
  if wanted_role is not null and wanted_role not in ('customer', 'premium', 'admin') then
    raise exception 'role_filter is customer, premium or admin' using errcode = '22023';
  end if;
  if max_rows is null or max_rows < 1 or max_rows > 100 or skip_rows is null or skip_rows < 0 then
    raise exception 'max_rows is 1 to 100 and skip_rows at least 0' using errcode = '22023';
  end if;
  filter := private.admin_user_filter(pattern is not null, wanted_status is not null, wanted_role is not null);
  execute 'select count(*) ' || filter into total using pattern, wanted_status, wanted_role;
  execute 'select coalesce(jsonb_agg(jsonb_build_object(
        ''id'', p.id, ''name'', p.name, ''email'', p.email, ''phone'', p.phone, ''role'', p.role,
        ''status'', p.status, ''created_at'', p.created_at, ''last_active_at'', p.last_active_at,
        ''avatar_url'', p.avatar_url,
        ''listings_count'', (select count(*) from public.listings l where l.user_id = p.id::text))
      order by p.created_at desc, p.id), ''[]''::jsonb)
    from (select u.* ' || filter || ' order by u.created_at desc, u.id limit $4 offset $5) p'
    into page
    using pattern, wanted_status, wanted_role, max_rows, skip_rows;
  return jsonb_build_object('total', total, 'users', page);
end
$$;

-- set_user_status and admin_save_user (20261125000000) as they were (same arguments, answers, errors
-- and messages), now recording their audit rows. A suspended account is banned in auth.users (sign-in
-- and refresh answer user_banned) and its sessions end, their refresh tokens with them (cascade).
-- Audit: user.suspend, user.activate or user.set_pending, detail { from, to }.
create or replace function public.set_user_status(target uuid, new_status text) returns public.users
language plpgsql security definer
set search_path = ''
as $$
declare
  before_status text;
  saved public.users;
begin
  if not public.is_admin() then
    raise exception 'Only an admin can change an account''s status' using errcode = '42501';
  end if;
  if target = auth.uid() then
    raise exception 'An admin cannot change their own status' using errcode = '42501';
  end if;
  if new_status not in ('active', 'suspended', 'pending') then
    raise exception 'Unknown status %', new_status using errcode = '22023';
  end if;
  select u.status into before_status from public.users u where u.id = target for update;
  update public.users u set status = new_status where u.id = target returning * into saved;
  if saved.id is null then
    raise exception 'No user %', target using errcode = 'PT404';
  end if;
  update auth.users a
  set banned_until = case when new_status = 'suspended' then 'infinity'::timestamptz else null end
  where a.id = target;
  if new_status = 'suspended' then
    delete from auth.sessions s where s.user_id = target;
  end if;
  perform private.record_admin_action(
    case new_status when 'suspended' then 'user.suspend' when 'active' then 'user.activate' else 'user.set_pending' end,
    'user', target::text, saved.email, jsonb_build_object('from', before_status, 'to', new_status));
  return saved;
end
$$;

-- Audit: user.create (detail { email, name, phone, role, status }) or user.update (detail { changes:
-- { <field>: { from, to } } } for email, name, phone and role); a status change is set_user_status's row.
create or replace function public.admin_save_user(
  target uuid,
  email text,
  name text,
  phone text default null,
  role text default 'customer',
  status text default 'active'
) returns public.users
language plpgsql security definer
set search_path = ''
as $$
declare
  account_id uuid := admin_save_user.target;
  clean_email text := lower(trim(coalesce(admin_save_user.email, '')));
  was public.users;
  saved public.users;
begin
  if not public.is_admin() then
    raise exception 'Only an admin can create or edit accounts' using errcode = '42501';
  end if;
  if admin_save_user.role not in ('customer', 'premium', 'admin') then
    raise exception 'Unknown role %', admin_save_user.role using errcode = '22023';
  end if;
  if clean_email = '' or position('@' in clean_email) = 0 then
    raise exception 'A valid e-mail address is required' using errcode = '22023';
  end if;
  if account_id is null then
    account_id := gen_random_uuid();
    insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
    values (
      account_id, 'authenticated', 'authenticated', clean_email, now(),
      jsonb_build_object('name', admin_save_user.name, 'phone', admin_save_user.phone, 'role', 'customer'),
      jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email'))
    );
  else
    select u.* into was from public.users u where u.id = account_id;
    update auth.users a set email = clean_email where a.id = account_id;
    if not found then
      raise exception 'No user %', account_id using errcode = 'PT404';
    end if;
  end if;
  update public.users u
  set email = clean_email, name = coalesce(admin_save_user.name, u.name), phone = admin_save_user.phone,
      role = admin_save_user.role
  where u.id = account_id
  returning * into saved;
  update public.profiles p set role = admin_save_user.role, email = clean_email where p.id = account_id;
  if was.id is null then
    perform private.record_admin_action('user.create', 'user', account_id::text, saved.email,
      jsonb_build_object('email', saved.email, 'name', saved.name, 'phone', saved.phone, 'role', saved.role,
        'status', admin_save_user.status));
  else
    perform private.record_admin_action('user.update', 'user', account_id::text, saved.email,
      jsonb_build_object('changes', private.jsonb_changes(
        jsonb_build_object('email', was.email, 'name', was.name, 'phone', was.phone, 'role', was.role),
        jsonb_build_object('email', saved.email, 'name', saved.name, 'phone', saved.phone, 'role', saved.role))));
  end if;
  if saved.status is distinct from admin_save_user.status then
    saved := public.set_user_status(account_id, admin_save_user.status);
  end if;
  return saved;
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Subscriptions: plans

-- How many accounts are on each plan now: an active, unexpired subscription's plan, else Free (as
-- current_plan decides). Admins are not counted: they are no customers.
create function private.plan_user_counts() returns table (plan_id text, users bigint)
language sql stable
set search_path = ''
as $$
  select coalesce(s.plan_id, 'free'), count(*)
  from public.users u
    left join public.subscriptions s
      on s.user_id = u.id and s.status = 'active' and (s.end_date is null or s.end_date > now())
  where u.role <> 'admin'
  group by 1
$$;

-- admin_plans(q) -> jsonb
--   The Plans tab: every plan (the inactive ones too), in their order, q a case-insensitive substring of
--   the id, name or description (null for all).
--   Answer: [ <plans row: id, name, price, period, listing_limit (-1 unlimited), description, features
--             ([{ name, included }]), is_popular, is_active, button_text, sort_order> + user_count ]
--   Errors: 42501 not an admin.
create function public.admin_plans(q text default null) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pattern text := private.admin_search_pattern(q);
  answer jsonb;
begin
  perform private.require_admin('list plans');
  select coalesce(jsonb_agg(to_jsonb(p) || jsonb_build_object('user_count', coalesce(c.users, 0))
      order by p.sort_order, p.id), '[]'::jsonb)
    into answer
  from public.plans p left join private.plan_user_counts() c on c.plan_id = p.id
  where pattern is null or lower(p.id || chr(10) || p.name || chr(10) || p.description) like pattern;
  return answer;
end
$$;

-- admin_save_plan(target, name, price, period, listing_limit, features, is_popular, is_active,
--                 description, button_text) -> jsonb
--   Create New Plan (target null) or edit plan `target`. Editing, an argument left out (or null) keeps
--   the plan's value; creating, name, price, period and listing_limit are required and the others
--   default to [], false, true, '' and ''. A new plan's id is made from its name ('Gold Plus' ->
--   'gold-plus', then 'gold-plus-2', ... when taken) and it comes last in the order.
--   Rules: name 1 to 60 characters (trimmed); price 0 or more rupees (two decimals); period 'month',
--   'year' or 'forever'; listing_limit -1 (unlimited) or at least 1; features a list of at most 20
--   { name (1 to 100 characters), included (boolean) } (other keys dropped); description at most 500
--   characters, button_text at most 40. An inactive plan is never offered to customers: the plans
--   policy shows them only active ones and change_plan refuses the others, while admin_add_subscription
--   may still give it (the Business plan). Free is every account's plan without a subscription
--   (current_plan), so it stays active, free and forever. Deactivating a plan leaves its subscribers on
--   it until their subscriptions end.
--   Audit: plan.create (detail: the plan's fields) or plan.update (detail { changes: { <field>: { from,
--   to } } }).
--   Answer: the plan, as admin_plans shows it (with user_count).
--   Errors: 42501 not an admin; 22023 a field out of its rules (the message names it); PT404 'No plan <id>'.
create function public.admin_save_plan(
  target text,
  name text default null,
  price numeric default null,
  period text default null,
  listing_limit integer default null,
  features jsonb default null,
  is_popular boolean default null,
  is_active boolean default null,
  description text default null,
  button_text text default null
) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  was public.plans;
  wanted public.plans;
  saved public.plans;
  base text;
  candidate text;
  n integer := 1;
begin
  perform private.require_admin('create or edit plans');
  if admin_save_plan.target is not null then
    select p.* into was from public.plans p where p.id = admin_save_plan.target for update;
    if was.id is null then
      raise exception 'No plan %', admin_save_plan.target using errcode = 'PT404';
    end if;
    wanted := was;
  else
    wanted.features := '[]'::jsonb;
    wanted.is_popular := false;
    wanted.is_active := true;
    wanted.description := '';
    wanted.button_text := '';
  end if;
  wanted.name := btrim(coalesce(admin_save_plan.name, wanted.name, ''));
  wanted.price := coalesce(admin_save_plan.price, wanted.price);
  wanted.period := coalesce(admin_save_plan.period, wanted.period);
  wanted.listing_limit := coalesce(admin_save_plan.listing_limit, wanted.listing_limit);
  wanted.features := coalesce(admin_save_plan.features, wanted.features);
  wanted.is_popular := coalesce(admin_save_plan.is_popular, wanted.is_popular);
  wanted.is_active := coalesce(admin_save_plan.is_active, wanted.is_active);
  wanted.description := coalesce(admin_save_plan.description, wanted.description);
  wanted.button_text := coalesce(admin_save_plan.button_text, wanted.button_text);

  if length(wanted.name) not between 1 and 60 then
    raise exception 'A plan''s name is 1 to 60 characters' using errcode = '22023';
  end if;
  if wanted.price is null or wanted.price < 0 or wanted.price >= 10000000000 then
    raise exception 'A plan''s price is 0 or more rupees (below 10,000,000,000)' using errcode = '22023';
  end if;
  if wanted.period is null or wanted.period not in ('month', 'year', 'forever') then
    raise exception 'A plan''s period is month, year or forever' using errcode = '22023';
  end if;
  if wanted.listing_limit is null or (wanted.listing_limit < 1 and wanted.listing_limit <> -1) then
    raise exception 'A plan''s listing limit is -1 (unlimited) or at least 1' using errcode = '22023';
  end if;
  if jsonb_typeof(wanted.features) <> 'array' or jsonb_array_length(wanted.features) > 20
    or exists (
      select 1 from jsonb_array_elements(wanted.features) f
      where jsonb_typeof(f) <> 'object' or jsonb_typeof(f -> 'name') is distinct from 'string'
        or length(btrim(f ->> 'name')) not between 1 and 100
        or jsonb_typeof(f -> 'included') is distinct from 'boolean') then
    raise exception 'A plan''s features are a list of at most 20 { name (1 to 100 characters), included (true or false) }'
      using errcode = '22023';
  end if;
  if length(wanted.description) > 500 then
    raise exception 'A plan''s description is at most 500 characters' using errcode = '22023';
  end if;
  if length(wanted.button_text) > 40 then
    raise exception 'A plan''s button text is at most 40 characters' using errcode = '22023';
  end if;
  if was.id = 'free' and (not wanted.is_active or wanted.price <> 0 or wanted.period <> 'forever') then
    raise exception 'The Free plan is every account''s plan without a subscription: it stays active, free and forever'
      using errcode = '22023';
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('name', btrim(e.f ->> 'name'), 'included', (e.f -> 'included')::boolean)
      order by e.o), '[]'::jsonb)
    into wanted.features
    from jsonb_array_elements(wanted.features) with ordinality e (f, o);

  if was.id is not null then
    update public.plans p
      set name = wanted.name, price = wanted.price, period = wanted.period, listing_limit = wanted.listing_limit,
        features = wanted.features, is_popular = wanted.is_popular, is_active = wanted.is_active,
        description = wanted.description, button_text = wanted.button_text
      where p.id = was.id
      returning p.* into saved;
    perform private.record_admin_action('plan.update', 'plan', saved.id, saved.name,
      jsonb_build_object('changes', private.jsonb_changes(to_jsonb(was), to_jsonb(saved))));
  else
    base := btrim(regexp_replace(lower(wanted.name), '[^a-z0-9]+', '-', 'g'), '-');
    if base !~ '^[a-z]' then
      base := 'plan' || case when base = '' then '' else '-' || base end;
    end if;
    base := rtrim(left(base, 28), '-');
    candidate := base;
    -- One new plan at a time, so two admins' identical names get two ids.
    perform pg_advisory_xact_lock(hashtext('admin_save_plan'));
    while exists (select 1 from public.plans p where p.id = candidate) loop
      n := n + 1;
      candidate := base || '-' || n;
    end loop;
    insert into public.plans (id, name, price, period, listing_limit, description, features, is_popular,
        is_active, button_text, sort_order)
      values (candidate, wanted.name, wanted.price, wanted.period, wanted.listing_limit, wanted.description,
        wanted.features, wanted.is_popular, wanted.is_active, wanted.button_text,
        coalesce((select max(p.sort_order) from public.plans p), 0) + 1)
      returning * into saved;
    perform private.record_admin_action('plan.create', 'plan', saved.id, saved.name, to_jsonb(saved) - 'id');
  end if;
  return to_jsonb(saved) || jsonb_build_object('user_count',
    coalesce((select c.users from private.plan_user_counts() c where c.plan_id = saved.id), 0));
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Subscriptions: user subscriptions

-- admin_subscriptions(q, status_filter, max_rows, skip_rows) -> jsonb
--   The User Subscriptions tab: q a case-insensitive substring of the subscriber's name or e-mail or the
--   plan's name or id; status_filter 'active', 'expired', 'cancelled' (null, '' or 'all' for any). A page
--   of max_rows (1 to 100, default 10) after skip_rows, latest start first.
--   Answer: { total, subscriptions: [ <subscriptions row: id, user_id, user_name, plan_id, plan_name,
--             start_date, end_date (null: Never), status, auto_renew, amount> + user_email ] }
--   Errors: 42501 not an admin; 22023 unknown status, max_rows or skip_rows out of range.
create function public.admin_subscriptions(
  q text default null,
  status_filter text default null,
  max_rows integer default 10,
  skip_rows integer default 0
) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pattern text := private.admin_search_pattern(q);
  wanted_status text := private.filter_value(status_filter);
  total bigint;
  page jsonb;
begin
  perform private.require_admin('list subscriptions');
  if wanted_status is not null and wanted_status not in ('active', 'expired', 'cancelled') then
    raise exception 'status_filter is active, expired or cancelled' using errcode = '22023';
  end if;
  if max_rows is null or max_rows < 1 or max_rows > 100 or skip_rows is null or skip_rows < 0 then
    raise exception 'max_rows is 1 to 100 and skip_rows at least 0' using errcode = '22023';
  end if;
  select count(*) into total
  from public.subscriptions s left join public.users u on u.id = s.user_id
  where (wanted_status is null or s.status = wanted_status)
    and (pattern is null or lower(s.user_name || chr(10) || coalesce(u.email, '') || chr(10) || s.plan_name
      || chr(10) || s.plan_id) like pattern);
  select coalesce(jsonb_agg(to_jsonb(p) order by p.start_date desc, p.id), '[]'::jsonb) into page
  from (
    select s.*, coalesce(u.email, '') as user_email
    from public.subscriptions s left join public.users u on u.id = s.user_id
    where (wanted_status is null or s.status = wanted_status)
      and (pattern is null or lower(s.user_name || chr(10) || coalesce(u.email, '') || chr(10) || s.plan_name
        || chr(10) || s.plan_id) like pattern)
    order by s.start_date desc, s.id
    limit max_rows offset skip_rows
  ) p;
  return jsonb_build_object('total', total, 'subscriptions', page);
end
$$;

-- admin_add_subscription(target_user, plan_id, start_date, end_date, auto_renew, amount) -> jsonb
--   Add Subscription: puts the user on the plan now, any plan (the inactive Business plan included). Their
--   active subscription, if any, is cancelled (one active at a time, as change_plan does). start_date
--   defaults to now and may not be in the future; end_date defaults to 30 days after the start for a
--   monthly plan (spec section 4), a year for a yearly one, none (Never) for a forever plan, and must be
--   after both the start and now; auto_renew defaults to whether the plan has a period; amount (rupees,
--   0 or more) to the plan's price. No payment is recorded: the admin gives the plan (revenue counts
--   payments only).
--   Audit: subscription.add, detail { user_id, plan_id, amount, end_date, replaced (the cancelled
--   subscription's id, or null) }.
--   Answer: the subscription, as admin_subscriptions shows it (with user_email).
--   Errors: 42501 not an admin; 22023 a date or amount out of its rules; PT404 'No user <id>',
--   'No plan <id>'.
create function public.admin_add_subscription(
  target_user uuid,
  plan_id text,
  start_date timestamptz default null,
  end_date timestamptz default null,
  auto_renew boolean default null,
  amount numeric default null
) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  subscriber public.users;
  chosen public.plans;
  starts timestamptz := coalesce(admin_add_subscription.start_date, now());
  ends timestamptz;
  replaced uuid;
  made public.subscriptions;
begin
  perform private.require_admin('add subscriptions');
  select u.* into subscriber from public.users u where u.id = admin_add_subscription.target_user;
  if subscriber.id is null then
    raise exception 'No user %', admin_add_subscription.target_user using errcode = 'PT404';
  end if;
  select p.* into chosen from public.plans p where p.id = admin_add_subscription.plan_id;
  if chosen.id is null then
    raise exception 'No plan %', admin_add_subscription.plan_id using errcode = 'PT404';
  end if;
  if starts > now() then
    raise exception 'A subscription added by an admin starts now or earlier' using errcode = '22023';
  end if;
  ends := coalesce(admin_add_subscription.end_date, case chosen.period
    when 'month' then starts + interval '30 days'
    when 'year' then starts + interval '1 year' end);
  if ends is not null and (ends <= starts or ends <= now()) then
    raise exception 'A subscription''s end date is after its start and after now' using errcode = '22023';
  end if;
  if admin_add_subscription.amount is not null
    and (admin_add_subscription.amount < 0 or admin_add_subscription.amount >= 10000000000) then
    raise exception 'A subscription''s amount is 0 or more rupees (below 10,000,000,000)' using errcode = '22023';
  end if;
  update public.subscriptions s set status = 'cancelled', auto_renew = false
    where s.user_id = subscriber.id and s.status = 'active'
    returning s.id into replaced;
  insert into public.subscriptions (user_id, user_name, plan_id, plan_name, start_date, end_date, status,
      auto_renew, amount)
    values (subscriber.id, subscriber.name, chosen.id, chosen.name, starts, ends, 'active',
      coalesce(admin_add_subscription.auto_renew, chosen.period <> 'forever'),
      coalesce(admin_add_subscription.amount, chosen.price))
    returning * into made;
  perform private.record_admin_action('subscription.add', 'subscription', made.id::text, subscriber.name,
    jsonb_build_object('user_id', subscriber.id, 'plan_id', chosen.id, 'amount', made.amount,
      'end_date', made.end_date, 'replaced', replaced));
  return to_jsonb(made) || jsonb_build_object('user_email', subscriber.email);
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Analytics

-- admin_analytics(from_date, to_date) -> jsonb
--   The Analytics page for the days from_date to to_date, both included (UTC days; the UI turns 7 days,
--   30 days, 90 days, Year and Custom into the two dates), at most 1096 days; `previous` is the same
--   number of days just before, for a change in percent.
--   Answer: { range: { from, to, days },
--             totals: { new_users, new_listings, revenue, payments, new_subscriptions },
--             previous: { the same keys },
--             series: [ { date ('YYYY-MM-DD'), new_users, new_listings, revenue, payments,
--                         new_subscriptions } ] (every day of the range, zeros included, oldest first:
--                         the charts' data, and the CSV's rows in these columns),
--             listings_by_category: [ { category, listings } ] (posted in the range, most first),
--             listings_by_status: { pending, approved, rejected, reported } (posted in the range, the
--                                   admin's way),
--             users_by_role: { customer, premium, admin } (joined in the range),
--             revenue_by_method: [ { method ('card' | 'paypal' | null), revenue, payments } ],
--             subscriptions_by_plan: [ { plan_id, plan_name, subscriptions, amount } ] (started in the
--                                    range, most first) }
--   revenue is rupees of successful payments, payments their number; a listing without a posting date
--   (some demo listings) is in no day.
--   Errors: 42501 not an admin; 22023 a date missing, from_date after to_date, more than 1096 days.
create function public.admin_analytics(from_date date, to_date date) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  days integer;
  starts timestamptz;
  ends timestamptz;
  previous_starts timestamptz;
  answer jsonb;
begin
  perform private.require_admin('read the analytics');
  if from_date is null or to_date is null or from_date > to_date then
    raise exception 'from_date and to_date are dates, from_date not after to_date' using errcode = '22023';
  end if;
  days := to_date - from_date + 1;
  if days > 1096 then
    raise exception 'An analytics range is at most 1096 days' using errcode = '22023';
  end if;
  starts := from_date::timestamp at time zone 'UTC';
  ends := (to_date + 1)::timestamp at time zone 'UTC';
  previous_starts := (from_date - days)::timestamp at time zone 'UTC';

  -- Each table read once over the range and the period before it, counted per UTC day.
  with
    user_days as (
      select (u.created_at at time zone 'UTC')::date as day, count(*) as n
      from public.users u where u.created_at >= previous_starts and u.created_at < ends group by 1),
    listing_days as (
      select (l.created_at at time zone 'UTC')::date as day, count(*) as n
      from public.listings l where l.created_at >= previous_starts and l.created_at < ends group by 1),
    payment_days as (
      select (p.date at time zone 'UTC')::date as day, sum(p.amount) as revenue, count(*) as n
      from public.payments p
      where p.status = 'successful' and p.date >= previous_starts and p.date < ends group by 1),
    subscription_days as (
      select (s.start_date at time zone 'UTC')::date as day, count(*) as n
      from public.subscriptions s where s.start_date >= previous_starts and s.start_date < ends group by 1),
    calendar as (
      select d::date as day from generate_series(from_date::timestamp, to_date::timestamp, interval '1 day') d),
    series as (
      select c.day, coalesce(u.n, 0) as new_users, coalesce(l.n, 0) as new_listings,
        coalesce(p.revenue, 0) as revenue, coalesce(p.n, 0) as payments, coalesce(s.n, 0) as new_subscriptions
      from calendar c
        left join user_days u on u.day = c.day
        left join listing_days l on l.day = c.day
        left join payment_days p on p.day = c.day
        left join subscription_days s on s.day = c.day)
  select jsonb_build_object(
    'range', jsonb_build_object('from', from_date, 'to', to_date, 'days', days),
    'totals', (select jsonb_build_object('new_users', coalesce(sum(x.new_users), 0),
        'new_listings', coalesce(sum(x.new_listings), 0), 'revenue', coalesce(sum(x.revenue), 0),
        'payments', coalesce(sum(x.payments), 0), 'new_subscriptions', coalesce(sum(x.new_subscriptions), 0))
      from series x),
    'previous', jsonb_build_object(
      'new_users', (select coalesce(sum(u.n), 0) from user_days u where u.day < from_date),
      'new_listings', (select coalesce(sum(l.n), 0) from listing_days l where l.day < from_date),
      'revenue', (select coalesce(sum(p.revenue), 0) from payment_days p where p.day < from_date),
      'payments', (select coalesce(sum(p.n), 0) from payment_days p where p.day < from_date),
      'new_subscriptions', (select coalesce(sum(s.n), 0) from subscription_days s where s.day < from_date)),
    'series', (select coalesce(jsonb_agg(jsonb_build_object('date', x.day, 'new_users', x.new_users,
        'new_listings', x.new_listings, 'revenue', x.revenue, 'payments', x.payments,
        'new_subscriptions', x.new_subscriptions) order by x.day), '[]'::jsonb)
      from series x)
  ) into answer;

  select answer || jsonb_build_object(
    'listings_by_category', coalesce((select jsonb_agg(jsonb_build_object('category', c.category, 'listings', c.n)
        order by c.n desc, c.category)
      from (select l.category, count(*) as n from public.listings l
        where l.created_at >= starts and l.created_at < ends group by l.category) c), '[]'::jsonb),
    'listings_by_status', (select jsonb_build_object(
        'pending', count(*) filter (where l.status = 'pending'),
        'approved', count(*) filter (where l.status in ('active', 'approved')),
        'rejected', count(*) filter (where l.status in ('expired', 'rejected')),
        'reported', count(*) filter (where l.report_count > 0))
      from public.listings l where l.created_at >= starts and l.created_at < ends),
    'users_by_role', (select jsonb_build_object(
        'customer', count(*) filter (where u.role = 'customer'),
        'premium', count(*) filter (where u.role = 'premium'),
        'admin', count(*) filter (where u.role = 'admin'))
      from public.users u where u.created_at >= starts and u.created_at < ends),
    'revenue_by_method', coalesce((select jsonb_agg(jsonb_build_object('method', m.method, 'revenue', m.revenue,
        'payments', m.n) order by m.revenue desc, m.method)
      from (select p.method, sum(p.amount) as revenue, count(*) as n from public.payments p
        where p.status = 'successful' and p.date >= starts and p.date < ends group by p.method) m), '[]'::jsonb),
    'subscriptions_by_plan', coalesce((select jsonb_agg(jsonb_build_object('plan_id', s.plan_id,
        'plan_name', s.plan_name, 'subscriptions', s.n, 'amount', s.amount) order by s.n desc, s.plan_id)
      from (select s.plan_id, min(s.plan_name) as plan_name, count(*) as n, sum(s.amount) as amount
        from public.subscriptions s where s.start_date >= starts and s.start_date < ends
        group by s.plan_id) s), '[]'::jsonb))
  into answer;
  return answer;
end
$$;

-- Supabase's default privileges grant every new function to anon (and public): taken back. The admin
-- functions are for signed-in callers only, and check inside that the caller is an admin.
revoke all on function private.require_admin(text), private.record_admin_action(text, text, text, text, jsonb),
  private.jsonb_changes(jsonb, jsonb), private.admin_listing_status(text), private.admin_search_pattern(text),
  private.admin_listing_filter(boolean, boolean), private.admin_listing_tab(text),
  private.admin_user_filter(boolean, boolean, boolean), private.admin_listing_json(public.listings),
  private.filter_value(text), private.plan_user_counts()
  from public, anon, authenticated, service_role;
revoke all on function public.admin_listings(text, text, text, integer, integer),
  public.admin_set_listing_status(text[], text), public.admin_review_reported_listing(text, text),
  public.admin_dashboard_stats(), public.admin_recent_activity(integer),
  public.admin_users(text, text, text, integer, integer), public.admin_plans(text),
  public.admin_save_plan(text, text, numeric, text, integer, jsonb, boolean, boolean, text, text),
  public.admin_subscriptions(text, text, integer, integer),
  public.admin_add_subscription(uuid, text, timestamptz, timestamptz, boolean, numeric),
  public.admin_analytics(date, date)
  from public, anon, service_role;
grant execute on function public.admin_listings(text, text, text, integer, integer),
  public.admin_set_listing_status(text[], text), public.admin_review_reported_listing(text, text),
  public.admin_dashboard_stats(), public.admin_recent_activity(integer),
  public.admin_users(text, text, text, integer, integer), public.admin_plans(text),
  public.admin_save_plan(text, text, numeric, text, integer, jsonb, boolean, boolean, text, text),
  public.admin_subscriptions(text, text, integer, integer),
  public.admin_add_subscription(uuid, text, timestamptz, timestamptz, boolean, numeric),
  public.admin_analytics(date, date)
  to authenticated;
