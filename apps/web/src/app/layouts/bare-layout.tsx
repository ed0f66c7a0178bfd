import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

/** A page of its own, without navigation: not-found and the full-page error screens. */
export function BareLayout({ children }: { children?: ReactNode }) {
  return (
    <main id="main-content" className="min-h-dvh bg-slate-50">
      {children ?? <Outlet />}
    </main>
  );
}
