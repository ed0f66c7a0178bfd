import { zodResolver } from '@hookform/resolvers/zod';
import { ROLE_RULES, type Role, SUCCESS } from '@skydesk/contract';
import { ArrowLeft, Lock, Save, SearchX } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isForbidden } from '../../../shared/access/require-permission';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Field, FieldError, inputClasses, TextField } from '../../../shared/ui/field';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PermissionPicker } from '../components/permission-picker';
import {
  ROLE_FORM_FIELDS,
  ROLE_ID_PARAM,
  RoleForm,
  type RoleFormInput,
  type RoleFormOutput,
  roleBodyOf,
  roleFormValues,
} from '../role-form';
import { rolesApi } from '../roles-api';

const backToRoles = (
  <Link to={paths.dashboard.roles} className={buttonClasses('secondary')}>
    <ArrowLeft aria-hidden="true" className="size-4" /> Back to roles
  </Link>
);

/**
 * /dashboard/create-role (docs/product-spec.md §2): a new role, or with `?id=` an existing one changed — its
 * name, what it is for, and its permissions chosen in groups with what each lets a user do.
 */
export function CreateRolePage() {
  const [params] = useSearchParams();
  const id = params.get(ROLE_ID_PARAM);
  if (!id) return <RoleEditor editing={null} />;
  return <EditRole id={id} />;
}

/** An existing role, read from the roles list (there is no single-role call; the list is small). */
function EditRole({ id }: { id: string }) {
  const { data, error, isLoading, isFetching, refetch } = rolesApi.useRolesQuery();
  if (isForbidden(error)) return <ForbiddenScreen permission="roles.manage" />;
  if (error)
    return (
      <LoadFailed
        title="The role could not be loaded"
        className="mx-auto w-full max-w-3xl"
        busy={isFetching}
        onRetry={() => void refetch()}
      />
    );
  if (isLoading || !data) return <FormSkeleton />;
  const role = data.roles.find((candidate) => candidate.id === id);
  if (!role)
    return (
      <EmptyState icon={SearchX} title="Role not found" actions={backToRoles}>
        It may have been deleted. Open it again from the roles list.
      </EmptyState>
    );
  if (role.is_system)
    return (
      <EmptyState icon={Lock} title={`The ${role.name} role is fixed`} actions={backToRoles}>
        {ROLE_RULES.ownerFixed}.
      </EmptyState>
    );
  // Keyed: another role opened from here starts from its own values.
  return <RoleEditor key={role.id} editing={role} />;
}

function FormSkeleton() {
  return (
    <div role="status" aria-label="Loading the role" className="mx-auto w-full max-w-4xl space-y-4">
      <div className="h-44 animate-pulse rounded-2xl bg-slate-200/70" />
      <div className="h-96 animate-pulse rounded-2xl bg-slate-200/70" />
    </div>
  );
}

function RoleEditor({ editing: role }: { editing: Role | null }) {
  const navigate = useNavigate();
  const [createRole] = rolesApi.useCreateRoleMutation();
  const [updateRole] = rolesApi.useUpdateRoleMutation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RoleFormInput, unknown, RoleFormOutput>({
    resolver: zodResolver(RoleForm),
    mode: 'onTouched',
    defaultValues: roleFormValues(role),
  });
  const permissions = useWatch({ control, name: 'permissions' }) ?? [];

  const submit = handleSubmit(async (form) => {
    const body = roleBodyOf(form);
    try {
      if (role) await updateRole({ params: { id: role.id }, body }).unwrap();
      else await createRole({ body }).unwrap();
    } catch (error) {
      if (!isApiFailure(error)) return;
      // 409: another role has this name — said on the name.
      if (error.status === 409 && error.message === ROLE_RULES.nameTaken) {
        setError('name', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      if (!showServerFieldErrors(error, setError, ROLE_FORM_FIELDS)) toast.error(error.message);
      return;
    }
    toast.success(role ? SUCCESS.roleUpdated : SUCCESS.roleCreated);
    navigate(paths.dashboard.roles);
  });

  return (
    <form noValidate onSubmit={submit} className="mx-auto w-full max-w-4xl space-y-5">
      <Card title={role ? `Edit role: ${role.name}` : 'New role'}>
        {role && role.user_count > 0 && (
          <Alert className="mb-4">
            {role.user_count === 1 ? '1 user holds' : `${role.user_count} users hold`} this role. They get the
            changes at their next sign-in.
          </Alert>
        )}
        <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
          <TextField
            label="Role name"
            autoComplete="off"
            placeholder="e.g. Ticketing agent"
            error={errors.name?.message}
            {...register('name')}
          />
          <Field
            label="Description"
            optional
            hint="What this role is for, so whoever gives it to a user knows."
            error={errors.description?.message}
            className="sm:col-span-2"
          >
            {(control) => (
              <textarea
                {...control}
                {...register('description')}
                rows={2}
                className={inputClasses(Boolean(errors.description), 'resize-y')}
              />
            )}
          </Field>
        </div>
      </Card>

      <Card
        title="Permissions"
        aside={
          <span className="text-slate-500 text-sm tabular-nums">
            {permissions.length} {permissions.length === 1 ? 'permission' : 'permissions'} chosen
          </span>
        }
      >
        <p className="mb-4 text-slate-600 text-sm">
          Choose what users with this role may do. Screens and buttons for anything else are hidden from them.
        </p>
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => (
            <PermissionPicker
              value={field.value}
              onChange={field.onChange}
              bookingsScope={<BookingsScopeChoice register={register} />}
            />
          )}
        />
        {errors.permissions?.message && <FieldError>{errors.permissions.message}</FieldError>}
        {errors.bookings_scope?.message && <FieldError>{errors.bookings_scope.message}</FieldError>}
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Link to={paths.dashboard.roles} className={buttonClasses('ghost')}>
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to roles
        </Link>
        <Button type="submit" busy={isSubmitting}>
          {!isSubmitting && <Save aria-hidden="true" className="size-4" />}
          {role ? 'Save changes' : 'Create role'}
        </Button>
      </div>
    </form>
  );
}

const SCOPE_CHOICES = [
  { value: 'all', label: "All the agency's bookings" },
  { value: 'own', label: 'Only bookings they made themselves' },
] as const;

/** Which bookings "See bookings" shows (a common agency rule for ticketing staff). */
function BookingsScopeChoice({
  register,
}: {
  register: ReturnType<typeof useForm<RoleFormInput, unknown, RoleFormOutput>>['register'];
}) {
  return (
    <fieldset className="rounded-lg bg-indigo-50/60 px-3 py-2.5 ring-1 ring-indigo-100">
      {/* Floated: laid out inside the padding like any block, not over the fieldset's edge. */}
      <legend className="float-left mb-1.5 w-full font-medium text-slate-700 text-xs">
        Which bookings they see
      </legend>
      <div className="clear-both flex flex-col gap-1.5 sm:flex-row sm:gap-5">
        {SCOPE_CHOICES.map((choice) => (
          <label key={choice.value} className="flex cursor-pointer items-center gap-2 text-slate-800 text-sm">
            <input
              type="radio"
              value={choice.value}
              {...register('bookings_scope')}
              className="size-4 accent-indigo-600"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
