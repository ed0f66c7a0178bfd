import {
  SUPPORT_PRIORITY_LABELS,
  SUPPORT_STATUS_LABELS,
  type SupportPriority,
  type SupportTicketStatus,
} from '@skydesk/contract';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Badge, type BadgeTone } from '../../shared/ui/badge';

const STATUS_TONES: Record<SupportTicketStatus, BadgeTone> = {
  // Waiting for SkyDesk.
  open: 'amber',
  // SkyDesk replied: the agency's turn.
  answered: 'sky',
  closed: 'slate',
};

/** A support ticket's state, the same words for agencies and operators. */
export function TicketStatusBadge({ status }: { status: SupportTicketStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} dot>
      {SUPPORT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A ticket's priority; only high and low stand out, normal is the quiet default. */
export function TicketPriorityBadge({ priority }: { priority: SupportPriority }) {
  const label = `${SUPPORT_PRIORITY_LABELS[priority]} priority`;
  if (priority === 'high')
    return (
      <Badge tone="rose">
        <ArrowUp aria-hidden="true" className="size-3" /> {label}
      </Badge>
    );
  if (priority === 'low')
    return (
      <Badge tone="slate">
        <ArrowDown aria-hidden="true" className="size-3" /> {label}
      </Badge>
    );
  return <Badge tone="slate">{label}</Badge>;
}

/** "3 unread", or nothing. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return <Badge tone="indigo">{count} unread</Badge>;
}
