import type { NotificationKind } from '@skydesk/contract';
import {
  Ban,
  CircleCheck,
  CircleX,
  Clock,
  Coins,
  Gauge,
  Landmark,
  type LucideIcon,
  Megaphone,
  MessagesSquare,
  RotateCcw,
  Tag,
  Ticket,
  TimerOff,
  TriangleAlert,
  Undo2,
} from 'lucide-react';

const GOOD = 'bg-emerald-50 text-emerald-700 ring-emerald-100';
const BAD = 'bg-rose-50 text-rose-700 ring-rose-100';
const WARNING = 'bg-amber-50 text-amber-800 ring-amber-100';
const MONEY = 'bg-indigo-50 text-indigo-700 ring-indigo-100';
const NEWS = 'bg-sky-50 text-sky-700 ring-sky-100';

/** How each kind of notification looks in the bell and on the notifications screen. */
export const NOTIFICATION_LOOK: Record<NotificationKind, { icon: LucideIcon; tone: string }> = {
  company_approved: { icon: CircleCheck, tone: GOOD },
  company_rejected: { icon: CircleX, tone: BAD },
  company_suspended: { icon: Ban, tone: BAD },
  company_reactivated: { icon: RotateCcw, tone: GOOD },
  refund_approved: { icon: Undo2, tone: NEWS },
  refund_rejected: { icon: Undo2, tone: BAD },
  credits_adjusted: { icon: Coins, tone: MONEY },
  deposit_approved: { icon: Landmark, tone: GOOD },
  deposit_rejected: { icon: Landmark, tone: BAD },
  credit_limit_changed: { icon: Gauge, tone: MONEY },
  low_balance: { icon: TriangleAlert, tone: WARNING },
  booking_ticketed: { icon: Ticket, tone: GOOD },
  hold_expiring: { icon: Clock, tone: WARNING },
  hold_expired: { icon: TimerOff, tone: BAD },
  booking_failed: { icon: CircleX, tone: BAD },
  airline_change: { icon: TriangleAlert, tone: WARNING },
  support_reply: { icon: MessagesSquare, tone: NEWS },
  announcement: { icon: Megaphone, tone: MONEY },
  offer: { icon: Tag, tone: 'bg-fuchsia-50 text-fuchsia-700 ring-fuchsia-100' },
};

/** The bell's count as its badge shows it: past 99 it says "99+". */
export const unreadBadge = (unread: number): string => (unread > 99 ? '99+' : String(unread));
