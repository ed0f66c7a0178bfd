import { z } from 'zod';
import { BookingSegment } from './bookings.js';
import { defineEndpoint } from './endpoint.js';
import { Cabin, PassengerType, TripType } from './enums.js';
import { MAX_PAGE, Money } from './envelope.js';
import { FareBrand, PricedItinerary } from './flights.js';
import { PRINTABLE_TOKEN, Text } from './text.js';

/**
 * Issue 33: a quote for a named client — one to five priced options picked from results, at
 * selling prices only, each with what it includes in words — sent as a PDF by e-mail and shared as a
 * public read-only link (a long unguessable token, no sign-in, expires, can be withdrawn). An option
 * becomes a booking in one step: it is re-priced (`…/options/{option_id}/offer`) and booked with
 * `quote_option_id` on `POST /api/booking`, as any offer is.
 */

export const QUOTE_STATUSES = ['created', 'sent', 'viewed', 'booked', 'expired', 'withdrawn'] as const;
export const QuoteStatus = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof QuoteStatus>;

export const MAX_QUOTE_OPTIONS = 5;

export const QuoteClient = z.strictObject({
  name: Text({ min: 2, max: 120, tooShort: 'Name the client' }),
  email: z.email('Enter a valid email').max(254).nullable().default(null),
});
export type QuoteClient = z.input<typeof QuoteClient>;

export const CreateQuoteBody = z.strictObject({
  client: QuoteClient,
  /**
   * Offers from results (a flat result's, a fare family's or `POST /api/search/price`'s), one to
   * five, in the order shown; each must still be valid (30 minutes) when the quote is made.
   */
  offer_ids: z
    .array(z.string().min(1).max(8192).regex(PRINTABLE_TOKEN, 'This offer id is not one of ours'))
    .min(1, 'Pick at least one option')
    .max(MAX_QUOTE_OPTIONS, `At most ${MAX_QUOTE_OPTIONS} options`),
  /** Days the quote stays valid; the agency's `quote_validity_days` when absent. */
  validity_days: z.number().int().min(1).max(60).optional(),
  note: Text({ max: 2000, multiline: true }).nullable().default(null),
});
export type CreateQuoteBody = z.input<typeof CreateQuoteBody>;

/** What an option includes, in words the client reads ("1 bag of 23 kg", "Changes for USD 100"). */
export const QuoteInclusions = z.object({
  baggage: z.string(),
  changes: z.string(),
  refunds: z.string(),
});
export type QuoteInclusions = z.infer<typeof QuoteInclusions>;

/** One option as the client sees it: flights, brand, selling prices. No net price. */
export const PublicQuoteOption = z.object({
  id: z.uuid(),
  position: z.number().int(),
  trip_type: TripType,
  cabin: Cabin,
  brand: FareBrand,
  /** The airline's own name for the brand, when it has one. */
  brand_label: z.string().nullable(),
  validating_carrier: z.string(),
  segments: z.array(BookingSegment),
  passengers: z.array(
    z.object({ passenger_type: PassengerType, quantity: z.number().int(), selling: Money }),
  ),
  /** The client's price for the whole party. */
  selling: Money,
  includes: QuoteInclusions,
});
export type PublicQuoteOption = z.infer<typeof PublicQuoteOption>;

/** An option as the agency sees it: with its net and margin, and whether it was booked. */
export const QuoteOption = PublicQuoteOption.extend({
  net: Money,
  margin: Money,
  booking_id: z.uuid().nullable(),
});
export type QuoteOption = z.infer<typeof QuoteOption>;

export const Quote = z.object({
  id: z.uuid(),
  /** Short reference for the client ("Q-7K3D9A"). */
  reference: z.string(),
  client: z.object({ name: z.string(), email: z.string().nullable() }),
  status: QuoteStatus,
  note: z.string().nullable(),
  valid_until: z.string(),
  /** `PUBLIC_URL/q/<token>`: the read-only page for the client. */
  public_url: z.string(),
  created_at: z.string(),
  created_by: z.object({ id: z.uuid(), name: z.string() }),
  sent_at: z.string().nullable(),
  /** The first time the public link was opened. */
  viewed_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  options: z.array(QuoteOption),
});
export type Quote = z.infer<typeof Quote>;

