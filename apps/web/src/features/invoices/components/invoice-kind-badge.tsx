import type { InvoiceKind } from '@skydesk/contract';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  supplementary: 'Supplementary invoice',
};

const TONES: Record<InvoiceKind, BadgeTone> = {
  invoice: 'indigo',
  credit_note: 'rose',
  supplementary: 'amber',
};

export function InvoiceKindBadge({ kind }: { kind: InvoiceKind }) {
  return <Badge tone={TONES[kind]}>{INVOICE_KIND_LABELS[kind]}</Badge>;
}

/** Why a credit note or supplementary invoice was made. */
export const REASON_LABELS = {
  void: 'Ticket voided',
  refund: 'Refund',
  change: 'Change of flights',
} as const;
