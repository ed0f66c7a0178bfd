import type { LucideIcon } from 'lucide-react';
import { Search, ShieldCheck, Ticket } from 'lucide-react';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { currentYear } from '../../shared/format/date-time';
import { paths } from '../../shared/routing/paths';
import { Logo } from '../../shared/ui/logo';
import { SkipLink } from '../../shared/ui/skip-link';
import { ScreenLoader } from '../../shared/ui/spinner';
import { useDocumentTitle, useScreenTitle } from './screen-title';

const highlights: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Search,
    title: 'Search every fare',
    text: 'One-way, return and multi-city, for adults, children and infants.',
  },
  {
    icon: Ticket,
    title: 'Book and ticket in minutes',
    text: 'Hold seats, then issue from your prepaid credit balance.',
  },
  {
    icon: ShieldCheck,
    title: 'Your team, your rules',
    text: 'Staff accounts, roles and two-factor sign-in for everyone.',
  },
];

/** The branded side of the public screens: a full-height panel on desktop, a slim band on phones. */
function BrandPanel() {
  return (
    <header className="relative overflow-hidden bg-navy-900 text-white lg:sticky lg:top-0 lg:h-dvh">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_15%_10%,rgb(56_189_248/0.22),transparent_45%),radial-gradient(circle_at_90%_85%,rgb(99_102_241/0.35),transparent_50%)]"
      />
      <div className="relative flex h-full flex-col px-5 py-5 sm:px-8 lg:px-12 lg:py-10">
        <Link
          to={paths.login}
          aria-label="SkyDesk home"
          className="self-start rounded-lg focus-visible:outline-2 focus-visible:outline-sky-400 focus-visible:outline-offset-4"
        >
          <Logo tone="light" />
        </Link>
        <p className="mt-3 text-sky-100/90 text-sm lg:hidden">The flight-booking desk for travel agencies.</p>

        <div className="my-auto hidden py-12 lg:block">
          <p className="max-w-md font-semibold text-4xl leading-tight tracking-tight">
            The flight-booking desk for travel agencies.
          </p>
          <p className="mt-4 max-w-md text-slate-300 leading-relaxed">
            Search fares across airlines, book and ticket for your travellers, and run your agency's team and
            credits in one place.
          </p>
          <ul className="mt-10 space-y-5">
            {highlights.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/10 text-sky-300 ring-1 ring-white/10">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-medium text-white">{title}</span>
                  <span className="block text-slate-400 text-sm">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>

        <p className="hidden text-slate-500 text-xs lg:block">© {currentYear()} SkyDesk</p>
      </div>
    </header>
  );
}

/** The frame of the public screens (login, registration, verification…): split screen, stacked on phones. */
export function AuthLayout() {
  useDocumentTitle(useScreenTitle());
  return (
    <div className="min-h-dvh bg-slate-50 lg:grid lg:grid-cols-[minmax(24rem,5fr)_7fr]">
      <SkipLink />
      <BrandPanel />
      <main
        id="main-content"
        tabIndex={-1}
        className="flex flex-col items-center px-4 py-8 outline-none sm:px-8 sm:py-12 lg:min-h-dvh lg:justify-center lg:py-16"
      >
        <div className="w-full max-w-xl">
          <Suspense fallback={<ScreenLoader />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
