import { PERMISSIONS, type Permission } from '@skydesk/contract';

/** docs/api.md: every company has a fixed Owner role that holds all permissions. */
export const OWNER_ROLE = {
  name: 'Owner',
  description: 'Runs the agency: every permission, cannot be changed or deleted.',
  permissions: [...PERMISSIONS] as Permission[],
  is_system: true,
};

/** Roles a new agency starts with besides Owner, so staff can be invited at once. */
export const STARTER_ROLES: { name: string; description: string; permissions: Permission[] }[] = [
  {
    name: 'Ticketing agent',
    description: 'Searches, books, tickets and services bookings.',
    permissions: [
      'flights.search',
      'bookings.view',
      'bookings.create',
      'bookings.issue',
      'bookings.cancel',
      'bookings.refund',
      'travellers.manage',
      'history.view',
      'support.use',
    ],
  },
  {
    name: 'Accountant',
    description: 'Deposits, balances, orders and analytics.',
    permissions: [
      'payments.view',
      'payments.create',
      'bookings.view',
      'history.view',
      'analytics.view',
      'support.use',
    ],
  },
  {
    name: 'Viewer',
    description: 'Reads bookings, history, payments and analytics; changes nothing.',
    permissions: ['bookings.view', 'history.view', 'payments.view', 'analytics.view', 'support.use'],
  },
];
