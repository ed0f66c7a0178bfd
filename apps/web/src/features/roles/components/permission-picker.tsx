import { PERMISSION_GROUPS, type Permission } from '@skydesk/contract';
import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';

type PermissionPickerProps = {
  value: readonly Permission[];
  onChange: (permissions: Permission[]) => void;
  /** Shown under "See bookings" while it is ticked: which bookings the role sees. */
  bookingsScope: ReactNode;
};

/**
 * The role form's permissions (issue 13): in the contract's groups, each with its label and what
 * it lets a user do, and a way to tick or clear a whole group at once.
 */
export function PermissionPicker({ value, onChange, bookingsScope }: PermissionPickerProps) {
  const toggle = (permission: Permission, on: boolean) =>
    onChange(on ? [...value, permission] : value.filter((held) => held !== permission));
  return (
    <div className="space-y-4">
      {PERMISSION_GROUPS.map((group) => (
        <PermissionGroup
          key={group.heading}
          group={group}
          value={value}
          onToggle={toggle}
          onGroup={(permissions, on) =>
            onChange(
              on
                ? [...value, ...permissions.filter((permission) => !value.includes(permission))]
                : value.filter((held) => !permissions.includes(held)),
            )
          }
          bookingsScope={bookingsScope}
        />
      ))}
    </div>
  );
}

type PermissionGroupProps = {
  group: (typeof PERMISSION_GROUPS)[number];
  value: readonly Permission[];
  onToggle: (permission: Permission, on: boolean) => void;
  onGroup: (permissions: Permission[], on: boolean) => void;
  bookingsScope: ReactNode;
};

function PermissionGroup({ group, value, onToggle, onGroup, bookingsScope }: PermissionGroupProps) {
  const id = useId();
  const permissions = group.permissions.map((entry) => entry.permission);
  const held = permissions.filter((permission) => value.includes(permission)).length;
  const all = held === permissions.length;
  return (
    <fieldset className="relative rounded-xl border border-slate-200">
      {/* Floated: a plain block heading the group, not drawn over the fieldset's border. */}
      <legend className="float-left w-full rounded-t-xl border-slate-200 border-b bg-slate-50 py-2.5 pr-28 pl-4 font-semibold text-slate-900 text-sm">
        {group.heading}{' '}
        <span
          aria-hidden="true"
          className="ml-1 whitespace-nowrap font-normal text-slate-500 text-xs tabular-nums"
        >
          {held} of {permissions.length}
        </span>
      </legend>
      <button
        type="button"
        onClick={() => onGroup(permissions, !all)}
        aria-label={`${all ? 'Clear all' : 'Select all'} in ${group.heading}`}
        className="absolute top-1.5 right-2 rounded-md px-2 py-1 font-medium text-indigo-700 text-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        {all ? 'Clear all' : 'Select all'}
      </button>
      <ul className="clear-both grid gap-x-6 p-2 sm:grid-cols-2">
        {group.permissions.map((entry) => {
          const checked = value.includes(entry.permission);
          const inputId = `${id}-${entry.permission}`;
          return (
            <li
              key={entry.permission}
              className={clsx(entry.permission === 'bookings.view' && checked && 'sm:col-span-2')}
            >
              <label
                htmlFor={inputId}
                className="flex cursor-pointer gap-3 rounded-lg px-2 py-2.5 hover:bg-slate-50"
              >
                <input
                  id={inputId}
                  type="checkbox"
                  checked={checked}
                  onChange={(event) => onToggle(entry.permission, event.target.checked)}
                  // Named by the label alone; what it lets a user do is its description.
                  aria-labelledby={`${inputId}-label`}
                  aria-describedby={`${inputId}-explains`}
                  className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
                />
                <span className="min-w-0">
                  <span id={`${inputId}-label`} className="block font-medium text-slate-900 text-sm">
                    {entry.label}
                  </span>
                  <span id={`${inputId}-explains`} className="block text-slate-500 text-xs leading-relaxed">
                    {entry.explains}
                  </span>
                </span>
              </label>
              {entry.permission === 'bookings.view' && checked && (
                <div className="mb-2 ml-9 mr-2">{bookingsScope}</div>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
