import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/create-role (spec §2). Coming soon. */
export function CreateRolePage() {
  return (
    <ComingSoon
      title="Create role"
      description="Define a role by naming it and choosing the permissions it grants."
    />
  );
}
