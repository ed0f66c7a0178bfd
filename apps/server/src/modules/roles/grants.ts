import { AppError, type BookingsScope, GRANT_RULES, PERMISSIONS, type Permission } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../platform/http/principal.js';
import { findHolding } from './repo.js';

/**
 * Nobody gives more than they hold (issue 27). A user manager gives a role, and a role manager
 * writes permissions into one, only within what they hold themselves: each permission, and for a
 * role that sees every booking of the agency, that reach too (a role limited to its holder's own
 * bookings does not have it). Without this, `users.manage` alone moved its holder into any richer
 * role, and `roles.manage` added every permission to its holder's own.
 */

export type Holding = { permissions: readonly Permission[]; bookingsScope: BookingsScope };

/** The reach of `bookings.view` over every booking of the agency, named as a permission is. */
const AGENCY_BOOKINGS = GRANT_RULES.agencyBookings;

/** What a holding lets its holder do, each permission and the agency-wide reach one name apiece. */
function capabilities(holding: Holding): Set<string> {
  const held = new Set<string>(holding.permissions);
  if (held.has('bookings.view') && holding.bookingsScope === 'all') held.add(AGENCY_BOOKINGS);
  return held;
}

/** The owner holds everything, whatever role row a test or an old agency gives them. */
const EVERYTHING: Holding = { permissions: PERMISSIONS, bookingsScope: 'all' };

/**
 * What the caller holds now: the owner everything; anyone else what their token carries *and*
 * their role still holds (a role narrowed since sign-in narrows what its holder may give at once,
 * though the token keeps opening calls until the next sign-in — docs/api.md).
 */
export async function holdingOf(
  db: Kysely<Database> | Transaction<Database>,
  principal: CompanyPrincipal,
): Promise<Holding> {
  if (principal.isOwner) return EVERYTHING;
  const role = await findHolding(db, principal.companyId, principal.userId);
  if (!role) return { permissions: [], bookingsScope: 'own' };
  return {
    permissions: principal.permissions.filter((permission) => role.permissions.includes(permission)),
    bookingsScope: principal.bookingsScope === 'all' && role.bookings_scope === 'all' ? 'all' : 'own',
  };
}

/** What of `wanted` the holder lacks, in the contract's order (the agency-wide reach last). */
function lacking(holder: Holding, wanted: Set<string>): string[] {
  const held = capabilities(holder);
  const missing = [...PERMISSIONS, AGENCY_BOOKINGS].filter((name) => wanted.has(name) && !held.has(name));
  // "lacks bookings.view" says it all: the reach that comes with it needs no mention of its own.
  return missing.includes('bookings.view') ? missing.filter((name) => name !== AGENCY_BOOKINGS) : missing;
}

const refuse = (missing: string[]) => {
  if (missing.length > 0) throw new AppError('forbidden', GRANT_RULES.notHeld(missing));
};

/** 403 unless the holder holds everything each of these roles holds (a role given, or taken away). */
export function refuseRolesBeyond(holder: Holding, ...roles: Holding[]): void {
  const wanted = new Set<string>();
  for (const role of roles) for (const name of capabilities(role)) wanted.add(name);
  refuse(lacking(holder, wanted));
}

/**
 * 403 unless the holder holds everything a colleague's role holds: switching a colleague off (or
 * on again) or deleting them is as much a grant as taking their role away.
 */
export function refuseManagingBeyond(holder: Holding, colleague: Holding): void {
  const missing = lacking(holder, capabilities(colleague));
  if (missing.length > 0) throw new AppError('forbidden', GRANT_RULES.notHeldToManage(missing));
}

/** 403 unless every permission a role change adds or takes away is the holder's own. */
export function refuseChangeBeyond(holder: Holding, before: Holding, after: Holding): void {
  const was = capabilities(before);
  const will = capabilities(after);
  const changed = new Set([...was, ...will].filter((name) => was.has(name) !== will.has(name)));
  refuse(lacking(holder, changed));
}