/** A line of the quotes list. */
export const QuoteSummary = Quote.omit({ options: true }).extend({
  option_count: z.number().int(),
  /** The cheapest option's selling price. */
  from: Money,
  route: z.string(),
});
export type QuoteSummary = z.infer<typeof QuoteSummary>;

export const QuoteListQuery = z.strictObject({
  status: QuoteStatus.optional(),
  /** The client's name or the quote's reference. */
  q: Text({ max: 60 }).optional(),
  page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type QuoteListQuery = z.input<typeof QuoteListQuery>;

export const QuotePage = z.object({
  items: z.array(QuoteSummary),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type QuotePage = z.infer<typeof QuotePage>;

export const SendQuoteBody = z.strictObject({
  /** The client's address on the quote when absent. */
  to: z.email('Enter a valid email').max(254).optional(),
  message: Text({ max: 2000, multiline: true }).optional(),
});
export type SendQuoteBody = z.input<typeof SendQuoteBody>;

/**
 * `GET /api/public/quotes/{token}`: what the client's link shows — the agency's name, logo and
 * contacts, the options at selling prices and that prices are confirmed at booking. 404 for an
 * unknown token; 410 `This quote is no longer available` once expired or withdrawn. Rate-limited.
 */
export const PublicQuote = z.object({
  reference: z.string(),
  agency: z.object({
    name: z.string(),
    logo: z.string().nullable(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
  }),
  client_name: z.string(),
  note: z.string().nullable(),
  valid_until: z.string(),
  created_at: z.string(),
  options: z.array(PublicQuoteOption),
  /** "Prices are confirmed at booking." */
  disclaimer: z.string(),
});
export type PublicQuote = z.infer<typeof PublicQuote>;

export const QUOTE_MESSAGES = {
  gone: 'This quote is no longer available',
  disclaimer: 'Prices are confirmed at booking.',
} as const;

const IdParams = z.strictObject({ id: z.uuid() });
const OptionParams = z.strictObject({ id: z.uuid(), option_id: z.uuid() });
const TokenParams = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/) });

export const quoteEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/quotes',
    summary: 'A quote for a named client from one to five offers, at selling prices, with its public link',
    access: 'company',
    permission: 'bookings.create',
    body: CreateQuoteBody,
    response: Quote,
    successStatus: 201,
    idempotent: true,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/quotes',
    summary: "The agency's quotes, newest first, with their status",
    access: 'company',
    permission: 'bookings.create',
    query: QuoteListQuery,
    response: QuotePage,
  }),
  one: defineEndpoint({
    method: 'GET',
    path: '/api/quotes/{id}',
    summary: 'One quote with its options, net and margin',
    access: 'company',
    permission: 'bookings.create',
    params: IdParams,
    response: Quote,
  }),
  /** A PDF, not a JSON envelope (apiBlob in the SPA). */
  pdf: defineEndpoint({
    method: 'GET',
    path: '/api/quotes/{id}.pdf',
    summary: 'The quote as the client reads it, as a PDF',
    access: 'company',
    permission: 'bookings.create',
    params: IdParams,
    response: z.unknown(),
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/quotes/{id}/send',
    summary: 'E-mails the quote to the client, PDF attached, with its link',
    access: 'company',
    permission: 'bookings.create',
    params: IdParams,
    body: SendQuoteBody,
    response: Quote,
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: '/api/quotes/{id}/withdraw',
    summary: 'Withdraws the quote: its public link stops at once',
    access: 'company',
    permission: 'bookings.create',
    params: IdParams,
    response: Quote,
  }),
  optionOffer: defineEndpoint({
    method: 'POST',
    path: '/api/quotes/{id}/options/{option_id}/offer',
    summary:
      "A fresh offer for a quote's option, re-priced as a booking is (409 sold out; the booking form then books it with quote_option_id)",
    access: 'company',
    permission: 'bookings.create',
    params: OptionParams,
    response: PricedItinerary,
  }),
  publicQuote: defineEndpoint({
    method: 'GET',
    path: '/api/public/quotes/{token}',
    summary: "A quote's read-only page for the client: selling prices only (410 once expired or withdrawn)",
    access: 'public',
    params: TokenParams,
    response: PublicQuote,
  }),
};
