-- Staff, roles and account settings (issue 13, docs/api.md#company-users-and-roles).

-- ── roles ──────────────────────────────────────────────────────────────────────────────────────

-- `bookings.view` over the whole agency's bookings, or only over those the user made.
alter table roles add column bookings_scope text not null default 'all'
  check (bookings_scope in ('all', 'own'));

-- ── users ──────────────────────────────────────────────────────────────────────────────────────

-- A deleted user keeps their row, so the bookings and deposits they made still name them; they
-- can't sign in, are gone from the users list, and their e-mail address may be invited again.
alter table users add column deleted_at timestamptz;
alter table users add column last_sign_in_at timestamptz;
-- Changes with every new picture, so an image URL never shows a stale cached picture.
alter table users add column image_version text;
drop index users_email_key;
create unique index users_email_key on users (lower(email)) where deleted_at is null;

-- An invitation's set-password link: random, hashed at rest, single use, 72 hours. A new one
-- (re-send) ends the earlier ones.
create table user_invitations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index user_invitations_user_idx on user_invitations (user_id, created_at desc);

-- ── sessions ───────────────────────────────────────────────────────────────────────────────────

-- What the settings screen lists of each signed-in browser.
alter table auth_sessions add column user_agent text;
alter table auth_sessions add column ip text;
alter table auth_sessions add column last_seen_at timestamptz;
update auth_sessions set last_seen_at = created_at;
alter table auth_sessions alter column last_seen_at set not null;
alter table auth_sessions alter column last_seen_at set default now();
