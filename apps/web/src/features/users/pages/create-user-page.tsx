import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/create-user (spec §2). Coming soon. */
export function CreateUserPage() {
  return <ComingSoon title="Add user" description="Invite a staff member by e-mail and give them a role." />;
}
