import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';

/** A users screen the user's role does not open (`users.manage`, or the server's 403). */
export function NoUsersAccess() {
  return (
    <EmptyState
      icon={Lock}
      title="You cannot manage users"
      actions={
        <Link to={paths.dashboard.home} className={buttonClasses('secondary')}>
          Back to the dashboard
        </Link>
      }
    >
      Your role does not include managing the agency&apos;s users. Ask your agency&apos;s owner to grant it in
      Roles; it applies at your next sign-in.
    </EmptyState>
  );
}
