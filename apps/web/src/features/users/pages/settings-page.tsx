import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/settings (spec §2). Coming soon. */
export function SettingsPage() {
  return (
    <ComingSoon
      title="Settings"
      description="Update your name, phone number, password and profile picture."
    />
  );
}
