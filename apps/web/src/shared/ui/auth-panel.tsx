import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';

type FocusOnMount = 'arrival' | 'always' | 'never';

/**
 * Moves focus to the heading when a screen or a step appears, so a screen-reader user hears where
 * they are and keyboard users start from the top of it. 'arrival': only when the user came from
 * another screen of the app (not on the first page load, where the browser's own start is right);
 * 'always': a step that replaced the previous one on the same screen.
 */
function useFocusOnMount(mode: FocusOnMount) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  const firstPage = key === 'default';
  // Once per mount: the heading is the place to start, not a place to come back to on a re-render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on mount only, by design
  useEffect(() => {
    if (mode === 'always' || (mode === 'arrival' && !firstPage)) ref.current?.focus();
  }, []);
  return ref;
}

type AuthPanelProps = {
  icon?: LucideIcon;
  /** Small text above the title, e.g. "Step 2 of 3". */
  eyebrow?: ReactNode;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Below the card: links to the other public screens. */
  footer?: ReactNode;
  focusOnMount?: FocusOnMount;
  /** The title's level: 1 for a screen, 2 for a part of one. */
  headingLevel?: 1 | 2;
  className?: string;
};

/** The card every public screen is made of: an icon, the title, what to do, the form, the way on. */
export function AuthPanel({
  icon: Icon,
  eyebrow,
  title,
  description,
  children,
  footer,
  focusOnMount = 'arrival',
  headingLevel = 1,
  className,
}: AuthPanelProps) {
  const headingRef = useFocusOnMount(focusOnMount);
  const headingId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section aria-labelledby={headingId} className={clsx('w-full', className)}>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {Icon && (
          <span className="mb-5 flex size-12 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
            <Icon aria-hidden="true" className="size-6" />
          </span>
        )}
        {eyebrow && <p className="mb-1 font-semibold text-indigo-600 text-sm">{eyebrow}</p>}
        <Heading
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="font-semibold text-2xl text-slate-900 tracking-tight outline-none"
        >
          {title}
        </Heading>
        {description && <div className="mt-2 text-slate-600 leading-relaxed">{description}</div>}
        {children && <div className="mt-6">{children}</div>}
      </div>
      {footer && <div className="mt-6 text-center text-slate-600 text-sm">{footer}</div>}
    </section>
  );
}

/** A text link in the look of the public screens. */
export const textLinkClasses =
  'rounded font-medium text-indigo-700 underline-offset-4 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2';
