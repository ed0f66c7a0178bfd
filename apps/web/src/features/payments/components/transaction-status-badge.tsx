import type { TransactionStatus } from '@skydesk/contract';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';

export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

const TONES: Record<TransactionStatus, BadgeTone> = {
  pending: 'amber',
  approved: 'emerald',
  rejected: 'rose',
};

/** Where a deposit stands: the words say it, the colour repeats it. */
export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  return (
    <Badge tone={TONES[status]} dot>
      {TRANSACTION_STATUS_LABELS[status]}
    </Badge>
  );
}
