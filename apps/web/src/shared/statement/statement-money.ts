import type { LedgerKind } from '@skydesk/contract';
import { formatMoney } from '../format/money';

/** How each ledger line is named to the agent (DESIGN.md §5 kinds). */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  deposit: 'Deposit',
  ticket: 'Ticket',
  void: 'Void',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

/** An amount of the agency's credits: 1234.5, 'USD' → "US$1,234.50" (a real minus when negative). */
export function formatCredits(amount: number, currency: string): string {
  const text = formatMoney({ Amount: Math.abs(amount), CurrencyCode: currency });
  return amount < 0 ? `\u2212${text}` : text;
}

/** A ledger movement, always signed: "+US$100.00", "−US$42.10", "US$0.00". */
export function formatSignedCredits(amount: number, currency: string): string {
  const text = formatMoney({ Amount: Math.abs(amount), CurrencyCode: currency });
  if (amount > 0) return `+${text}`;
  if (amount < 0) return `\u2212${text}`;
  return text;
}

/** The colour of a signed figure: credits green, debits red, nothing grey. */
export const signedTone = (amount: number): string =>
  amount > 0 ? 'text-emerald-700' : amount < 0 ? 'text-rose-700' : 'text-slate-600';
