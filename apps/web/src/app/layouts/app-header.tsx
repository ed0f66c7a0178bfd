import type { ReactNode } from 'react';
import { ClientViewSwitch } from '../../entities/pricing/client-view';
import { NotificationBell } from '../../features/notices/components/notification-bell';
import { UserMenu } from './user-menu';

type AppHeaderProps = {
  /** The screen's title (its route's handle). */
  title: string | undefined;
  /** The drawer's menu button, shown below desktop width. */
  navigationButton: ReactNode;
};

/**
 * The dashboard's top bar: menu button on small screens, the screen's title, the client-view switch
 * (issue 33: hides net prices and margins), the notification bell and the user menu.
 */
export function AppHeader({ title, navigationButton }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-slate-200 border-b bg-white/95 px-4 backdrop-blur sm:px-6 lg:px-8">
      {navigationButton}
      <h1 className="min-w-0 flex-1 truncate font-semibold text-lg text-slate-900 sm:text-xl">{title}</h1>
      <div className="flex shrink-0 items-center gap-1 sm:gap-2">
        <ClientViewSwitch />
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}
