import { zodResolver } from '@hookform/resolvers/zod';
import { FALLBACK, INVITATION_TTL_HOURS, SUCCESS } from '@skydesk/contract';
import { clsx } from 'clsx';
import { ArrowLeft, Send, ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { FieldError, TextField } from '../../../shared/ui/field';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { CREATE_USER_FIELDS, CreateUserForm, type CreateUserFormInput } from '../user-form';
import { type RoleOption, usersApi } from '../users-api';
import type { UsersLocationState } from './users-page';

/**
 * /dashboard/create-user (docs/product-spec.md §2): a manager invites a staff member — name, e-mail, phone and
 * the role that decides what they may do. The server e-mails them a single-use link to set their
 * password; the list then shows them as invited.
 */
export function CreateUserPage() {
  const { data: roles, error, isFetching, refetch } = usersApi.useRoleOptionsQuery();

  if (isApiFailure(error) && error.status === 403) return <ForbiddenScreen permission="users.manage" />;
  if (error)
    return (
      <LoadFailed
        title={isApiFailure(error) ? error.message : FALLBACK.fetchRoles}
        className="mx-auto max-w-3xl"
        busy={isFetching}
        onRetry={() => void refetch()}
      />
    );
  if (!roles)
    return (
      <div role="status" aria-label="Loading the roles" className="mx-auto max-w-5xl space-y-3">
        <div className="h-96 animate-pulse rounded-2xl bg-slate-200/70" />
      </div>
    );
  // The fixed Owner role belongs to the agency's owner alone.
  return <NewUserForm roles={roles.filter((role) => !role.is_system)} />;
}

function NewUserForm({ roles }: { roles: RoleOption[] }) {
  const navigate = useNavigate();
  const [createUser] = usersApi.useCreateUserMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateUserFormInput>({
    resolver: zodResolver(CreateUserForm),
    mode: 'onTouched',
    // One role to give: nothing to choose.
    defaultValues: { name: '', email: '', phone: '', role_id: roles.length === 1 ? roles[0]!.id : '' },
  });

  const submit = handleSubmit(async (body) => {
    let created: { id: string };
    try {
      created = await createUser({ body }).unwrap();
    } catch (error) {
      if (!isApiFailure(error)) return;
      // 409: someone of the agency (or elsewhere) already signs in with this address.
      if (error.status === 409) {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      if (!showServerFieldErrors(error, setError, CREATE_USER_FIELDS)) toast.error(error.message);
      return;
    }
    toast.success(SUCCESS.userCreated);
    navigate(paths.dashboard.users, { state: { created: created.id } satisfies UsersLocationState });
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mx-auto grid w-full max-w-5xl items-start gap-5 lg:grid-cols-[1fr_20rem]"
    >
      <Card title="New user">
        <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
          <TextField
            label="Full name"
            autoComplete="off"
            className="sm:col-span-2"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label="E-mail address"
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            hint="The invitation goes here; it is also how they sign in."
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="+971 50 123 4567"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <fieldset
            className="min-w-0 sm:col-span-2"
            aria-describedby={errors.role_id ? 'role-error' : undefined}
          >
            <legend className="font-medium text-slate-800 text-sm">Role</legend>
            <p className="mt-0.5 text-slate-500 text-xs">
              What they may do in SkyDesk. You can change it later.
            </p>
            {roles.length === 0 ? (
              <Alert tone="warning" className="mt-2">
                Your agency has no role to give yet.{' '}
                <Link to={paths.dashboard.createRole} className="font-medium underline">
                  Create a role
                </Link>{' '}
                first.
              </Alert>
            ) : (
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {roles.map((role) => (
                  <label
                    key={role.id}
                    className={clsx(
                      'flex cursor-pointer gap-3 rounded-xl border bg-white p-3 transition-colors hover:border-indigo-300',
                      'has-checked:border-indigo-500 has-checked:bg-indigo-50/60 has-checked:ring-1 has-checked:ring-indigo-500',
                      'has-focus-visible:outline-2 has-focus-visible:outline-indigo-500 has-focus-visible:outline-offset-2',
                      errors.role_id ? 'border-rose-300' : 'border-slate-200',
                    )}
                  >
                    <input
                      type="radio"
                      value={role.id}
                      className="mt-0.5 size-4 shrink-0 accent-indigo-600 focus:outline-none"
                      {...register('role_id')}
                    />
                    <span className="min-w-0">
                      <span className="block font-medium text-slate-900 text-sm">{role.name}</span>
                      <span className="block text-slate-600 text-xs leading-relaxed">
                        {role.description || 'No description.'}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            )}
            {errors.role_id && <FieldError id="role-error">{errors.role_id.message}</FieldError>}
          </fieldset>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 border-slate-100 border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
          <Link to={paths.dashboard.users} className={buttonClasses('ghost')}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to users
          </Link>
          <Button type="submit" busy={isSubmitting} disabled={roles.length === 0}>
            {!isSubmitting && <Send aria-hidden="true" className="size-4" />}
            Send invitation
          </Button>
        </div>
      </Card>

      <aside aria-label="What happens next">
        <Card title="What happens next">
          <ol className="list-decimal space-y-2 pl-5 text-slate-600 text-sm leading-relaxed">
            <li>
              We e-mail them a link to choose their password. It works once, for {INVITATION_TTL_HOURS} hours;
              you can send a new one from the users list.
            </li>
            <li>At their first sign-in they confirm their e-mail and set up an authenticator app.</li>
            <li>They see only what their role allows. A role&apos;s changes apply at their next sign-in.</li>
          </ol>
          <p className="mt-4 flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-slate-600 text-xs ring-1 ring-slate-200">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
            You can deactivate or delete them at any time: they are signed out at once.
          </p>
        </Card>
      </aside>
    </form>
  );
}
