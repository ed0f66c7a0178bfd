-- Sign-in throttling (docs/decisions/008-sign-in-throttling.md): failures counted per account and
-- source together, per account and per source, with growing delays instead of a lock on the
-- account; and the sources each account has signed in from, which the account-wide and
-- source-wide slowdowns let through.

-- One counter per (principal, step, scope, account, source). The pair scope names both, the
-- account scope leaves the source '' and the source scope leaves the account ''.
create table sign_in_throttle (
  principal text not null check (principal in ('user', 'operator')),
  step text not null check (step in ('password', 'second_factor')),
  scope text not null check (scope in ('pair', 'account', 'source')),
  -- the lower-cased sign-in name (an e-mail, known or not)
  account text not null,
  -- the client address, an IPv6 client's /64
  source text not null,
  failures integer not null default 0,
  -- failures count within a day from here; a later failure starts over
  window_start timestamptz not null,
  -- the next attempt in this scope waits until then
  blocked_until timestamptz,
  primary key (principal, step, scope, account, source)
);
create index sign_in_throttle_window_idx on sign_in_throttle (window_start);

-- A full sign-in (or a password reset) from a source makes it known to that account for a while.
create table sign_in_known_sources (
  principal text not null check (principal in ('user', 'operator')),
  account text not null,
  source text not null,
  trusted_at timestamptz not null,
  primary key (principal, account, source)
);
create index sign_in_known_sources_trusted_idx on sign_in_known_sources (trusted_at);

-- The account-wide lock it replaces (a denial of service on any known e-mail).
drop table login_failures;
