import { FALLBACK, INVITATION, SUCCESS, USER_STATUSES, type User, type UserStatus } from '@skydesk/contract';
import { clsx } from 'clsx';
import {
  Mail,
  Pencil,
  Plus,
  RotateCcw,
  Search,
  Trash2,
  UserCheck,
  UserRoundX,
  Users as UsersIcon,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useLocation } from 'react-router';
import { formatInstant } from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { selectSessionUser } from '../../../shared/session/session-slice';
import { useAppSelector } from '../../../shared/store/hooks';
import { Badge } from '../../../shared/ui/badge';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { SelectField, TextField } from '../../../shared/ui/field';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { EditUserDialog } from '../components/edit-user-dialog';
import { UserAvatar } from '../components/user-avatar';
import { USER_STATUS_LABELS, UserStatusBadge } from '../components/user-status-badge';
import { usersApi } from '../users-api';

/** Location state of the list after a user was added: that user is marked as new. */
export type UsersLocationState = { created?: string } | null;

type Filters = { q: string; status: UserStatus | '' };

/** The filters live in the address, so a filtered list survives a reload and the back button. */
const USER_FILTERS = {
  q: listParam.text(),
  status: listParam.oneOf(['', ...USER_STATUSES], ''),
};

/** Name or e-mail containing the words typed, in any case, and the status chosen. */
function matches(user: User, { q, status }: Filters): boolean {
  if (status && user.status !== status) return false;
  const haystack = `${user.name} ${user.email}`.toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** A step that needs the manager's confirmation first. */
type Pending = { action: 'deactivate' | 'delete'; user: User };

/**
 * /dashboard/users (docs/product-spec.md §2): the agency's staff — who they are, their role, where they stand
 * (invited, active, deactivated) and when they last signed in — with what a manager does to them:
 * edit, deactivate or reactivate, delete, send an invitation again. The owner and the manager
 * themselves can't be deactivated or deleted (the server refuses too).
 */
export function UsersPage() {
  const me = useAppSelector(selectSessionUser);
  const created = (useLocation().state as UsersLocationState)?.created;
  // Each keystroke replaces the address rather than adding to the history.
  const {
    filters,
    setFilters: setFilter,
    reset: resetFilters,
  } = useListParams(USER_FILTERS, { replace: true });
  const { data: users, error, refetch, isFetching } = usersApi.useUsersQuery();
  const { data: roles = [] } = usersApi.useRoleOptionsQuery();
  const [setUserActive] = usersApi.useSetUserActiveMutation();
  const [removeUser] = usersApi.useRemoveUserMutation();
  const [resendInvitation] = usersApi.useResendInvitationMutation();
  const [editing, setEditing] = useState<User | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  /**
   * One write at a time per user: its buttons wait, the rest of the list stays usable. A failure
   * (the server's refusal) has been toasted by the client already.
   */
  const run = async (user: User, write: () => Promise<unknown>, success: string) => {
    setBusy(user.id);
    try {
      await write();
      toast.success(success);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  };
  const setActive = (user: User, isActive: boolean) =>
    run(
      user,
      () => setUserActive({ params: { id: user.id }, body: { is_active: isActive } }).unwrap(),
      SUCCESS.userUpdated,
    );
  const resend = (user: User) =>
    run(user, () => resendInvitation({ params: { id: user.id } }).unwrap(), INVITATION.resent);
  const confirm = async () => {
    if (!pending) return;
    const { action, user } = pending;
    if (action === 'deactivate') await setActive(user, false);
    else await run(user, () => removeUser({ params: { id: user.id } }).unwrap(), SUCCESS.userDeleted);
    // Done or refused (the refusal was said), the question is answered.
    setPending(null);
  };

  if (isApiFailure(error) && error.status === 403) return <ForbiddenScreen permission="users.manage" />;

  const shown = users?.filter((user) => matches(user, filters)) ?? [];
  const filtered = Boolean(filters.q || filters.status);
  const counts = countByStatus(users ?? []);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div>
          <h2 className="font-semibold text-slate-900">Your agency&apos;s team</h2>
          <p className="mt-0.5 text-slate-600 text-sm">
            {users
              ? [
                  plural(users.length, 'user'),
                  ...(['active', 'invited', 'deactivated'] as const)
                    .filter((status) => counts[status] > 0)
                    .map((status) => `${counts[status]} ${USER_STATUS_LABELS[status].toLowerCase()}`),
                ].join(' · ')
              : 'Invite staff, give them a role, and take access away when they leave.'}
          </p>
        </div>
        <Link to={paths.dashboard.createUser} className={buttonClasses('primary', 'shrink-0')}>
          <Plus aria-hidden="true" className="size-4" /> Add user
        </Link>
      </div>

      <search aria-label="Filter users">
        <form
          onSubmit={(event) => event.preventDefault()}
          className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_14rem_auto] sm:items-end sm:p-5"
        >
          <TextField
            label="Search"
            type="search"
            placeholder="Name or e-mail"
            autoComplete="off"
            value={filters.q}
            onChange={(event) => setFilter({ q: event.target.value })}
          />
          <SelectField
            label="Status"
            value={filters.status}
            onChange={(event) => setFilter({ status: event.target.value as Filters['status'] })}
          >
            <option value="">All statuses</option>
            {USER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {USER_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          {filtered && (
            <Button variant="ghost" onClick={resetFilters}>
              <RotateCcw aria-hidden="true" className="size-4" /> Clear
            </Button>
          )}
        </form>
      </search>

      {error ? (
        <LoadFailed
          title={isApiFailure(error) ? error.message : FALLBACK.fetchUsers}
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : !users ? (
        <div role="status" aria-label="Loading users" className="space-y-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-20 animate-pulse rounded-2xl bg-slate-200/70" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <EmptyState
          icon={filtered ? Search : UsersIcon}
          title={filtered ? 'No user matches' : 'No users yet'}
          actions={
            filtered ? (
              <Button variant="secondary" onClick={resetFilters}>
                Clear the filters
              </Button>
            ) : undefined
          }
        >
          {filtered ? 'Try another name or e-mail, or another status.' : 'Add your staff to work together.'}
        </EmptyState>
      ) : (
        <section aria-label="Users">
          {filtered && (
            <p className="mb-2 text-slate-600 text-sm" aria-live="polite">
              Showing {shown.length} of {plural(users.length, 'user')}
            </p>
          )}
          {/* One set of columns for the headings and every row, so they line up. */}
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm [--users-columns:minmax(0,1fr)_7.5rem_11.5rem_21rem]">
            <div
              aria-hidden="true"
              className="hidden border-slate-200 border-b bg-slate-50 px-5 py-2.5 font-medium text-slate-500 text-xs uppercase tracking-wide lg:grid lg:grid-cols-(--users-columns) lg:gap-4"
            >
              <span>User</span>
              <span>Role</span>
              <span>Status</span>
              <span className="text-right">Actions</span>
            </div>
            <ul className="divide-y divide-slate-100">
              {shown.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  isMe={user.id === me?.id}
                  isNew={user.id === created}
                  busy={busy === user.id}
                  onEdit={() => setEditing(user)}
                  onDeactivate={() => setPending({ action: 'deactivate', user })}
                  onReactivate={() => void setActive(user, true)}
                  onDelete={() => setPending({ action: 'delete', user })}
                  onResend={() => void resend(user)}
                />
              ))}
            </ul>
          </div>
        </section>
      )}

      <EditUserDialog user={editing} roles={roles} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.action === 'delete'
            ? `Delete ${pending.user.name}?`
            : `Deactivate ${pending?.user.name ?? ''}?`
        }
        confirmLabel={pending?.action === 'delete' ? 'Delete user' : 'Deactivate'}
        busy={pending !== null && busy === pending.user.id}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending?.action === 'delete' ? (
          <>
            They are signed out at once on every device and can no longer sign in. This can&apos;t be undone;
            the bookings they made stay with the agency under their name.
          </>
        ) : (
          <>
            They are signed out at once on every device and can&apos;t sign in until you reactivate them.
            Their bookings stay with the agency.
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function countByStatus(users: User[]): Record<UserStatus, number> {
  const counts: Record<UserStatus, number> = { active: 0, invited: 0, deactivated: 0 };
  for (const user of users) counts[user.status] += 1;
  return counts;
}

type UserRowProps = {
  user: User;
  isMe: boolean;
  isNew: boolean;
  busy: boolean;
  onEdit: () => void;
  onDeactivate: () => void;
  onReactivate: () => void;
  onDelete: () => void;
  onResend: () => void;
};

/** One user: who, role, status and last sign-in, then what can be done to them. */
function UserRow({
  user,
  isMe,
  isNew,
  busy,
  onEdit,
  onDeactivate,
  onReactivate,
  onDelete,
  onResend,
}: UserRowProps) {
  // The owner and yourself: no deactivation, no deletion (USER_RULES.ownerFixed, notSelf).
  const fixed = user.is_owner || isMe;
  return (
    <li
      aria-label={user.name}
      className={clsx(
        'grid gap-3 p-4 sm:px-5 lg:grid-cols-(--users-columns) lg:items-center lg:gap-4',
        isNew && 'bg-indigo-50/60',
      )}
    >
      <div className="flex min-w-0 items-center gap-3">
        <UserAvatar user={user} className="size-10" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
            <span className="break-words">{user.name}</span>
            {user.is_owner && <Badge tone="violet">Owner</Badge>}
            {isMe && <Badge tone="indigo">You</Badge>}
            {isNew && <Badge tone="sky">New</Badge>}
          </p>
          <p className="break-words text-slate-600 text-sm">
            {/* A long address wraps after its @ rather than inside a word. */}
            {user.email.split('@')[0]}@<wbr />
            {user.email.split('@').slice(1).join('@')}
          </p>
          <p className="text-slate-500 text-sm">{user.phone ?? 'No phone'}</p>
        </div>
      </div>
      <Detail label="Role">
        <span className="break-words font-medium text-slate-800 text-sm">{user.role.name}</span>
      </Detail>
      <Detail label="Status">
        <UserStatusBadge user={user} />
        <p className="mt-1 text-slate-500 text-xs">
          {user.last_sign_in_at ? `Last signed in ${formatInstant(user.last_sign_in_at)}` : 'Never signed in'}
        </p>
        {/* Beside the invitation it renews. */}
        {user.status === 'invited' && user.is_active && (
          <Button
            variant="ghost"
            className="-mx-2 mt-1 min-h-8 px-2 py-1 text-indigo-700 text-xs hover:bg-indigo-50"
            busy={busy}
            aria-label={`Resend invitation ${user.name}`}
            onClick={onResend}
          >
            {!busy && <Mail aria-hidden="true" className="size-3.5" />}
            Resend invitation
          </Button>
        )}
      </Detail>
      <div className="-mx-2 flex flex-wrap items-center gap-1 lg:mx-0 lg:justify-end">
        <RowAction icon={Pencil} label="Edit" name={user.name} disabled={busy} onClick={onEdit} />
        {!fixed &&
          (user.is_active ? (
            <RowAction
              icon={UserRoundX}
              label="Deactivate"
              name={user.name}
              disabled={busy}
              onClick={onDeactivate}
            />
          ) : (
            <RowAction
              icon={UserCheck}
              label="Reactivate"
              name={user.name}
              busy={busy}
              onClick={onReactivate}
            />
          ))}
        {!fixed && (
          <RowAction
            icon={Trash2}
            label="Delete"
            name={user.name}
            danger
            disabled={busy}
            onClick={onDelete}
          />
        )}
      </div>
    </li>
  );
}

/** A column of the row: labelled on a phone, where the columns' headings are not shown. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start justify-between gap-3 lg:block">
      <span className="text-slate-500 text-xs lg:sr-only">{label}</span>
      <div className="min-w-0 text-right lg:text-left">{children}</div>
    </div>
  );
}

type RowActionProps = {
  icon: typeof Pencil;
  label: string;
  /** Whose row: read out with the label ("Delete Samir Khan"). */
  name: string;
  danger?: boolean;
  busy?: boolean;
  disabled?: boolean;
  onClick: () => void;
};

function RowAction({
  icon: Icon,
  label,
  name,
  danger = false,
  busy = false,
  disabled,
  onClick,
}: RowActionProps) {
  return (
    <Button
      variant="ghost"
      className={clsx('min-h-9 px-2.5', danger && 'text-rose-700 hover:bg-rose-50 active:bg-rose-100')}
      busy={busy}
      disabled={disabled}
      onClick={onClick}
      aria-label={`${label} ${name}`}
    >
      {!busy && <Icon aria-hidden="true" className="size-4" />}
      {label}
    </Button>
  );
}
