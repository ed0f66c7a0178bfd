import type { User, UserStatus } from '@skydesk/contract';
import { formatInstant } from '../../../shared/format/date-time';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  deactivated: 'Deactivated',
};

const tones: Record<UserStatus, BadgeTone> = { active: 'emerald', invited: 'amber', deactivated: 'slate' };

/** Whether an invited user's link has run out (72 h): they need a new one to join. */
export const invitationExpired = (user: Pick<User, 'status' | 'invitation_expires_at'>, now = Date.now()) =>
  user.status === 'invited' &&
  user.invitation_expires_at !== null &&
  Date.parse(user.invitation_expires_at) <= now;

/** Where a user stands; an invited one also says until when their link works, or that it expired. */
export function UserStatusBadge({ user }: { user: User }) {
  const expired = invitationExpired(user);
  return (
    <>
      <Badge tone={expired ? 'rose' : tones[user.status]} dot>
        {expired ? 'Invitation expired' : USER_STATUS_LABELS[user.status]}
      </Badge>
      {user.status === 'invited' && user.invitation_expires_at && !expired && (
        <p className="mt-1 text-slate-500 text-xs">
          Link works until {formatInstant(user.invitation_expires_at)}
        </p>
      )}
    </>
  );
}
