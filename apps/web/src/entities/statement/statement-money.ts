import type { LedgerKind } from '@skydesk/contract';
import { formatCredits, formatSignedCredits } from '../../shared/format/credits';

export { formatCredits, formatSignedCredits };

/** How each ledger line is named to the agent (docs/architecture.md §5 kinds). */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  deposit: 'Deposit',
  ticket: 'Ticket',
  void: 'Void',
  refund: 'Refund',
  adjustment: 'Adjustment',
  reversal: 'Reversal',
  change: 'Change',
};

/** The kinds as a filter names them. */
export const LEDGER_KIND_PLURALS: Record<LedgerKind, string> = {
  deposit: 'Deposits',
  ticket: 'Tickets',
  void: 'Voids',
  refund: 'Refunds',
  adjustment: 'Adjustments',
  reversal: 'Reversals',
  change: 'Changes',
};

/** The colour of a signed figure: credits green, debits red, nothing grey. */
export const signedTone = (amount: number): string =>
  amount > 0 ? 'text-emerald-700' : amount < 0 ? 'text-rose-700' : 'text-slate-600';
