import {
  BOOKING_STATUS_LABELS,
  type BookingStatus,
  TICKET_STATUS_LABELS,
  type TicketStatus,
} from '@skydesk/contract';
import { Badge, type BadgeTone } from '../../shared/ui/badge';

/** docs/architecture.md §5 booking lifecycle, in the contract's words; one colour per outcome everywhere. */
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

const TICKET_STATUS_TONES: Record<TicketStatus, BadgeTone> = {
  issued: 'emerald',
  voided: 'slate',
  refund_requested: 'violet',
  refunded: 'sky',
  refund_rejected: 'rose',
  exchanged: 'amber',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <Badge tone={TICKET_STATUS_TONES[status]}>{TICKET_STATUS_LABELS[status]}</Badge>;
}
