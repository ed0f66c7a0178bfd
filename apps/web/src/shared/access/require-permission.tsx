import type { Permission } from '@skydesk/contract';
import type { ReactNode } from 'react';
import { isApiFailure } from '../http/api-error';
import { ForbiddenScreen } from '../ui/forbidden-screen';
import { useCan } from './dashboard-access';

/**
 * A dashboard route's guard (issue 13): the screen renders only for a role holding `permission`;
 * anyone else gets the 403 screen in its place, inside the dashboard layout. It sits under the
 * company gate, which waits for `GET /api/me`, so the permissions read are the session's own.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  if (!useCan(permission)) return <ForbiddenScreen permission={permission} />;
  return children;
}

/** A call the server refused for the user's role (403): the screen shows ForbiddenScreen. */
export const isForbidden = (error: unknown): boolean => isApiFailure(error) && error.status === 403;
