import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Logo } from '../../shared/ui/logo';
import { SkipLink } from '../../shared/ui/skip-link';
import { ScreenLoader } from '../../shared/ui/spinner';
import { useDocumentTitle, useScreenTitle } from '../layouts/screen-title';

/** The frame of the console's sign-in and set-up screens: the console's dark band, then one card. */
export function AdminAuthLayout() {
  useDocumentTitle(useScreenTitle());
  return (
    <div className="min-h-dvh bg-slate-100">
      <SkipLink />
      <header className="flex items-center gap-3 bg-navy-950 px-5 py-4 sm:px-8">
        <Logo tone="light" />
        <span className="rounded-full bg-amber-400/15 px-2.5 py-0.5 font-medium text-amber-200 text-xs ring-1 ring-amber-300/30">
          Operator console
        </span>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="flex flex-col items-center px-4 pt-6 pb-12 outline-none sm:px-8 sm:pt-12"
      >
        <div className="w-full max-w-lg">
          <Suspense fallback={<ScreenLoader />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
