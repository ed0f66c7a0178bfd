import { profileImageUrl, type User, type UserStatus } from '@skydesk/contract';
import type { StaffRow } from './repo.js';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** Invited until they choose a password; a deactivation outranks both. */
const statusOf = (row: StaffRow): UserStatus => {
  if (!row.is_active) return 'deactivated';
  return row.has_password ? 'active' : 'invited';
};

/** The wire `User` of the users screen, made in one place. */
export function presentUser(row: StaffRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    image_url: row.image_version ? profileImageUrl(row.id, row.image_version) : null,
    role: { id: row.role_id, name: row.role_name },
    company_id: row.company_id,
    is_owner: row.is_owner,
    is_active: row.is_active,
    status: statusOf(row),
    invitation_expires_at: row.has_password ? null : iso(row.invitation_expires_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at)!,
  };
}
