-- The marketplace's accounts: the users and profiles tables of the spec (section 3), their row-level
-- security, and the guards that keep roles and statuses in the database's hands. The same file runs on
-- a Supabase project (`supabase db push`) and on the local backend (examples/marketplace/server).

create schema if not exists private;
revoke all on schema private from public;

-- Settings only the database reads: the admin sign-up code (see the README on setting it).
create table if not exists private.settings (
  key text primary key,
  value text not null
);
revoke all on private.settings from public;

create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null default '',
  name text not null default '',
  phone text,
  role text not null default 'customer' check (role in ('customer', 'premium', 'admin')),
  -- The spec's record keeps a password column; it is always written as an empty string.
  password text not null default '' check (password = ''),
  status text not null default 'active' check (status in ('active', 'suspended', 'pending')),
  created_at timestamptz not null default now(),
  last_active_at timestamptz,
  avatar_url text
);

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  role text not null default 'customer' check (role in ('customer', 'premium', 'admin'))
);

create index users_email_idx on public.users (email);

-- Who the request is: the database owner, GoTrue and the service role are trusted; anon and
-- authenticated (the browser's keys) are not.
create function private.is_client_request() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '') in ('anon', 'authenticated')
$$;

-- Whether the caller is an active admin. Security definer: reads users past its row-level security.
create function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.users where id = auth.uid() and role = 'admin' and status = 'active'
  )
$$;
revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- 'user' (the callback's role) is stored as customer; a client never grants the admin role, never
-- changes a role or a status (an admin does), and never moves a row to another id.
create function private.guard_account_row() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.role = 'user' then
    new.role := 'customer';
  end if;
  if not private.is_client_request() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    -- An upsert's insert: allowed to carry the role the row already has (the update branch checks it).
    if new.role = 'admin' and not public.is_admin() then
      if tg_table_name = 'users' then
        perform 1 from public.users where id = new.id and role = 'admin';
      else
        perform 1 from public.profiles where id = new.id and role = 'admin';
      end if;
      if not found then
        raise exception 'Only an admin can give the admin role' using errcode = '42501';
      end if;
    end if;
    if tg_table_name = 'users' then
      if new.status <> 'active' and not public.is_admin() then
        raise exception 'Only an admin can set an account''s status' using errcode = '42501';
      end if;
    end if;
    return new;
  end if;
  if new.id is distinct from old.id then
    raise exception 'An account row keeps its id' using errcode = '42501';
  end if;
  if new.role is distinct from old.role and not public.is_admin() then
    raise exception 'Only an admin can change a role' using errcode = '42501';
  end if;
  if tg_table_name = 'users' then
    if new.status is distinct from old.status and not public.is_admin() then
      raise exception 'Only an admin can change an account''s status' using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;

create trigger guard_users before insert or update on public.users
  for each row execute function private.guard_account_row();
create trigger guard_profiles before insert or update on public.profiles
  for each row execute function private.guard_account_row();

alter table public.users enable row level security;
alter table public.profiles enable row level security;

create policy "users: own row or admin" on public.users for select to authenticated
  using (id = auth.uid() or public.is_admin());
create policy "users: insert own row or admin" on public.users for insert to authenticated
  with check (id = auth.uid() or public.is_admin());
create policy "users: update own row or admin" on public.users for update to authenticated
  using (id = auth.uid() or public.is_admin())
  with check (id = auth.uid() or public.is_admin());

create policy "profiles: own row or admin" on public.profiles for select to authenticated
  using (id = auth.uid() or public.is_admin());
create policy "profiles: insert own row or admin" on public.profiles for insert to authenticated
  with check (id = auth.uid() or public.is_admin());
create policy "profiles: update own row or admin" on public.profiles for update to authenticated
  using (id = auth.uid() or public.is_admin())
  with check (id = auth.uid() or public.is_admin());

-- Anonymous visitors reach neither table; nobody deletes rows directly (delete_own_account does).
revoke all on public.users, public.profiles from anon, authenticated;
grant select, insert, update on public.users, public.profiles to authenticated;
grant all on public.users, public.profiles to service_role;

-- Sign-up: the role asked for in the metadata is checked before the auth user exists. Admin needs
-- the admin sign-up code (private.settings), which is then dropped from the metadata; premium is a
-- plan, never chosen at sign-up.
create function private.check_new_auth_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  wanted text := lower(coalesce(nullif(meta ->> 'role', ''), 'customer'));
  expected text;
begin
  if wanted not in ('customer', 'admin') then
    wanted := 'customer';
  end if;
  if wanted = 'admin' then
    select value into expected from private.settings where key = 'admin_signup_code';
    if expected is null or expected = '' or (meta ->> 'admin_signup_code') is distinct from expected then
      raise exception 'Admin sign-up needs a valid admin sign-up code' using errcode = '42501';
    end if;
  end if;
  new.raw_user_meta_data := (meta - 'admin_signup_code') || jsonb_build_object('role', wanted);
  return new;
end
$$;

create function private.create_account_rows() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  role text := coalesce(meta ->> 'role', 'customer');
begin
  insert into public.users (id, email, name, phone, role)
  values (
    new.id,
    coalesce(new.email, ''),
    coalesce(nullif(meta ->> 'name', ''), split_part(coalesce(new.email, ''), '@', 1)),
    coalesce(nullif(meta ->> 'phone', ''), new.phone),
    role
  )
  on conflict (id) do nothing;
  insert into public.profiles (id, email, role) values (new.id, new.email, role)
  on conflict (id) do nothing;
  return new;
end
$$;

-- Sign-ins and e-mail changes reach the users row.
create function private.follow_auth_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.users
  set last_active_at = coalesce(new.last_sign_in_at, last_active_at),
      email = coalesce(new.email, email)
  where id = new.id;
  update public.profiles set email = new.email where id = new.id and email is distinct from new.email;
  return new;
end
$$;

create trigger check_new_auth_user before insert on auth.users
  for each row execute function private.check_new_auth_user();
create trigger create_account_rows after insert on auth.users
  for each row execute function private.create_account_rows();
create trigger follow_auth_user after update of last_sign_in_at, email on auth.users
  for each row execute function private.follow_auth_user();

-- Privileged operations, called as /rest/v1/rpc/<name>. Each checks its caller inside.

-- Suspend or activate an account. A suspended account is banned in auth.users (sign-in answers
-- user_banned) and its sessions end.
create function public.set_user_status(target uuid, new_status text) returns public.users
language plpgsql security definer
set search_path = ''
as $$
declare
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
  return saved;
end
$$;

-- Create (target null) or edit an account as an admin. A created account has no password: its owner
-- sets one through the password recovery mail.
create function public.admin_save_user(
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
  if saved.status is distinct from admin_save_user.status then
    saved := public.set_user_status(account_id, admin_save_user.status);
  end if;
  return saved;
end
$$;

-- Delete the caller's own account, with its rows (cascade).
create function public.delete_own_account() returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  delete from auth.users where id = auth.uid();
end
$$;

-- Supabase's default privileges grant every new function to anon: taken back here.
revoke all on function public.set_user_status(uuid, text) from public, anon;
revoke all on function public.admin_save_user(uuid, text, text, text, text, text) from public, anon;
revoke all on function public.delete_own_account() from public, anon;
grant execute on function public.set_user_status(uuid, text) to authenticated, service_role;
grant execute on function public.admin_save_user(uuid, text, text, text, text, text) to authenticated, service_role;
grant execute on function public.delete_own_account() to authenticated;
revoke all on function private.is_client_request() from public;
