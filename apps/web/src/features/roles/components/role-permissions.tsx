import type { Role } from '@skydesk/contract';
import { groupedPermissions } from '../role-form';

/** A role's permissions as readable labels, in the form's groups (the roles list). */
export function RolePermissions({ role }: { role: Role }) {
  const groups = groupedPermissions(role.permissions);
  if (groups.length === 0)
    return (
      <p className="text-slate-500 text-sm">
        No permissions: its users can only see notifications and their settings.
      </p>
    );
  return (
    <dl className="space-y-3">
      {groups.map((group) => (
        <div key={group.heading}>
          <dt className="font-medium text-slate-500 text-xs uppercase tracking-wide">{group.heading}</dt>
          <dd className="mt-1.5">
            <ul className="flex flex-wrap gap-1.5" aria-label={`${role.name}: ${group.heading}`}>
              {group.permissions.map((entry) => (
                <li
                  key={entry.permission}
                  title={entry.explains}
                  className="rounded-md bg-slate-100 px-2 py-0.5 text-slate-700 text-xs ring-1 ring-slate-200 ring-inset"
                >
                  {entry.label}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}
