import { PERMISSION_GROUPS, type Permission, type Role, RoleBody } from '@skydesk/contract';
import type { z } from 'zod';

/** The role form checks what the server checks (the contract's RoleBody) before sending. */
export const RoleForm = RoleBody;
export type RoleFormInput = z.input<typeof RoleForm>;
export type RoleFormOutput = z.output<typeof RoleForm>;

/** The fields a server's field error may name, in the order they are shown. */
export const ROLE_FORM_FIELDS = [
  'name',
  'description',
  'permissions',
  'bookings_scope',
] as const satisfies readonly (keyof RoleFormInput)[];

/** An empty form, or the role's own values to change them. */
export const roleFormValues = (role: Role | null): RoleFormInput => ({
  name: role?.name ?? '',
  description: role?.description ?? '',
  permissions: role ? [...role.permissions] : [],
  bookings_scope: role?.bookings_scope ?? 'all',
});

/**
 * What is sent: the scope only matters with `bookings.view`; without it the role is stored with
 * the default, so a hidden choice never lingers.
 */
export const roleBodyOf = (form: RoleFormOutput): RoleFormOutput => ({
  ...form,
  bookings_scope: form.permissions.includes('bookings.view') ? form.bookings_scope : 'all',
});

/** The role's permissions in the form's groups and order; groups it holds nothing of are left out. */
export function groupedPermissions(permissions: readonly Permission[]) {
  return PERMISSION_GROUPS.map((group) => ({
    heading: group.heading,
    permissions: group.permissions.filter((entry) => permissions.includes(entry.permission)),
  })).filter((group) => group.permissions.length > 0);
}

/** Roles are opened for editing by id in the address: /dashboard/create-role?id=… */
export const ROLE_ID_PARAM = 'id';
