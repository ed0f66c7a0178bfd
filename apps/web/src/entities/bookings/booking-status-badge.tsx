import type { BookingStatus, TicketStatus } from '@skydesk/contract';
import { Badge, type BadgeTone } from '../../shared/ui/badge';

/** docs/architecture.md §5 booking lifecycle, as agents say it; one colour per outcome everywhere. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  booked: 'Booked',
  ticketed: 'Ticketed',
  cancelled: 'Cancelled',
  voided: 'Voided',
  refund_requested: 'Refund requested',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  refund_rejected: 'Refund rejected',
  expired: 'Expired',
};

const BOOKING_STATUS_TONES: Record<BookingStatus, BadgeTone> = {
  booked: 'amber',
  ticketed: 'emerald',
  cancelled: 'slate',
  voided: 'slate',
  refund_requested: 'violet',
  refunded: 'sky',
  partially_refunded: 'sky',
  refund_rejected: 'rose',
  expired: 'rose',
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge tone={BOOKING_STATUS_TONES[status]} dot>
      {BOOKING_STATUS_LABELS[status]}
    </Badge>
  );
}

const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  issued: 'Issued',
  voided: 'Voided',
  refund_requested: 'Refund requested',
  refunded: 'Refunded',
  refund_rejected: 'Refund rejected',
};

const TICKET_STATUS_TONES: Record<TicketStatus, BadgeTone> = {
  issued: 'emerald',
  voided: 'slate',
  refund_requested: 'violet',
  refunded: 'sky',
  refund_rejected: 'rose',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <Badge tone={TICKET_STATUS_TONES[status]}>{TICKET_STATUS_LABELS[status]}</Badge>;
}
