import type { WorkQueueName } from '@skydesk/contract';
import {
  Banknote,
  Building2,
  CalendarClock,
  ChartNoAxesCombined,
  Coins,
  Inbox,
  Landmark,
  LifeBuoy,
  Megaphone,
  Percent,
  Repeat,
  ScrollText,
  Server,
  Tag,
  Undo2,
} from 'lucide-react';
import { adminPaths } from '../../shared/routing/admin-paths';
import type { NavGroup } from '../layouts/navigation';

/**
 * The operator console's navigation, in one list: later issues add their screens here (deposits,
 * support chat, announcements, platform KPIs) and both the sidebar and the phone drawer show them.
 */
export const adminNavigation: NavGroup[] = [
  {
    items: [{ label: 'Work queue', to: adminPaths.home, icon: Inbox, end: true }],
  },
  {
    heading: 'Agencies',
    items: [{ label: 'Agency review', to: adminPaths.agencies, icon: Building2 }],
  },
  {
    heading: 'Support',
    items: [{ label: 'Support queue', to: adminPaths.support, icon: LifeBuoy }],
  },
  {
    // Issue 32: changes after ticketing — the airlines' schedule changes and the agencies' exchanges.
    heading: 'Bookings',
    items: [
      { label: 'Schedule changes', to: adminPaths.scheduleChanges, icon: CalendarClock },
      { label: 'Exchanges', to: adminPaths.exchanges, icon: Repeat },
    ],
  },
  {
    heading: 'Money',
    items: [
      { label: 'Deposit desk', to: adminPaths.deposits, icon: Banknote },
      { label: 'Refunds', to: adminPaths.refunds, icon: Undo2 },
      { label: 'Bank accounts', to: adminPaths.banks, icon: Landmark },
      { label: 'Currency rates', to: adminPaths.rates, icon: Coins },
    ],
  },
  {
    heading: 'News',
    items: [
      { label: 'Announcements', to: adminPaths.announcements, icon: Megaphone },
      { label: 'Offers', to: adminPaths.offers, icon: Tag },
    ],
  },
  {
    heading: 'Oversight',
    items: [
      { label: 'Platform figures', to: adminPaths.kpi, icon: ChartNoAxesCombined },
      { label: 'Suppliers', to: adminPaths.suppliers, icon: Server },
      { label: 'Platform pricing', to: adminPaths.pricing, icon: Percent },
      { label: 'Audit log', to: adminPaths.audit, icon: ScrollText },
    ],
  },
];

/** The links that count what waits on their desk (issue 30), by the work queue's name for it. */
export const WORK_QUEUE_OF_LINK: Record<string, WorkQueueName | 'total'> = {
  [adminPaths.home]: 'total',
  [adminPaths.agencies]: 'agencies',
  [adminPaths.deposits]: 'deposits',
  [adminPaths.refunds]: 'refunds',
  [adminPaths.support]: 'tickets',
};
