import { clsx } from 'clsx';

/** Up to two initials: "Amina Rahman" → "AR". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

type AvatarProps = { name: string; imageUrl?: string | null; className?: string };

/** The user's picture, or their initials. Decorative: the name is always shown or labelled beside it. */
export function Avatar({ name, imageUrl, className }: AvatarProps) {
  const classes = clsx('size-9 shrink-0 rounded-full', className);
  if (imageUrl) return <img src={imageUrl} alt="" className={clsx(classes, 'object-cover')} />;
  return (
    <span
      aria-hidden="true"
      className={clsx(
        classes,
        'flex items-center justify-center bg-indigo-100 font-semibold text-indigo-700 text-sm',
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
