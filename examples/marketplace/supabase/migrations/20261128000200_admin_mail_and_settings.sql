-- The admin's mail and the site's settings (issue 30): the Dashboard's Send Newsletter and System
-- Settings quick actions, and Manage Users' Send Message. Same conventions as 20261128000000: security
-- definer functions that check their caller first (an active admin, else 42501), record what they do in
-- public.admin_actions, and answer jsonb; errors 42501 (not an admin), 22023 (an argument out of its
-- rules: the message says which, written for the admin), PT404 (what the call names does not exist).
-- docs/MARKETPLACE-BACKEND.md ("The admin dashboard's data") has the same contracts for the UI.

-- ---------------------------------------------------------------------------------------------------
-- The audit trail's new targets: a newsletter (its audience) and the site's settings.

alter table public.admin_actions
  drop constraint admin_actions_target_type_check,
  add constraint admin_actions_target_type_check
    check (target_type in ('listing', 'user', 'plan', 'subscription', 'newsletter', 'settings'));
comment on column public.admin_actions.action is
  '<target type>.<verb>: listing.approve, listing.reject, listing.dismiss_reports, listing.reject_reported, '
  'user.suspend, user.activate, user.set_pending, user.create, user.update, user.message, plan.create, '
  'plan.update, subscription.add, newsletter.send, settings.update';
comment on column public.admin_actions.target_type is
  'listing, user, plan, subscription, newsletter (target_id: the audience; target_label: the subject) or '
  'settings (target_id: ''site'')';

-- ---------------------------------------------------------------------------------------------------
-- The mail queue

-- Every mail an admin sends: a message to one user, or one row per recipient of a newsletter. Written only
-- by the functions below (as the database owner); RLS is on with no policy and the API roles have no
-- privilege on it, so no client reads an address or a message from it.
--
-- Who delivers it:
--   * The local backend: its /inbox page lists these mails beside the auth mails, and sets delivered_at
--     when the page first shows one (nothing leaves the machine).
--   * A real Supabase project: nothing in this repository sends them. A mail service is to consume the
--     queue, e.g. a Database Webhook on INSERT into public.outbound_mails calling an Edge Function that
--     sends the row through the project's SMTP or mail API provider, then sets delivered_at with the
--     service role (the only role that may read the queue and change delivered_at). Rows with
--     delivered_at null are the ones not sent yet (outbound_mails_undelivered_idx finds them for a retry).
create table public.outbound_mails (
  id bigint generated always as identity primary key,
  to_address text not null check (to_address <> ''),
  -- The account it went to, when it still exists (the address is kept either way).
  to_user uuid references public.users (id) on delete set null,
  subject text not null,
  body text not null,
  kind text not null check (kind in ('message', 'newsletter')),
  sent_by uuid not null,
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);
create index outbound_mails_created_idx on public.outbound_mails (created_at desc, id desc);
create index outbound_mails_undelivered_idx on public.outbound_mails (created_at, id) where delivered_at is null;
create index outbound_mails_to_user_idx on public.outbound_mails (to_user);

alter table public.outbound_mails enable row level security;
-- The bootstrap's default privileges (as Supabase's) grant new tables to every API role: taken back.
revoke all on public.outbound_mails from public, anon, authenticated, service_role;
grant select, update (delivered_at) on public.outbound_mails to service_role;

-- A mail's subject and message as they are stored: trimmed, a subject one line of 1 to 150 characters, a
-- message 1 to 5000 (src/lib/admin/mail.ts has the same rules and messages); 22023 otherwise.
create function private.mail_text(subject text, body text) returns text[]
language plpgsql immutable
set search_path = ''
as $$
declare
  clean_subject text := btrim(coalesce(subject, ''), E' \t\r\n');
  clean_body text := btrim(coalesce(body, ''), E' \t\r\n');
