import type { NoticePostKind } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Megaphone, Tag } from 'lucide-react';
import { useAuthenticatedImage } from '../../../../shared/files/authenticated-image';

type PostThumbnailProps = { kind: NoticePostKind; imageUrl: string | null; className?: string };

/**
 * A post's picture, small, in the console's lists (fetched with the operator's token); the kind's
 * icon when it has none or while it loads. Decorative: the row names the post.
 */
export function PostThumbnail({ kind, imageUrl, className }: PostThumbnailProps) {
  const src = useAuthenticatedImage(imageUrl);
  const Icon = kind === 'offer' ? Tag : Megaphone;
  return (
    <span
      className={clsx(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 text-slate-400 ring-1 ring-slate-200',
        className,
      )}
    >
      {src ? (
        <img src={src} alt="" data-testid="post-thumbnail" className="size-full object-cover" />
      ) : (
        <Icon aria-hidden="true" className="size-5" />
      )}
    </span>
  );
}
