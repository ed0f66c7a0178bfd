import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { PERMISSIONS, Permission } from './enums.js';
import { FALLBACK } from './messages.js';
import { Text } from './text.js';

/**
 * docs/api.md#company-users-and-roles: roles and what each permission lets a user do. A role's
 * changes reach its users at their next sign-in (tokens carry the permissions).
 */

/**
 * Which bookings `bookings.view` shows: the whole agency's, or only those the user made
 * themselves (a common agency rule for ticketing staff). Others' bookings answer 404.
 */
export const BOOKINGS_SCOPES = ['all', 'own'] as const;
export const BookingsScope = z.enum(BOOKINGS_SCOPES);
export type BookingsScope = z.infer<typeof BookingsScope>;

export const Role = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(Permission),
  bookings_scope: BookingsScope,
  /** The Owner role: holds every permission, can't be edited or deleted. */
  is_system: z.boolean(),
  user_count: z.number().int(),
});
export type Role = z.infer<typeof Role>;

/** The role form's groups: each permission with what it lets a user do, as agents read it. */
export const PERMISSION_GROUPS: {
  heading: string;
  permissions: { permission: Permission; label: string; explains: string }[];
}[] = [
  {
    heading: 'Flights and bookings',
    permissions: [
      {
        permission: 'flights.search',
        label: 'Search flights',
        explains: 'Search fares and see flight details.',
      },
      {
        permission: 'bookings.view',
        label: 'See bookings',
        explains: 'Open bookings, their tickets and penalties.',
      },
      {
        permission: 'bookings.create',
        label: 'Hold bookings',
        explains: 'Book seats on hold for travellers (no money moves yet).',
      },
      {
        permission: 'bookings.issue',
        label: 'Issue tickets',
        explains: "Ticket a held booking, paid from the agency's credits.",
      },
      {
        permission: 'bookings.cancel',
        label: 'Cancel bookings',
        explains: 'Cancel holds and void fresh tickets.',
      },
      {
        permission: 'bookings.refund',
        label: 'Request refunds',
        explains: 'Ask for a refund of an issued ticket.',
      },
      {
        permission: 'travellers.manage',
        label: 'Manage travellers',
        explains: 'Keep the agency’s saved traveller profiles.',
      },
    ],
  },
  {
    heading: 'Money',
    permissions: [
      {
        permission: 'payments.view',
        label: 'See payments',
        explains: 'Read deposits, the statement and receipts.',
      },
      {
        permission: 'payments.create',
        label: 'Make deposits',
        explains: 'Report deposits and set the low-balance alert.',
      },
      {
        permission: 'analytics.view',
        label: 'See analytics',
        explains: 'Open the dashboard figures and reports.',
      },
      {
        permission: 'history.view',
        label: 'See history',
        explains: 'Read search history and order history.',
      },
      {
        permission: 'pricing.manage',
        label: 'Manage pricing',
        explains: 'Set markup rules, service fees, invoice numbering and the tax on earnings.',
      },
    ],
  },
  {
    heading: 'Team and help',
    permissions: [
      {
        permission: 'users.manage',
        label: 'Manage users',
        explains: 'Invite staff, change their roles, deactivate or delete them.',
      },
      { permission: 'roles.manage', label: 'Manage roles', explains: 'Create, change and delete roles.' },
      {
        permission: 'support.use',
        label: 'Use support',
        explains: 'Open support tickets and chat with SkyDesk.',
      },
    ],
  },
];

export const RoleName = Text({
  min: 2,
  max: 60,
  tooShort: 'Name the role',
  tooLong: 'Role name is too long',
});

export const RoleBody = z.strictObject({
  name: RoleName,
  description: Text({ max: 300, tooLong: 'Description is too long' }).default(''),
  permissions: z
    .array(Permission)
    .max(PERMISSIONS.length)
    .transform((list) => [...new Set(list)]),
  bookings_scope: BookingsScope.default('all'),
});
export type RoleBody = z.input<typeof RoleBody>;

export const UpdateRoleBody = z
  .strictObject({
    name: RoleName.optional(),
    description: Text({ max: 300, tooLong: 'Description is too long' }).optional(),
    permissions: z
      .array(Permission)
      .max(PERMISSIONS.length)
      .transform((list) => [...new Set(list)])
      .optional(),
    bookings_scope: BookingsScope.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to change',
  });
export type UpdateRoleBody = z.input<typeof UpdateRoleBody>;

/** The refusals of the roles screens (409). */
export const ROLE_RULES = {
  nameTaken: 'A role with this name already exists',
  ownerFixed: 'The Owner role is fixed: it holds every permission and cannot be changed or deleted',
  inUse: (users: number) =>
    `${users} user${users === 1 ? ' still holds' : 's still hold'} this role: give them another role first`,
} as const;

export const ROLE_LIST_DEFAULT_LIMIT = 10000;

const IdParams = z.strictObject({ id: z.uuid() });

export const roleEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/role',
    summary: "The agency's roles with their permissions and how many users hold each",
    access: 'company',
    permission: 'roles.manage',
    query: z.strictObject({
      page: z.coerce.number().int().min(0).max(100000).default(0),
      limit: z.coerce.number().int().min(1).max(ROLE_LIST_DEFAULT_LIMIT).default(ROLE_LIST_DEFAULT_LIMIT),
    }),
    response: z.object({ roles: z.array(Role), totalPages: z.number().int() }),
    fallbackMessage: FALLBACK.fetchRoles,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/role',
    summary: 'Create a role',
    access: 'company',
    permission: 'roles.manage',
    body: RoleBody,
    response: Role,
    successStatus: 201,
    fallbackMessage: FALLBACK.createRole,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/role/{id}',
    summary: 'Change a role (its users get the change at their next sign-in)',
    access: 'company',
    permission: 'roles.manage',
    params: IdParams,
    body: UpdateRoleBody,
    response: Role,
    fallbackMessage: FALLBACK.updateRole,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/role/{id}',
    summary: 'Delete a role nobody holds (409 while users hold it; never the Owner role)',
    access: 'company',
    permission: 'roles.manage',
    params: IdParams,
    response: z.object({ id: z.uuid() }),
    fallbackMessage: FALLBACK.deleteRole,
  }),
};
