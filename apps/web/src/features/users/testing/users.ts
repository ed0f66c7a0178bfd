import type { Permission, User } from '@skydesk/contract';
import { sampleUser, signedInState } from '../../../testing/fake-session';
import type { PreloadedState } from '../../../testing/render-with-providers';
import type { RoleOption } from '../users-api';

/** A manager: may manage users. */
export const usersState = (
  permissions: Permission[] = ['users.manage'],
  user: Partial<PreloadedState['session']> = {},
): PreloadedState => signedInState({ permissions, ...user });

export const ownerRole: RoleOption = {
  id: '9b2e4c61-1a3f-4d5e-8b7c-6a5f4e3d2c1b',
  name: 'Owner',
  description: 'Every permission, always.',
  is_system: true,
};

export const agentRole: RoleOption = {
  id: 'a1a1a1a1-b2b2-4c3c-8d4d-e5e5e5e5e5e5',
  name: 'Agent',
  description: 'Searches, holds and tickets bookings.',
  is_system: false,
};

export const accountantRole: RoleOption = {
  id: 'b1b1b1b1-c2c2-4d3d-8e4e-f5f5f5f5f5f5',
  name: 'Accountant',
  description: 'Deposits and the statement; no bookings.',
  is_system: false,
};

export const roleOptions = (): RoleOption[] => [ownerRole, agentRole, accountantRole];

let next = 0;
export function staffUser(overrides: Partial<User> = {}): User {
  next += 1;
  return {
    id: `cccccccc-dddd-4eee-8fff-${String(next).padStart(12, '0')}`,
    name: `Staff ${next}`,
    email: `staff${next}@demo-travels.example`,
    phone: '+971 50 555 0000',
    image_url: null,
    role: { id: agentRole.id, name: agentRole.name },
    company_id: sampleUser.company_id,
    is_owner: false,
    is_active: true,
    status: 'active',
    invitation_expires_at: null,
    last_sign_in_at: '2026-11-17T08:15:00.000Z',
    created_at: '2026-10-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The signed-in sample user (the owner) as the list shows them. */
export const ownerRow = (): User =>
  staffUser({
    ...sampleUser,
    role: { id: ownerRole.id, name: ownerRole.name },
    is_owner: true,
  });

/** The owner, an active agent, an invited accountant (link live) and a deactivated agent. */
export const sampleStaff = (): User[] => [
  ownerRow(),
  staffUser({ name: 'Samir Khan', email: 'samir@demo-travels.example' }),
  staffUser({
    name: 'Leila Haddad',
    email: 'leila@demo-travels.example',
    role: { id: accountantRole.id, name: accountantRole.name },
    status: 'invited',
    invitation_expires_at: new Date(Date.now() + 48 * 3600_000).toISOString(),
    last_sign_in_at: null,
  }),
  staffUser({
    name: 'Omar Farouk',
    email: 'omar@demo-travels.example',
    status: 'deactivated',
    is_active: false,
  }),
];
