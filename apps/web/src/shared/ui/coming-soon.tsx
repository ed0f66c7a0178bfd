import { Construction } from 'lucide-react';

type ComingSoonProps = {
  /** The screen's name, as users will know it. */
  title: string;
  /** One line on what the screen will let the user do. */
  description: string;
  /** 1 on public screens, where nothing else heads the page; 2 under the dashboard header's title. */
  headingLevel?: 1 | 2;
};

/**
 * The placeholder for a screen that is routed but not built yet: it names the screen and what it
 * will do, inside the real layout, so navigation can be tried end to end.
 */
export function ComingSoon({ title, description, headingLevel = 2 }: ComingSoonProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="mx-auto w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
    >
      <div className="flex flex-col items-start gap-5 sm:flex-row">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
          <Construction aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="inline-flex items-center rounded-full bg-amber-50 px-2.5 py-0.5 font-medium text-amber-800 text-xs ring-1 ring-amber-200">
            Coming soon
          </p>
          <Heading id="coming-soon-title" className="mt-3 font-semibold text-slate-900 text-xl">
            {title}
          </Heading>
          <p className="mt-2 text-slate-600 leading-relaxed">{description}</p>
          <p className="mt-4 text-slate-500 text-sm">
            This screen is part of an upcoming release of SkyDesk.
          </p>
        </div>
      </div>
    </section>
  );
}
