import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/roles (spec §2). Coming soon. */
export function RolesPage() {
  return (
    <ComingSoon
      title="Roles"
      description="Manage the roles of your team and the permissions each one grants."
    />
  );
}
