import * as Tooltip from '@radix-ui/react-tooltip';
import { PERMISSIONS } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Lock } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link, NavLink, useMatch, useResolvedPath } from 'react-router';
import { useCanEach } from '../../shared/access/dashboard-access';
import { paths } from '../../shared/routing/paths';
import { selectSessionCompany } from '../../shared/session/session-slice';
import { useAppSelector } from '../../shared/store/hooks';
import { Logo } from '../../shared/ui/logo';
import { isCompanyApproved } from '../company-gate';
import { type NavItem, settingsNavigation, visibleNavigation } from './navigation';

type SidebarLinkProps = {
  item: NavItem;
  collapsed: boolean;
  onNavigate?: () => void;
  /** How many wait behind the link (the console's desks), shown beside its label when not 0. */
  waiting?: number | undefined;
};

export function SidebarLink({ item, collapsed, onNavigate, waiting }: SidebarLinkProps) {
  const Icon = item.icon;
  // Worked out here rather than through NavLink's className callback: the tooltip trigger below
  // merges class names as strings and would turn a callback into text.
  const isActive = useMatch({ path: useResolvedPath(item.to).pathname, end: item.end ?? false }) !== null;
  const link = (
    <NavLink
      to={item.to}
      end={item.end}
      onClick={onNavigate}
      className={clsx(
        'group relative flex min-h-8 items-center gap-3 rounded-lg py-1 font-medium text-sm transition-colors tall:min-h-9 tall:py-1.5',
        'focus-visible:outline-2 focus-visible:outline-sky-400 focus-visible:outline-offset-2',
        collapsed ? 'justify-center' : 'px-3',
        isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white',
      )}
    >
      {isActive && (
        <span aria-hidden="true" className="absolute inset-y-1 left-0 w-1 rounded-r-full bg-sky-400" />
      )}
      <Icon
        aria-hidden="true"
        className={clsx(
          'size-5 shrink-0',
          isActive ? 'text-sky-300' : 'text-slate-400 group-hover:text-slate-200',
        )}
      />
      <span className={collapsed ? 'sr-only' : 'truncate'}>{item.label}</span>
      {/* The space keeps the count apart from the label in the link's name ("Refunds 2 waiting"). */}
      {waiting !== undefined && waiting > 0 && ' '}
      {waiting !== undefined && waiting > 0 && (
        <span
          className={clsx(
            'rounded-full bg-amber-300 font-semibold text-[11px] text-navy-950 tabular-nums',
            collapsed ? 'absolute top-0.5 right-0.5 min-w-4 px-1 text-center' : 'ml-auto px-1.5 py-px',
          )}
        >
          {waiting > 99 ? '99+' : waiting} <span className="sr-only">waiting</span>
        </span>
      )}
    </NavLink>
  );

  if (!collapsed) return link;
  // Collapsed to icons: the label shows on hover and keyboard focus.
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="right"
          sideOffset={12}
          className="z-50 rounded-md bg-slate-900 px-2.5 py-1.5 font-medium text-white text-xs shadow-lg"
        >
          {item.label}
          <Tooltip.Arrow className="fill-slate-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

type SidebarPanelProps = {
  /** Icons only (desktop, by the user's choice). */
  collapsed?: boolean;
  /** Called after a link is followed: the drawer closes itself with it. */
  onNavigate?: () => void;
  /** Next to the logo, e.g. the drawer's close button. */
  headerAction?: ReactNode;
  /** Below the settings link, e.g. the collapse toggle. */
  footerAction?: ReactNode;
};

/** The dark navy navigation column: logo, grouped links, settings. Used by the sidebar and the drawer. */
export function SidebarPanel({
  collapsed = false,
  onNavigate,
  headerAction,
  footerAction,
}: SidebarPanelProps) {
  // The desktop sidebar and the drawer can both be in the page: heading ids must not clash.
  const idPrefix = useId();
  const company = useAppSelector(selectSessionCompany);
  const locked = company !== null && !isCompanyApproved(company);
  // Issue 13: only the links the user's role opens (the routes refuse the rest with a 403 screen).
  const navigation = visibleNavigation(PERMISSIONS.filter(useCanEach()));
  return (
    <nav aria-label="Main navigation" className="flex h-full flex-col bg-navy-900 text-slate-300">
      <div
        className={clsx(
          'flex h-16 shrink-0 items-center border-white/10 border-b',
          collapsed ? 'justify-center px-2' : 'justify-between px-5',
        )}
      >
        <Link
          to={paths.dashboard.home}
          onClick={onNavigate}
          aria-label="SkyDesk home"
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-sky-400 focus-visible:outline-offset-4"
        >
          <Logo tone="light" compact={collapsed} />
        </Link>
        {headerAction}
      </div>

      <div className={clsx('flex-1 overflow-y-auto py-3 tall:py-4', collapsed ? 'px-2' : 'px-3')}>
        {locked && <LockedNotice collapsed={collapsed} />}
        {navigation.map((group, index) => {
          const headingId = group.heading ? `${idPrefix}-group-${index}` : undefined;
          return (
            <div key={group.heading ?? `group-${index}`} className={clsx(index > 0 && 'mt-2.5 tall:mt-4')}>
              {group.heading &&
                (collapsed ? (
                  <hr className="mx-2 mb-1.5 border-white/10 tall:mb-2" />
                ) : (
                  <p
                    id={headingId}
                    className="mb-0.5 px-3 font-semibold text-[11px] text-slate-400 uppercase leading-4 tracking-wider tall:mb-1"
                  >
                    {group.heading}
                  </p>
                ))}
              <ul aria-labelledby={collapsed ? undefined : headingId} className="space-y-0.5">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <SidebarLink item={item} collapsed={collapsed} onNavigate={onNavigate} />
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>

      {/* Settings and the footer's action (the collapse toggle) share a row unless collapsed to icons. */}
      <div
        className={clsx(
          'flex shrink-0 gap-0.5 border-white/10 border-t py-2',
          collapsed ? 'flex-col px-2' : 'items-center px-3',
        )}
      >
        <div className="min-w-0 flex-1">
          <SidebarLink item={settingsNavigation} collapsed={collapsed} onNavigate={onNavigate} />
        </div>
        {footerAction}
      </div>
    </nav>
  );
}

const LOCKED_TEXT =
  'Your agency is being verified. Until SkyDesk approves it, every screen opens the verification page.';

/** docs/architecture.md §5: before approval the links all lead to the verification page; the sidebar says so. */
function LockedNotice({ collapsed }: { collapsed: boolean }) {
  if (collapsed) {
    return (
      <p className="mb-3 flex justify-center text-amber-300" title={LOCKED_TEXT}>
        <Lock aria-hidden="true" className="size-5" />
        <span className="sr-only">{LOCKED_TEXT}</span>
      </p>
    );
  }
  return (
    <p className="mx-1 mb-4 flex gap-2.5 rounded-lg bg-amber-400/10 px-3 py-2.5 text-amber-100 text-xs leading-relaxed ring-1 ring-amber-300/20">
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
      <span>{LOCKED_TEXT}</span>
    </p>
  );
}