begin
  if clean_subject = '' then
    raise exception 'Write a subject' using errcode = '22023';
  end if;
  if char_length(clean_subject) > 150 then
    raise exception 'A subject is at most 150 characters' using errcode = '22023';
  end if;
  if clean_subject ~ '[[:cntrl:]]' then
    raise exception 'A subject is one line of text' using errcode = '22023';
  end if;
  if clean_body = '' then
    raise exception 'Write a message' using errcode = '22023';
  end if;
  if char_length(clean_body) > 5000 then
    raise exception 'A message is at most 5000 characters' using errcode = '22023';
  end if;
  return array[clean_subject, clean_body];
end
$$;

-- admin_send_message(target, subject, body) -> jsonb
--   Manage Users' Send Message: one mail to one account (whatever its status: a suspended user may be
--   told why), queued in public.outbound_mails with kind 'message'. subject and body are trimmed; the
--   subject is one line of 1 to 150 characters, the body 1 to 5000.
--   Audit: user.message (target the user, label their e-mail), detail { subject, mail_id }.
--   Answer: { id (the queued mail's), to_address }.
--   Errors: 42501 not an admin; 22023 'Write a subject', 'A subject is at most 150 characters', 'A subject
--   is one line of text', 'Write a message', 'A message is at most 5000 characters', '<name> has no e-mail
--   address' (an account made with a phone number only); PT404 'No user <id>'.
create function public.admin_send_message(target uuid, subject text, body text) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  recipient public.users;
  mail text[];
  queued bigint;
begin
  perform private.require_admin('send messages to users');
  mail := private.mail_text(admin_send_message.subject, admin_send_message.body);
  select u.* into recipient from public.users u where u.id = admin_send_message.target;
  if recipient.id is null then
    raise exception 'No user %', admin_send_message.target using errcode = 'PT404';
  end if;
  if btrim(recipient.email) = '' then
    raise exception '% has no e-mail address', coalesce(nullif(recipient.name, ''), 'This account')
      using errcode = '22023';
  end if;
  insert into public.outbound_mails (to_address, to_user, subject, body, kind, sent_by)
    values (recipient.email, recipient.id, mail[1], mail[2], 'message', auth.uid())
    returning id into queued;
  perform private.record_admin_action('user.message', 'user', recipient.id::text, recipient.email,
    jsonb_build_object('subject', mail[1], 'mail_id', queued));
  return jsonb_build_object('id', queued, 'to_address', recipient.email);
end
$$;

-- admin_send_newsletter(subject, body, audience) -> jsonb
--   The Dashboard's Send Newsletter: one mail (kind 'newsletter') to each active account of the audience
--   that has an e-mail address; suspended and pending accounts get none. audience: 'all' (default; null
--   and '' too), 'customer', 'premium' or 'admin'. subject and body as admin_send_message's.
--   Nobody in the audience is no error: recipients is 0, nothing is queued (the UI says so).
--   Audit: one row newsletter.send (target_type 'newsletter', target_id the audience, label the subject),
--   detail { subject, audience, recipients }.
--   Answer: { recipients }.
--   Errors: 42501 not an admin; 22023 the subject or body as admin_send_message's, 'audience is all,
--   customer, premium or admin'.
create function public.admin_send_newsletter(subject text, body text, audience text default 'all')
returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  wanted_role text := private.filter_value(admin_send_newsletter.audience);
  mail text[];
  recipients integer;
begin
  perform private.require_admin('send the newsletter');
  if wanted_role is not null and wanted_role not in ('customer', 'premium', 'admin') then
    raise exception 'audience is all, customer, premium or admin' using errcode = '22023';
  end if;
  mail := private.mail_text(admin_send_newsletter.subject, admin_send_newsletter.body);
  insert into public.outbound_mails (to_address, to_user, subject, body, kind, sent_by)
    select u.email, u.id, mail[1], mail[2], 'newsletter', auth.uid()
    from public.users u
    where u.status = 'active' and btrim(u.email) <> '' and (wanted_role is null or u.role = wanted_role)
    order by u.created_at, u.id;
  get diagnostics recipients = row_count;
  perform private.record_admin_action('newsletter.send', 'newsletter', coalesce(wanted_role, 'all'), mail[1],
    jsonb_build_object('subject', mail[1], 'audience', coalesce(wanted_role, 'all'), 'recipients', recipients));
  return jsonb_build_object('recipients', recipients);
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- The site's settings

-- One row (id is always true): the home page's announcement (none when empty) and the support e-mail the
-- Contact page shows (src/data/site.ts has the same default, shown while this is read). Everyone reads
-- the two values and when they changed (the API roles have no privilege on updated_by, the admin's id);
-- only admin_save_settings writes.
create table public.site_settings (
  id boolean primary key default true check (id),
  announcement text not null default '' check (char_length(announcement) <= 280),
  support_email text not null default 'support@gulbargaclassifieds.in'
    check (char_length(support_email) between 3 and 254),
  updated_at timestamptz not null default now(),
  updated_by uuid
);
insert into public.site_settings default values;

alter table public.site_settings enable row level security;
create policy "site settings: everyone reads" on public.site_settings for select to anon, authenticated
  using (true);
revoke all on public.site_settings from public, anon, authenticated, service_role;
grant select (announcement, support_email, updated_at) on public.site_settings to anon, authenticated;
grant select on public.site_settings to service_role;

-- admin_save_settings(announcement, support_email) -> jsonb
--   System Settings: saves what is given (null keeps a value as it is). announcement is trimmed, 0 to 280
--   characters, one line ('' shows none); support_email is trimmed, lower-cased, one address
--   (name@host.domain, at most 254 characters).
--   Audit: settings.update (target_type 'settings', target_id 'site'), detail { changes: { <field>:
--   { from, to } } }; no row, and updated_at kept, when nothing changed.
--   Answer: { announcement, support_email, updated_at, changes } (changes {} when nothing changed).
--   Errors: 42501 not an admin; 22023 'An announcement is at most 280 characters', 'An announcement is one
--   line of text', 'Write the support e-mail as name@example.com'.
create function public.admin_save_settings(announcement text default null, support_email text default null)
returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  was public.site_settings;
  next_announcement text;
  next_email text;
  changes jsonb;
  saved public.site_settings;
begin
  perform private.require_admin('change the site settings');
  select s.* into was from public.site_settings s where s.id for update;
  next_announcement := coalesce(btrim(admin_save_settings.announcement, E' \t\r\n'), was.announcement);
  next_email := coalesce(lower(btrim(admin_save_settings.support_email, E' \t\r\n')), was.support_email);
  if char_length(next_announcement) > 280 then
    raise exception 'An announcement is at most 280 characters' using errcode = '22023';
  end if;
  if next_announcement ~ '[[:cntrl:]]' then
    raise exception 'An announcement is one line of text' using errcode = '22023';
  end if;
  if char_length(next_email) > 254 or next_email !~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:].]+(\.[^@[:space:][:cntrl:].]+)+$' then
    raise exception 'Write the support e-mail as name@example.com' using errcode = '22023';
  end if;
  changes := private.jsonb_changes(
    jsonb_build_object('announcement', was.announcement, 'support_email', was.support_email),
    jsonb_build_object('announcement', next_announcement, 'support_email', next_email));
  if changes = '{}'::jsonb then
    saved := was;
  else
    update public.site_settings s
      set announcement = next_announcement, support_email = next_email, updated_at = now(),
        updated_by = auth.uid()
      where s.id
      returning * into saved;
    perform private.record_admin_action('settings.update', 'settings', 'site', 'Site settings',
      jsonb_build_object('changes', changes));
  end if;
  return jsonb_build_object('announcement', saved.announcement, 'support_email', saved.support_email,
    'updated_at', saved.updated_at, 'changes', changes);
end
$$;

-- Supabase's default privileges grant every new function to anon (and public): taken back. The admin
-- functions are for signed-in callers only, and check inside that the caller is an admin.
revoke all on function private.mail_text(text, text) from public, anon, authenticated, service_role;
revoke all on function public.admin_send_message(uuid, text, text), public.admin_send_newsletter(text, text, text),
  public.admin_save_settings(text, text)
  from public, anon, service_role;
grant execute on function public.admin_send_message(uuid, text, text), public.admin_send_newsletter(text, text, text),
  public.admin_save_settings(text, text)
  to authenticated;
