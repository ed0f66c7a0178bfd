import type { QuoteStatus } from '@skydesk/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { QuoteRow } from './repo.js';

/**
 * A quote's status is derived from its dates, never stored (issue 33): withdrawn, then booked,
 * then expired (past `valid_until`), then viewed (its public link was opened), then sent, else
 * created. So expiry needs no sweep, and a withdraw stops the link the moment it commits.
 */
export function quoteStatus(
  quote: Pick<QuoteRow, 'withdrawn_at' | 'booked_at' | 'valid_until' | 'viewed_at' | 'sent_at'>,
  now: Date,
): QuoteStatus {
  if (quote.withdrawn_at) return 'withdrawn';
  if (quote.booked_at) return 'booked';
  if (quote.valid_until.getTime() <= now.getTime()) return 'expired';
  if (quote.viewed_at) return 'viewed';
  if (quote.sent_at) return 'sent';
  return 'created';
}

/** Whether the public link still shows the quote: not withdrawn, not past its validity. */
export const publicLinkLives = (quote: Pick<QuoteRow, 'withdrawn_at' | 'valid_until'>, now: Date) =>
  !quote.withdrawn_at && quote.valid_until.getTime() > now.getTime();

/** The same derivation as SQL, for the list's status filter. */
export function statusIs(eb: ExpressionBuilder<Database, 'quotes'>, status: QuoteStatus, now: Date) {
  const live = eb.and([eb('withdrawn_at', 'is', null), eb('booked_at', 'is', null)]);
  const unexpired = eb.and([live, eb('valid_until', '>', now)]);
  switch (status) {
    case 'withdrawn':
      return eb('withdrawn_at', 'is not', null);
    case 'booked':
      return eb.and([eb('withdrawn_at', 'is', null), eb('booked_at', 'is not', null)]);
    case 'expired':
      return eb.and([live, eb('valid_until', '<=', now)]);
    case 'viewed':
      return eb.and([unexpired, eb('viewed_at', 'is not', null)]);
    case 'sent':
      return eb.and([unexpired, eb('viewed_at', 'is', null), eb('sent_at', 'is not', null)]);
    case 'created':
      return eb.and([unexpired, eb('viewed_at', 'is', null), eb('sent_at', 'is', null)]);
  }
}
