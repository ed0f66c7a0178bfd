import { PERMISSION_GROUPS, type Permission } from '@skydesk/contract';
import { House, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../routing/paths';
import { buttonClasses } from './button';
import { StatusScreen } from './status-screen';

const PERMISSION_TEXT = new Map(
  PERMISSION_GROUPS.flatMap((group) => group.permissions).map((entry) => [entry.permission, entry]),
);

/** A permission as agents read it on the role form: its label and what it lets a user do. */
export const describePermission = (permission: Permission): { label: string; explains: string } =>
  PERMISSION_TEXT.get(permission) ?? { label: permission, explains: '' };

type ForbiddenScreenProps = {
  /** What the screen needs and the user's role lacks; unknown when the server refused on its own. */
  permission?: Permission | null;
};

/**
 * Issue 13: a dashboard screen the user's role does not open — opened by its address, or refused
 * by the server (403) — says so inside the layout, names what is missing as the role form does,
 * and leads back home. Not a crash, not a blank page.
 */
export function ForbiddenScreen({ permission = null }: ForbiddenScreenProps) {
  const missing = permission ? describePermission(permission) : null;
  return (
    <StatusScreen
      standalone={false}
      icon={Lock}
      tone="rose"
      eyebrow="Error 403"
      title="You don't have access to this page"
      actions={
        <Link to={paths.dashboard.home} className={buttonClasses('primary')}>
          <House aria-hidden="true" className="size-4" /> Back to home
        </Link>
      }
    >
      {missing ? (
        <p>
          Your role doesn&apos;t include{' '}
          <strong className="font-semibold text-slate-900">{missing.label}</strong>
          {missing.explains && (
            <>
              {' '}
              <span className="text-slate-500">({missing.explains.replace(/\.$/, '')})</span>
            </>
          )}
          .
        </p>
      ) : (
        <p>Your role doesn&apos;t include this.</p>
      )}
      <p className="mt-2 text-sm">
        Ask your agency&apos;s owner to add it to your role in Roles. It applies from your next sign-in.
      </p>
    </StatusScreen>
  );
}
