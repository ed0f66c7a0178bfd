import type { Permission } from '@skydesk/contract';
import {
  Bell,
  ChartNoAxesCombined,
  ClipboardList,
  ClockArrowLeft,
  CreditCard,
  FileSpreadsheet,
  FileText,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Megaphone,
  MessagesSquare,
  Percent,
  Receipt,
  ScrollText,
  Search,
  Settings,
  ShieldCheck,
  Ticket,
  Users,
} from 'lucide-react';
import { permissionForPath } from '../../shared/access/dashboard-access';
import { paths } from '../../shared/routing/paths';

export type NavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path (the dashboard home would otherwise match every screen). */
  end?: boolean;
  /** What the user's role needs for the link to show: the route's own, from DASHBOARD_ACCESS. */
  permission?: Permission;
};

export type NavGroup = {
  /** Heading shown above the group; none for the stand-alone entries. */
  heading?: string;
  items: NavItem[];
};

/** A sidebar link, gated by the permission its route needs (one table: they cannot disagree). */
function link(label: string, to: string, icon: LucideIcon, options: { end?: boolean } = {}): NavItem {
  const permission = permissionForPath(to);
  return { label, to, icon, ...options, ...(permission ? { permission } : {}) };
}

/** The sidebar, grouped as agents think of their day: find, book, pay, run the team, get help. */
export const mainNavigation: NavGroup[] = [
  {
    items: [
      link('Home', paths.dashboard.home, LayoutDashboard, { end: true }),
      link('Analytics', paths.dashboard.analytics, ChartNoAxesCombined),
    ],
  },
  {
    heading: 'Flights',
    items: [
      link('Search flights', paths.dashboard.searchFlights, Search),
      link('Flight bookings', paths.dashboard.flightBookings, Ticket),
      link('Quotes', paths.dashboard.quotes, FileText),
      link('Search history', paths.dashboard.searchHistory, ClockArrowLeft),
    ],
  },
  {
    heading: 'Bookings',
    items: [
      link('Booking history', paths.dashboard.bookingHistory, ClipboardList),
      link('Order history', paths.dashboard.orderHistory, Receipt),
    ],
  },
  {
    heading: 'Payments',
    items: [
      link('Transactions', paths.dashboard.transactions, CreditCard),
      link('Statement', paths.dashboard.statement, ScrollText),
      link('Invoices', paths.dashboard.invoices, FileSpreadsheet),
    ],
  },
  {
    heading: 'Team',
    items: [link('Users', paths.dashboard.users, Users), link('Roles', paths.dashboard.roles, ShieldCheck)],
  },
  {
    heading: 'Support',
    items: [
      link('Tickets', paths.dashboard.viewTickets, LifeBuoy),
      link('Support chat', paths.dashboard.supportChat, MessagesSquare),
    ],
  },
  {
    heading: 'Updates',
    items: [
      link('Notifications', paths.dashboard.notifications, Bell),
      link('Announcements', paths.dashboard.announcement, Megaphone),
    ],
  },
  {
    // Issue 33: how the agency earns, at the foot beside Settings (an owner's screen, rarely opened).
    heading: 'Agency',
    items: [link('Pricing', paths.dashboard.pricing, Percent)],
  },
];

/** Kept apart at the foot of the sidebar. */
export const settingsNavigation: NavItem = link('Settings', paths.dashboard.settings, Settings);

/** The groups as this user sees them: links their role lacks hidden, and groups left empty with them. */
export function visibleNavigation(permissions: readonly Permission[], groups = mainNavigation): NavGroup[] {
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => !item.permission || permissions.includes(item.permission)),
    }))
    .filter((group) => group.items.length > 0);
}
