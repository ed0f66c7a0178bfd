-- Support tickets and their chat, notifications read per user and e-mailed, announcements and
-- offers (issue 14, docs/api.md#support-notices-analytics).

-- ── support tickets ────────────────────────────────────────────────────────────────────────────

-- The number people quote ("#1042"); gaps (a deleted ticket) don't matter.
create sequence support_ticket_number_seq start 1001;

create table support_tickets (
  id uuid primary key default gen_random_uuid(),
  number bigint not null unique default nextval('support_ticket_number_seq'),
  company_id uuid not null references companies (id) on delete cascade,
  created_by uuid not null references users (id),
  subject text not null,
  category text not null check (category in ('booking', 'payment', 'technical', 'other')),
  priority text not null check (priority in ('low', 'normal', 'high')),
  status text not null default 'open' check (status in ('open', 'answered', 'closed')),
  booking_id uuid references bookings (id),
  -- the operator looking after it
  assigned_to uuid references operators (id),
  -- the seq of its newest message; each message takes the next under the ticket's row lock
  last_seq integer not null default 0,
  -- the other side's messages read up to this seq, by the agency and by operators
  agency_read_seq integer not null default 0,
  operator_read_seq integer not null default 0,
  -- the first operator reply: from then on the agency closes the ticket instead of deleting it
  operator_replied_at timestamptz,
  last_message_at timestamptz not null default now(),
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index support_tickets_company_idx on support_tickets (company_id, created_at desc);
-- the operators' queue: what still needs looking after
create index support_tickets_queue_idx on support_tickets (assigned_to, priority, created_at)
  where status <> 'closed';

create table support_messages (
  id uuid primary key default gen_random_uuid(),
  ticket_id uuid not null references support_tickets (id) on delete cascade,
  seq integer not null check (seq > 0),
  side text not null check (side in ('agency', 'operator')),
  user_id uuid references users (id),
  operator_id uuid references operators (id),
  body text not null,
  -- the sender's own id of the message: a retry with it stores nothing twice
  client_id uuid,
  attachment_key text,
  attachment_file_name text,
  attachment_content_type text,
  attachment_size_bytes integer,
  -- when the other side first read it
  read_at timestamptz,
  created_at timestamptz not null default now(),
  unique (ticket_id, seq),
  check ((side = 'agency' and user_id is not null and operator_id is null)
      or (side = 'operator' and operator_id is not null and user_id is null)),
  check ((attachment_key is null) = (attachment_file_name is null)),
  check (body <> '' or attachment_key is not null)
);
create unique index support_messages_client_key on support_messages (ticket_id, side, client_id)
  where client_id is not null;

-- ── notifications ──────────────────────────────────────────────────────────────────────────────

-- Read or unread per user: a notification to the whole agency is read by each user for themselves.
create table notification_reads (
  notification_id uuid not null references notifications (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  read_at timestamptz not null,
  primary key (notification_id, user_id)
);
-- "Mark all read": everything the user was told up to then, without a row per notification.
alter table users add column notifications_read_before timestamptz;

-- What was read before, by whom it could have been read.
insert into notification_reads (notification_id, user_id, read_at)
select n.id, u.id, n.read_at
from notifications n
join users u on u.company_id = n.company_id and (n.user_id is null or n.user_id = u.id)
where n.read_at is not null;
alter table notifications drop column read_at;

create index notifications_user_idx on notifications (user_id, created_at desc) where user_id is not null;

-- The money and approval events are e-mailed after the commit by a sweep: 'pending' until sent.
-- mail_next_at: not before then — a sweep's claim (a lease, so two servers never mail one
-- notification at once, and a crashed sweep's claim runs out) or the next try after a failure.
alter table notifications
  add column mail_state text check (mail_state in ('pending', 'sent')),
  add column mail_next_at timestamptz,
  add column mail_attempts integer not null default 0;
create index notifications_mail_pending_idx on notifications (created_at) where mail_state = 'pending';

-- Who a notification's e-mail has reached: a retry after a failure mails only the others.
create table notification_mails (
  notification_id uuid not null references notifications (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  sent_at timestamptz not null,
  primary key (notification_id, user_id)
);

-- The low-balance e-mail goes out as the notification's e-mail now: the alerts not mailed yet
-- become their notification's pending e-mail (the two were written together, at one instant).
update notifications n set mail_state = 'pending'
from low_balance_alerts a
where a.mailed_at is null and a.company_id = n.company_id and n.kind = 'low_balance'
  and n.created_at = a.created_at;
drop table low_balance_alerts;

-- A user's "no e-mail for this kind" (e-mail is on unless turned off).
create table notification_email_opt_outs (
  user_id uuid not null references users (id) on delete cascade,
  kind text not null,
  primary key (user_id, kind)
);

-- A hold's "expires in 2 hours" is told once.
alter table bookings add column expiry_warned_at timestamptz;
create index bookings_hold_unwarned_idx on bookings (ticketing_deadline)
  where status = 'booked' and expiry_warned_at is null;

-- ── announcements and offers ───────────────────────────────────────────────────────────────────

create table notice_posts (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('announcement', 'offer')),
  title text not null,
  -- limited Markdown, rendered by the portal
  body text not null,
  image_key text,
  image_version text,
  -- null: a draft
  publish_at timestamptz,
  expires_at timestamptz,
  -- empty: every agency; otherwise the agencies of these countries (ISO 3166 alpha-2)
  countries text[] not null default '{}',
  -- when the agencies of its audience were notified of it (the publication sweep)
  notified_at timestamptz,
  created_by uuid references operators (id),
  updated_by uuid references operators (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (expires_at is null or publish_at is null or expires_at > publish_at)
);
create index notice_posts_live_idx on notice_posts (kind, publish_at desc) where publish_at is not null;
create index notice_posts_unnotified_idx on notice_posts (publish_at) where notified_at is null and publish_at is not null;

-- A post's "new announcement" notifications (one per agency) go with the post.
alter table notifications add column notice_post_id uuid references notice_posts (id) on delete cascade;
create index notifications_notice_post_idx on notifications (notice_post_id) where notice_post_id is not null;

-- ── live sockets end with their session ────────────────────────────────────────────────────────

-- Whatever ends a session — sign-out, a password change, a deactivated or deleted user or
-- operator, a suspended agency — tells every server at its commit, so each closes the sockets of
-- that session at once (modules/live). A trigger, so no code path that ends a session can forget.
create function live_session_end() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'auth_sessions' then
    perform pg_notify('skydesk_session_end', json_build_object('session_id', new.id)::text);
  elsif tg_table_name = 'companies' then
    perform pg_notify('skydesk_session_end', json_build_object('company_id', new.id)::text);
  else
    perform pg_notify('skydesk_session_end', json_build_object('subject_id', new.id)::text);
  end if;
  return null;
end;
$$;

create trigger auth_sessions_live_end after update of revoked_at on auth_sessions
  for each row when (old.revoked_at is null and new.revoked_at is not null)
  execute function live_session_end();
create trigger users_live_end after update of session_version, is_active, deleted_at on users
  for each row when (old.session_version is distinct from new.session_version
    or old.is_active is distinct from new.is_active
    or old.deleted_at is distinct from new.deleted_at)
  execute function live_session_end();
create trigger operators_live_end after update of session_version, is_active on operators
  for each row when (old.session_version is distinct from new.session_version
    or old.is_active is distinct from new.is_active)
  execute function live_session_end();
create trigger companies_live_end after update of verification_status on companies
  for each row when (new.verification_status = 'suspended' and old.verification_status <> 'suspended')
  execute function live_session_end();

-- ── refresh tokens ─────────────────────────────────────────────────────────────────────────────

-- Which token a rotation answered with: a replaced token presented again moments later, whose
-- successor was never used, is a browser that lost the answer (a reload mid-refresh), not a thief
-- (modules/auth/session-tokens.ts).
alter table refresh_tokens add column replaced_by uuid references refresh_tokens (id) on delete set null;
