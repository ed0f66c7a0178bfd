import {
  type BookingSegment,
  minorToAmount,
  type PublicQuote,
  type PublicQuoteOption,
  QUOTE_MESSAGES,
  type Quote,
  type QuoteOption,
  type QuoteSummary,
} from '@skydesk/contract';
import type { QuoteOptionRow, QuoteRow } from './repo.js';
import { quoteStatus } from './status.js';

/** The wire shapes of a quote, made in one place (issue 33). The public one carries no net price. */

const money = (minor: number, currency: string) => ({ Amount: minorToAmount(minor), CurrencyCode: currency });

export type QuoteCreator = { id: string; name: string } | null;

/** A user since removed from the store entirely (their quotes stay). */
const NOBODY = { id: '00000000-0000-0000-0000-000000000000', name: 'Former user' };

export function presentPublicOption(option: QuoteOptionRow): PublicQuoteOption {
  const currency = option.currency.trim();
  return {
    id: option.id,
    position: option.position,
    trip_type: option.trip_type,
    cabin: option.cabin,
    brand: option.brand as PublicQuoteOption['brand'],
    brand_label: option.brand_label,
    validating_carrier: option.validating_carrier,
    segments: option.segments as BookingSegment[],
    passengers: option.passengers.map((entry) => ({
      passenger_type: entry.passenger_type,
      quantity: entry.quantity,
      selling: money(entry.selling_minor, currency),
    })),
    selling: money(option.selling_minor, currency),
    includes: option.includes,
  };
}

export function presentOption(option: QuoteOptionRow): QuoteOption {
  const currency = option.currency.trim();
  return {
    ...presentPublicOption(option),
    net: money(option.net_minor, currency),
    margin: money(option.selling_minor - option.net_minor, currency),
    booking_id: option.booking_id,
  };
}

type Context = { now: Date; publicUrl: (quote: QuoteRow) => string; creator: QuoteCreator };

function presentHead(quote: QuoteRow, context: Context): Omit<Quote, 'options'> {
  return {
    id: quote.id,
    reference: quote.reference,
    client: { name: quote.client_name, email: quote.client_email },
    status: quoteStatus(quote, context.now),
    note: quote.note,
    valid_until: quote.valid_until.toISOString(),
    public_url: context.publicUrl(quote),
    created_at: quote.created_at.toISOString(),
    created_by: context.creator ?? NOBODY,
    sent_at: quote.sent_at?.toISOString() ?? null,
    viewed_at: quote.viewed_at?.toISOString() ?? null,
    withdrawn_at: quote.withdrawn_at?.toISOString() ?? null,
  };
}

export const presentQuote = (
  quote: QuoteRow,
  options: readonly QuoteOptionRow[],
  context: Context,
): Quote => ({
  ...presentHead(quote, context),
  options: options.map(presentOption),
});

/** 'LHR-JFK' as bookings name a route; the first option's first leg. */
export function routeOf(option: QuoteOptionRow | undefined): string {
  const segments = (option?.segments ?? []) as BookingSegment[];
  const leg = segments.filter((segment) => segment.leg === 0);
  if (leg.length === 0) return '';
  return `${leg[0]!.DepartureAirport.LocationCode}-${leg[leg.length - 1]!.ArrivalAirport.LocationCode}`;
}

export function presentSummary(
  quote: QuoteRow,
  options: readonly QuoteOptionRow[],
  context: Context,
): QuoteSummary {
  const cheapest = options.reduce<QuoteOptionRow | undefined>(
    (best, option) => (!best || option.selling_minor < best.selling_minor ? option : best),
    undefined,
  );
  return {
    ...presentHead(quote, context),
    option_count: options.length,
    from: money(cheapest?.selling_minor ?? 0, quote.currency.trim()),
    route: routeOf(options[0]),
  };
}

export type QuoteAgency = PublicQuote['agency'];

/** What the client's link shows: the agency, the options at selling prices, nothing of the net. */
export const presentPublicQuote = (
  quote: QuoteRow,
  options: readonly QuoteOptionRow[],
  agency: QuoteAgency,
): PublicQuote => ({
  reference: quote.reference,
  agency,
  client_name: quote.client_name,
  note: quote.note,
  valid_until: quote.valid_until.toISOString(),
  created_at: quote.created_at.toISOString(),
  options: options.map(presentPublicOption),
  disclaimer: QUOTE_MESSAGES.disclaimer,
});
