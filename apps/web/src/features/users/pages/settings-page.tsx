import { selectSessionUser } from '../../../shared/session/session-slice';
import { useAppSelector } from '../../../shared/store/hooks';
import { CompanyProfileCard } from '../settings/company-profile-card';
import { EmailNotificationsCard } from '../settings/email-notifications-card';
import { PasswordCard } from '../settings/password-card';
import { PictureCard } from '../settings/picture-card';
import { ProfileCard } from '../settings/profile-card';
import { SessionsCard } from '../settings/sessions-card';

/**
 * /dashboard/settings (docs/product-spec.md §2, issues 13 and 14): the signed-in user's own account — profile,
 * picture, password, signed-in devices, which notifications come by e-mail — and the agency's profile, which only its owner edits. Every
 * section loads, fails and saves on its own.
 */
export function SettingsPage() {
  const user = useAppSelector(selectSessionUser);
  // The dashboard shows only to a signed-in user; this is the moment between a logout and its redirect.
  if (!user) return null;
  return (
    <div className="mx-auto grid w-full max-w-5xl items-start gap-5 lg:grid-cols-[18rem_1fr]">
      <PictureCard user={user} />
      {/* The key starts the form afresh when the session's user is another one. */}
      <ProfileCard key={user.id} user={user} />
      <div className="grid items-start gap-5 lg:col-span-2 lg:grid-cols-2">
        <PasswordCard />
        <SessionsCard />
      </div>
      <div className="lg:col-span-2">
        <EmailNotificationsCard />
      </div>
      <div className="lg:col-span-2">
        <CompanyProfileCard isOwner={user.is_owner} />
      </div>
    </div>
  );
}
