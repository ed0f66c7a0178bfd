import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { LogOut, X } from 'lucide-react';
import { type ReactNode, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { logoutOperator } from '../../features/admin/session/operator-session';
import { useWorkQueue } from '../../features/admin/work/work-queue-api';
import { setDisplayTimeZone } from '../../shared/format/display-zone';
import { useOperatorLiveUpdates } from '../../shared/live/use-operator-live-updates';
import { selectOperator, selectOperatorSignedIn } from '../../shared/operator-session/operator-session-slice';
import { type AdminLoginRedirectState, adminPaths } from '../../shared/routing/admin-paths';
import { useAppDispatch, useAppSelector } from '../../shared/store/hooks';
import { Avatar } from '../../shared/ui/avatar';
import { Logo } from '../../shared/ui/logo';
import { SkipLink } from '../../shared/ui/skip-link';
import { ScreenLoader } from '../../shared/ui/spinner';
import { MobileNavTrigger } from '../layouts/mobile-nav-drawer';
import { useDocumentTitle, useScreenTitle } from '../layouts/screen-title';
import { SidebarLink } from '../layouts/sidebar';
import { adminNavigation, WORK_QUEUE_OF_LINK } from './admin-navigation';

/** Tailwind's `lg`: from here on the sidebar is always shown and the drawer is not used. */
const DESKTOP_QUERY = '(min-width: 1024px)';

/**
 * The frame of every signed-in console screen: the navigation column (a drawer below 1024 px),
 * the header with the screen's title and the operator's menu. Signed out, the console's sign-in
 * opens instead, remembering where the operator was going.
 */
export function AdminLayout() {
  const signedIn = useAppSelector(selectOperatorSignedIn);
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const title = useScreenTitle();
  useDocumentTitle(title ? `${title} · Operator console` : 'Operator console');
  // The support queue and open chats, pushed as they happen (issue 14).
  useOperatorLiveUpdates();
  // An operator has no zone of their own: moments read in the browser's (docs/architecture.md §8).
  setDisplayTimeZone(null);

  if (!signedIn) {
    const state: AdminLoginRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={adminPaths.login} replace state={state} />;
  }

  return (
    <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
      <div className="min-h-dvh bg-slate-50">
        <SkipLink />
        <div className="fixed inset-y-0 left-0 z-40 hidden w-64 lg:block">
          <AdminSidebar />
        </div>
        <AdminDrawer open={drawerOpen} onClose={closeDrawer} />
        <div className="flex min-h-dvh flex-col lg:pl-64">
          <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-slate-200 border-b bg-white/95 px-4 backdrop-blur sm:px-6 lg:px-8">
            <MobileNavTrigger />
            <h1 className="min-w-0 flex-1 truncate font-semibold text-lg text-slate-900 sm:text-xl">
              {title}
            </h1>
            <OperatorMenu />
          </header>
          <main
            id="main-content"
            tabIndex={-1}
            className="flex flex-1 flex-col px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
          >
            <Suspense fallback={<ScreenLoader />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </Dialog.Root>
  );
}

type AdminSidebarProps = { onNavigate?: () => void; headerAction?: ReactNode };

/**
 * The console's navigation column: its own mark, then the one navigation list, each desk with how
 * many wait on it (the work queue, kept current: issue 30).
 */
function AdminSidebar({ onNavigate, headerAction }: AdminSidebarProps) {
  const idPrefix = useId();
  const { currentData: work } = useWorkQueue();
  const waitingAt = (to: string): number | undefined => {
    const queue = WORK_QUEUE_OF_LINK[to];
    if (!work || !queue) return undefined;
    return queue === 'total' ? work.total : work[queue].waiting;
  };
  return (
    <nav aria-label="Console navigation" className="flex h-full flex-col bg-navy-950 text-slate-300">
      <div className="flex h-16 shrink-0 items-center justify-between border-white/10 border-b px-5">
        <Link
          to={adminPaths.home}
          onClick={onNavigate}
          aria-label="Operator console home"
          className="flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-sky-400 focus-visible:outline-offset-4"
        >
          <Logo tone="light" />
          <span className="rounded-full bg-amber-400/15 px-2 py-0.5 font-medium text-[11px] text-amber-200 ring-1 ring-amber-300/30">
            Ops
          </span>
        </Link>
        {headerAction}
      </div>
      <div className="flex-1 overflow-y-auto px-3 py-4">
        {adminNavigation.map((group, index) => {
          const headingId = `${idPrefix}-group-${index}`;
          return (
            <div key={group.heading ?? index} className={clsx(index > 0 && 'mt-4')}>
              {group.heading && (
                <p
                  id={headingId}
                  className="mb-1 px-3 font-semibold text-[11px] text-slate-400 uppercase tracking-wider"
                >
                  {group.heading}
                </p>
              )}
              <ul aria-labelledby={group.heading ? headingId : undefined} className="space-y-0.5">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <SidebarLink
                      item={item}
                      collapsed={false}
                      onNavigate={onNavigate}
                      waiting={waitingAt(item.to)}
                    />
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
      <p className="shrink-0 border-white/10 border-t px-5 py-3 text-slate-500 text-xs">
        Every decision is written to the audit log.
      </p>
    </nav>
  );
}

/** Below 1024 px the navigation opens as a drawer (a modal dialog), closing when a link is followed. */
function AdminDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  useEffect(() => {
    if (!open) return;
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const closeAtDesktopWidth = () => {
      if (desktop.matches) onClose();
    };
    desktop.addEventListener('change', closeAtDesktopWidth);
    return () => desktop.removeEventListener('change', closeAtDesktopWidth);
  }, [open, onClose]);

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="drawer-overlay fixed inset-0 z-40 bg-slate-950/60 lg:hidden" />
      <Dialog.Content
        aria-describedby={undefined}
        className="drawer-content fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-2xl outline-none lg:hidden"
      >
        <Dialog.Title className="sr-only">Navigation</Dialog.Title>
        <AdminSidebar
          onNavigate={onClose}
          headerAction={
            <Dialog.Close
              aria-label="Close navigation"
              className="rounded-lg p-2 text-slate-300 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          }
        />
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/** Who is signed in, and the way out. */
function OperatorMenu() {
  const operator = useAppSelector(selectOperator);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  if (!operator) return null;

  const signOut = async () => {
    await dispatch(logoutOperator());
    navigate(adminPaths.login, { replace: true });
  };

  return (
    <div className="flex items-center gap-3">
      <span className="hidden sm:block">
        <Avatar name={operator.name} />
      </span>
      <span className="hidden min-w-0 md:block">
        <span className="block max-w-48 truncate font-medium text-slate-900 text-sm">{operator.name}</span>
        <span className="block max-w-48 truncate text-slate-500 text-xs">{operator.email}</span>
      </span>
      <button
        type="button"
        onClick={signOut}
        className="flex min-h-10 items-center gap-2 rounded-lg px-3 font-medium text-slate-700 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <LogOut aria-hidden="true" className="size-4 text-slate-500" />
        Sign out
      </button>
    </div>
  );
}
