import type { User } from '@skydesk/contract';
import { useAuthenticatedImage } from '../../../shared/files/authenticated-image';
import { Avatar } from '../../../shared/ui/avatar';

/** A user's picture (fetched with the session's token), or their initials until it comes or if none. */
export function UserAvatar({
  user,
  className,
}: {
  user: Pick<User, 'name' | 'image_url'>;
  className?: string;
}) {
  const picture = useAuthenticatedImage(user.image_url);
  return <Avatar name={user.name} imageUrl={picture} className={className} />;
}
