import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';

type CardProps = {
  title?: ReactNode;
  /** Something on the title's line, e.g. a badge or a link. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
  /** The heading level of the title: 2 under the dashboard header's h1, 3 inside a section. */
  headingLevel?: 2 | 3;
  id?: string;
};

/** A white panel with an optional title: the unit dashboard screens are built from. */
export function Card({ title, aside, children, className, headingLevel = 2, id }: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const autoId = useId();
  // Titled, the card is a region named by its title (landmark navigation, and tests find it so).
  const headingId = title ? `${id ?? autoId}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={clsx('min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)}
    >
      {(title || aside) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          {title && (
            <Heading id={headingId} className="font-semibold text-slate-900">
              {title}
            </Heading>
          )}
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}
