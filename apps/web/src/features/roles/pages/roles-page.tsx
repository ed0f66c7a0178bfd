import { type Role, SUCCESS } from '@skydesk/contract';
import { Lock, Pencil, Plus, ShieldCheck, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router';
import { isForbidden } from '../../../shared/access/require-permission';
import { isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { RolePermissions } from '../components/role-permissions';
import { ROLE_ID_PARAM } from '../role-form';
import { rolesApi } from '../roles-api';

const editPath = (role: Role) =>
  `${paths.dashboard.createRole}?${ROLE_ID_PARAM}=${encodeURIComponent(role.id)}`;

const usersText = (count: number) => (count === 1 ? '1 user' : `${count} users`);

const createRoleLink = (
  <Link to={paths.dashboard.createRole} className={buttonClasses('primary', 'shrink-0')}>
    <Plus aria-hidden="true" className="size-4" /> Create role
  </Link>
);

/**
 * /dashboard/roles (docs/product-spec.md §2): the agency's roles — what each is for, how many users hold it and
 * what it lets them do, in the role form's groups. The Owner role is fixed; any other is changed
 * or deleted here (a role users still hold is refused by the server, which says how many).
 */
export function RolesPage() {
  const { data, error, isLoading, isFetching, refetch } = rolesApi.useRolesQuery();
  const [deleting, setDeleting] = useState<Role | null>(null);

  if (isForbidden(error)) return <ForbiddenScreen permission="roles.manage" />;
  if (error)
    return (
      <LoadFailed
        title="The roles could not be loaded"
        className="mx-auto w-full max-w-3xl"
        busy={isFetching}
        onRetry={() => void refetch()}
      />
    );
  if (isLoading || !data)
    return (
      <div
        role="status"
        aria-label="Loading the roles"
        className="mx-auto grid w-full max-w-6xl gap-4 lg:grid-cols-2"
      >
        {[0, 1, 2, 3].map((key) => (
          <div key={key} className="h-56 animate-pulse rounded-2xl bg-slate-200/70" />
        ))}
      </div>
    );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-slate-600 text-sm leading-relaxed">
          A role decides what its users may do in SkyDesk. Changes reach each user at their next sign-in.
        </p>
        {createRoleLink}
      </div>
      {data.roles.length === 0 ? (
        <EmptyState icon={ShieldCheck} title="No roles yet" actions={createRoleLink}>
          Create a role for each kind of work in your agency, then give it to your users.
        </EmptyState>
      ) : (
        <ul aria-label="Roles" className="grid items-start gap-4 lg:grid-cols-2">
          {data.roles.map((role) => (
            <RoleCard key={role.id} role={role} onDelete={() => setDeleting(role)} />
          ))}
        </ul>
      )}
      <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function RoleCard({ role, onDelete }: { role: Role; onDelete: () => void }) {
  const headingId = `role-${role.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="space-y-1.5 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="font-semibold text-lg text-slate-900">
            {role.name}
          </h2>
          {role.is_system && (
            <Badge tone="violet">
              <Lock aria-hidden="true" className="size-3" /> Fixed
            </Badge>
          )}
          {role.bookings_scope === 'own' && <Badge tone="amber">Own bookings only</Badge>}
        </div>
        <p className="flex items-center gap-1.5 text-slate-500 text-sm">
          <Users aria-hidden="true" className="size-4" /> {usersText(role.user_count)}
        </p>
        {role.description && <p className="text-slate-700 text-sm leading-relaxed">{role.description}</p>}
      </div>
      <div className="border-slate-100 border-t px-4 py-4 sm:px-5">
        <RolePermissions role={role} />
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-end gap-2 rounded-b-2xl border-slate-100 border-t bg-slate-50/60 px-4 py-3 sm:px-5">
        {role.is_system ? (
          <p className="mr-auto text-slate-500 text-xs">
            Holds every permission; it cannot be changed or deleted.
          </p>
        ) : (
          <>
            <Link to={editPath(role)} aria-label={`Edit ${role.name}`} className={buttonClasses('secondary')}>
              <Pencil aria-hidden="true" className="size-4" /> Edit
            </Link>
            <Button
              variant="ghost"
              onClick={onDelete}
              aria-label={`Delete ${role.name}`}
              className="text-rose-700 hover:bg-rose-50"
            >
              <Trash2 aria-hidden="true" className="size-4" /> Delete
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

function DeleteRoleDialog({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const [deleteRole, { isLoading }] = rolesApi.useDeleteRoleMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = async () => {
    if (!role) return;
    try {
      await deleteRole({ params: { id: role.id } }).unwrap();
    } catch (error) {
      // 409 while users hold it: the server says how many and what to do, shown as it says it.
      setProblem(isApiFailure(error) ? error.message : 'The role could not be deleted');
      return;
    }
    toast.success(SUCCESS.roleDeleted);
    close();
  };
  return (
    <ConfirmDialog
      open={role !== null}
      title={role ? `Delete the ${role.name} role?` : 'Delete role'}
      confirmLabel="Delete role"
      busy={isLoading}
      problem={
        problem && (
          <Alert tone="error" assertive className="mb-4">
            {problem}
          </Alert>
        )
      }
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      <p>Nobody can be given it afterwards. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
