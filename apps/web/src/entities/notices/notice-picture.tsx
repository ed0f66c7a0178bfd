import { clsx } from 'clsx';
import { ImageOff } from 'lucide-react';
import { useAuthenticatedImage } from '../../shared/files/authenticated-image';

type NoticePictureProps = {
  /** The post's `image_url` (served with the session's token), or null when it has none. */
  url: string | null;
  /** What the picture shows, for those who cannot see it: the post's title. */
  alt: string;
  className?: string;
};

/**
 * An announcement's or offer's picture, fetched with the session's token (an <img> cannot send
 * it). Its box keeps its size while the picture loads, so the text under it does not jump; a post
 * without a picture has no box at all.
 */
export function NoticePicture({ url, alt, className }: NoticePictureProps) {
  const src = useAuthenticatedImage(url);
  if (!url) return null;
  return (
    <div className={clsx('overflow-hidden bg-slate-100', className)}>
      {src ? (
        <img src={src} alt={alt} className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center text-slate-300">
          <ImageOff aria-hidden="true" className="size-8" />
        </div>
      )}
    </div>
  );
}
