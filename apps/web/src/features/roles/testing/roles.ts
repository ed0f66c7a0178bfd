import { PERMISSIONS, type Permission, type Role } from '@skydesk/contract';
import { signedInState } from '../../../testing/fake-session';
import type { PreloadedState } from '../../../testing/render-with-providers';

/** A signed-in manager who may manage roles (and, by default, everything else: the owner). */
export const rolesState = (permissions: Permission[] = [...PERMISSIONS]): PreloadedState =>
  signedInState({ permissions });

export const ownerRole: Role = {
  id: '10000000-0000-4000-8000-000000000001',
  name: 'Owner',
  description: 'The agency’s owner: everything, always.',
  permissions: [...PERMISSIONS],
  bookings_scope: 'all',
  is_system: true,
  user_count: 1,
};

export const agentRole: Role = {
  id: '10000000-0000-4000-8000-000000000002',
  name: 'Ticketing agent',
  description: 'Books and tickets for walk-in customers.',
  permissions: ['flights.search', 'bookings.view', 'bookings.create', 'bookings.issue'],
  bookings_scope: 'own',
  is_system: false,
  user_count: 3,
};

export const viewerRole: Role = {
  id: '10000000-0000-4000-8000-000000000003',
  name: 'Viewer',
  description: '',
  permissions: ['payments.view', 'history.view'],
  bookings_scope: 'all',
  is_system: false,
  user_count: 0,
};

export const sampleRoles = (): Role[] => [ownerRole, agentRole, viewerRole];
