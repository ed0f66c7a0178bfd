import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/users (spec §2). Coming soon. */
export function UsersPage() {
  return (
    <ComingSoon
      title="Users"
      description="See your agency's staff, change their roles, deactivate or remove them."
    />
  );
}
