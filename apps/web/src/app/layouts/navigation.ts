import {
  Bell,
  ClipboardList,
  ClockArrowLeft,
  CreditCard,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Megaphone,
  MessagesSquare,
  Receipt,
  ScrollText,
  Search,
  Settings,
  ShieldCheck,
  Ticket,
  Users,
} from 'lucide-react';
import { paths } from '../../shared/routing/paths';

export type NavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path (the dashboard home would otherwise match every screen). */
  end?: boolean;
};

export type NavGroup = {
  /** Heading shown above the group; none for the stand-alone entries. */
  heading?: string;
  items: NavItem[];
};

/** The sidebar, grouped as agents think of their day: find, book, pay, run the team, get help. */
export const mainNavigation: NavGroup[] = [
  { items: [{ label: 'Home', to: paths.dashboard.home, icon: LayoutDashboard, end: true }] },
  {
    heading: 'Flights',
    items: [
      { label: 'Search flights', to: paths.dashboard.searchFlights, icon: Search },
      { label: 'Flight bookings', to: paths.dashboard.flightBookings, icon: Ticket },
      { label: 'Search history', to: paths.dashboard.searchHistory, icon: ClockArrowLeft },
    ],
  },
  {
    heading: 'Bookings',
    items: [
      { label: 'Booking history', to: paths.dashboard.bookingHistory, icon: ClipboardList },
      { label: 'Order history', to: paths.dashboard.orderHistory, icon: Receipt },
    ],
  },
  {
    heading: 'Payments',
    items: [
      { label: 'Transactions', to: paths.dashboard.transactions, icon: CreditCard },
      { label: 'Statement', to: paths.dashboard.statement, icon: ScrollText },
    ],
  },
  {
    heading: 'Team',
    items: [
      { label: 'Users', to: paths.dashboard.users, icon: Users },
      { label: 'Roles', to: paths.dashboard.roles, icon: ShieldCheck },
    ],
  },
  {
    heading: 'Support',
    items: [
      { label: 'Tickets', to: paths.dashboard.viewTickets, icon: LifeBuoy },
      { label: 'Support chat', to: paths.dashboard.supportChat, icon: MessagesSquare },
    ],
  },
  {
    heading: 'Updates',
    items: [
      { label: 'Notifications', to: paths.dashboard.notifications, icon: Bell },
      { label: 'Announcements', to: paths.dashboard.announcement, icon: Megaphone },
    ],
  },
];

/** Kept apart at the foot of the sidebar. */
export const settingsNavigation: NavItem = {
  label: 'Settings',
  to: paths.dashboard.settings,
  icon: Settings,
};
