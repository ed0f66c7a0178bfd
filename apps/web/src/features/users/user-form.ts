import { CreateUserBody, PersonName, Phone, type UpdateUserBody, type User } from '@skydesk/contract';
import { z } from 'zod';

/** The new user's form: the contract's body as it is (name, e-mail, phone, role). */
export const CreateUserForm = CreateUserBody;
export type CreateUserFormInput = z.input<typeof CreateUserForm>;

export const CREATE_USER_FIELDS = ['name', 'email', 'phone', 'role_id'] as const;

/**
 * The edit form of one user: name, phone and role. A user saved without a phone (an owner who
 * registered before phones were asked) may keep none; once given, a phone can be changed, not
 * removed (the contract has no "no phone").
 */
export const editUserForm = (user: Pick<User, 'phone'>) =>
  z.object({
    name: PersonName,
    phone: z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        if (value === '' && user.phone === null) return;
        const parsed = Phone.safeParse(value);
        if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
      }),
    role_id: z.string(),
  });
export type EditUserFormValues = z.output<ReturnType<typeof editUserForm>>;

export const EDIT_USER_FIELDS = ['name', 'phone', 'role_id'] as const;

/**
 * Only what changed goes to the server; nothing changed is null (no call). The owner's role is
 * fixed, so it is never sent for them.
 */
export function userChanges(user: User, form: EditUserFormValues): UpdateUserBody | null {
  const changes: { name?: string; phone?: string; role_id?: string } = {};
  if (form.name !== user.name) changes.name = form.name;
  if (form.phone !== '' && form.phone !== user.phone) changes.phone = form.phone;
  if (!user.is_owner && form.role_id && form.role_id !== user.role.id) changes.role_id = form.role_id;
  return Object.keys(changes).length > 0 ? changes : null;
}
