import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /registration (spec §2). Coming soon. */
export function RegistrationPage() {
  return (
    <ComingSoon
      title="Register your agency"
      description="Open a SkyDesk account for your travel agency and its owner, then verify it by e-mail."
      headingLevel={1}
    />
  );
}
