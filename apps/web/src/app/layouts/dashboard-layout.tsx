import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Suspense, useCallback, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { companyProfileApi } from '../../entities/company/company-profile-api';
import { QuoteTrayBar } from '../../features/quotes/components/quote-tray-bar';
import { setDisplayTimeZone } from '../../shared/format/display-zone';
import { useLiveUpdates } from '../../shared/live/use-live-updates';
import { selectSessionCompany } from '../../shared/session/session-slice';
import { useAppSelector } from '../../shared/store/hooks';
import { SkipLink } from '../../shared/ui/skip-link';
import { ScreenLoader } from '../../shared/ui/spinner';
import { CompanyGate, isCompanyApproved, VERIFICATION_SCREEN_TITLE } from '../company-gate';
import { AppHeader } from './app-header';
import { MobileNavDrawer, MobileNavTrigger } from './mobile-nav-drawer';
import { useDocumentTitle, useScreenTitle } from './screen-title';
import { SidebarPanel } from './sidebar';

type CollapseToggleProps = { collapsed: boolean; onToggle: () => void };

/** An icon beside Settings (the sidebar's last row), so the links above keep the height. */
function CollapseToggle({ collapsed, onToggle }: CollapseToggleProps) {
  const Icon = collapsed ? PanelLeftOpen : PanelLeftClose;
  const label = collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={label}
      title={label}
      aria-expanded={!collapsed}
      aria-controls="desktop-sidebar"
      className={clsx(
        'flex min-h-8 shrink-0 items-center justify-center rounded-lg px-2 text-slate-400 transition-colors hover:bg-white/5 hover:text-white tall:min-h-9',
        'focus-visible:outline-2 focus-visible:outline-sky-400 focus-visible:outline-offset-2',
      )}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
    </button>
  );
}

/**
 * The agency's time zone, in which every moment of its screens is shown (docs/architecture.md §8):
 * null until its profile is read, and for good if it can't be (the browser's zone then).
 */
function useAgencyTimeZone(): { zone: string | null; settled: boolean } {
  const { data: profile, isError } = companyProfileApi.useCompanyProfileQuery();
  // Settled once, settled for good: a screen asking the failed profile again (the home's retry)
  // must not take the screens down while it is on its way.
  const settled = useRef(false);
  if (profile || isError) settled.current = true;
  return { zone: profile?.time_zone ?? null, settled: settled.current };
}

/**
 * The signed-in frame of every dashboard screen: a collapsible navy sidebar on desktop, an
 * off-canvas drawer below 1024 px, the header with the screen's title and the user menu. An agency
 * not approved yet sees its verification page in place of every screen (CompanyGate). While it is
 * shown, the live socket keeps every screen's data current.
 */
export function DashboardLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const company = useAppSelector(selectSessionCompany);
  // The agency's news pushed as it happens: notifications, credits, deposits (decision 012).
  useLiveUpdates();
  const screenTitle = useScreenTitle();
  // Until the agency is approved, every route shows the verification page: the title says so.
  const title = company && !isCompanyApproved(company) ? VERIFICATION_SCREEN_TITLE : screenTitle;
  useDocumentTitle(title);
  // Every moment below is shown in the agency's zone, set before the screens render: they wait for
  // the profile the first time (the browser's zone if it can't be read). A zone the owner changes
  // later shows on each screen as it renders again.
  const { zone, settled } = useAgencyTimeZone();
  setDisplayTimeZone(zone);

  return (
    <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
      <div className="min-h-dvh bg-slate-50">
        <SkipLink />
        <div
          id="desktop-sidebar"
          className={clsx(
            'fixed inset-y-0 left-0 z-40 hidden transition-[width] duration-200 lg:block',
            collapsed ? 'w-[4.5rem]' : 'w-64',
          )}
        >
          <SidebarPanel
            collapsed={collapsed}
            footerAction={<CollapseToggle collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />}
          />
        </div>
        <MobileNavDrawer open={drawerOpen} onClose={closeDrawer} />

        <div
          className={clsx(
            'flex min-h-dvh flex-col transition-[padding] duration-200',
            collapsed ? 'lg:pl-[4.5rem]' : 'lg:pl-64',
          )}
        >
          <AppHeader title={title} navigationButton={<MobileNavTrigger />} />
          <main
            id="main-content"
            tabIndex={-1}
            className="flex flex-1 flex-col px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
          >
            {settled ? (
              <Suspense fallback={<ScreenLoader />}>
                <CompanyGate>
                  <Outlet />
                </CompanyGate>
              </Suspense>
            ) : (
              <ScreenLoader />
            )}
          </main>
          <QuoteTrayBar />
        </div>
      </div>
    </Dialog.Root>
  );
}
