-- Operators a deployment creates itself (`npm run operator -- create <email>`): a one-time set-up
-- link chooses the password (docs/architecture.md §6: random, hashed at rest, single use; 72 hours). Until
-- then the operator's password is a hash of a secret nobody holds, so no password signs in.
create table operator_setup_tokens (
  id uuid primary key default gen_random_uuid(),
  operator_id uuid not null references operators (id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index operator_setup_tokens_operator_idx on operator_setup_tokens (operator_id);
