import type { QuoteStatus } from '@skydesk/contract';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  created: 'Created',
  sent: 'Sent',
  viewed: 'Viewed',
  booked: 'Booked',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

const TONES: Record<QuoteStatus, BadgeTone> = {
  created: 'slate',
  sent: 'sky',
  viewed: 'indigo',
  booked: 'emerald',
  expired: 'amber',
  withdrawn: 'rose',
};

/** Where a quote stands: made, e-mailed, opened by the client (viewed), booked, or no longer open. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <Badge tone={TONES[status]} dot>
      {QUOTE_STATUS_LABELS[status]}
    </Badge>
  );
}
