import { zodResolver } from '@hookform/resolvers/zod';
import { SUCCESS, type User } from '@skydesk/contract';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../shared/http/api-error';
import { selectSessionUser, sessionUserUpdated } from '../../../shared/session/session-slice';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/dialog';
import { SelectField, TextField } from '../../../shared/ui/field';
import { EDIT_USER_FIELDS, type EditUserFormValues, editUserForm, userChanges } from '../user-form';
import { type RoleOption, usersApi } from '../users-api';

type EditUserDialogProps = {
  /** The user being edited; the dialog is closed when null. */
  user: User | null;
  roles: RoleOption[];
  onClose: () => void;
};

/** Changes a user's name, phone or role. A new role reaches them at their next sign-in. */
export function EditUserDialog({ user, roles, onClose }: EditUserDialogProps) {
  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={user ? `Edit ${user.name}` : 'Edit user'}
      description={user ? `${user.email} · the e-mail address can't be changed.` : undefined}
    >
      {/* Keyed: each user's form starts from their own values. */}
      {user && <EditUserForm key={user.id} user={user} roles={roles} onClose={onClose} />}
    </Modal>
  );
}

function EditUserForm({ user, roles, onClose }: { user: User; roles: RoleOption[]; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectSessionUser);
  const [updateUser] = usersApi.useUpdateUserMutation();
  const schema = useMemo(() => editUserForm(user), [user]);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<EditUserFormValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { name: user.name, phone: user.phone ?? '', role_id: user.role.id },
  });
  // The roles on offer (the fixed Owner role is nobody's to give), and the user's own even if not.
  const choices = roles.filter((role) => !role.is_system);
  const current = roles.find((role) => role.id === user.role.id);
  if (!choices.some((role) => role.id === user.role.id))
    choices.unshift(current ?? { id: user.role.id, name: user.role.name, description: '', is_system: true });
  const chosen = choices.find((role) => role.id === watch('role_id'));

  const save = handleSubmit(async (form) => {
    const changes = userChanges(user, form);
    if (!changes) return onClose();
    try {
      await updateUser({ params: { id: user.id }, body: changes }).unwrap();
    } catch (error) {
      if (!showServerFieldErrors(error, setError, EDIT_USER_FIELDS) && isApiFailure(error))
        toast.error(error.message);
      return;
    }
    // Your own name and phone show in the header at once.
    if (me?.id === user.id) dispatch(sessionUserUpdated({ name: changes.name, phone: changes.phone }));
    toast.success(SUCCESS.userUpdated);
    onClose();
  });

  return (
    <form noValidate onSubmit={save} className="space-y-4">
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="off"
        inputMode="tel"
        optional={user.phone === null}
        error={errors.phone?.message}
        {...register('phone')}
      />
      <SelectField
        label="Role"
        disabled={user.is_owner}
        error={errors.role_id?.message}
        hint={
          user.is_owner
            ? "The agency's owner always holds the Owner role, with every permission."
            : [chosen?.description, 'A new role applies at their next sign-in.'].filter(Boolean).join(' ')
        }
        {...register('role_id')}
      >
        {choices.map((role) => (
          <option key={role.id} value={role.id}>
            {role.name}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={isSubmitting}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
