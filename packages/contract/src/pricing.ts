import { z } from 'zod';
import { CalendarDate } from './calendar-date.js';
import { defineEndpoint } from './endpoint.js';
import { Cabin, PassengerType, SupplierCode, TripType } from './enums.js';
import { AmountInput, amountToMinor, Money } from './envelope.js';
import { FareBrand } from './flights.js';
import { Text } from './text.js';

/**
 * Issue 33: how an agency earns. One rule engine for two owners — the agency's markup rules and
 * service fees (`pricing.manage`) and the operator's platform rules (which replace the per-supplier
 * markup of the Duffel issue: the agency's net is the supplier's price plus the platform's rule).
 *
 * A rule matches on any of its criteria (null = any); its value is a percentage and/or a fixed
 * amount per passenger or per booking, may be negative (a discount), then rounded. The most
 * specific matching rule wins, ties by `position` (docs/booking-and-money.md, "Pricing rules").
 */

/** Where a trip flies, as a rule sees it (the trip's first leg, origin to destination). */
export const ROUTE_SCOPES = [
  'any',
  'domestic',
  'international',
  /** Great-circle distance of the first leg over 4,000 km. */
  'long_haul',
  /** Up to 4,000 km. */
  'short_haul',
  /** Origin and destination both in `region`. */
  'region',
  /** From `from_country` to `to_country`, either way. */
  'country_pair',
  /** From `from_airport` to `to_airport`, either way. */
  'airport_pair',
] as const;
export const RouteScope = z.enum(ROUTE_SCOPES);
export type RouteScope = z.infer<typeof RouteScope>;

export const REGIONS = [
  'europe',
  'north_america',
  'central_america',
  'south_america',
  'middle_east',
  'africa',
  'asia',
  'oceania',
] as const;
export const Region = z.enum(REGIONS);
export type Region = z.infer<typeof Region>;

/** `markup` changes the fare's price; `fee` adds a named line of the agency's income at an event. */
export const PRICING_RULE_KINDS = ['markup', 'fee'] as const;
export const PricingRuleKind = z.enum(PRICING_RULE_KINDS);
export type PricingRuleKind = z.infer<typeof PricingRuleKind>;

/** When a fee applies (markups apply to the fare whenever it is priced). */
export const FEE_EVENTS = ['issue', 'change', 'refund'] as const;
export const FeeEvent = z.enum(FEE_EVENTS);
export type FeeEvent = z.infer<typeof FeeEvent>;

export const FIXED_PER = ['passenger', 'booking'] as const;
export const FixedPer = z.enum(FIXED_PER);
export type FixedPer = z.infer<typeof FixedPer>;

/** `none`; `whole`: up to the next whole unit; `ninety_nine`: up to the next .99. Applied per passenger. */
export const ROUNDINGS = ['none', 'whole', 'ninety_nine'] as const;
export const Rounding = z.enum(ROUNDINGS);
export type Rounding = z.infer<typeof Rounding>;

export const MAX_RULE_PERCENT = 1000;

/** An amount a client sends with its currency (a rule's fixed part, a preview's net). */
const MoneyInput = z.strictObject({
  Amount: AmountInput,
  CurrencyCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'A 3-letter currency code'),
});

const Airline = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2}$/, 'A 2-character airline code');
const Airport = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'A 3-letter airport code');
const Country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'A 2-letter country code');

/** What a rule matches; every criterion null (or `route.scope` any) matches everything. */
export const RuleMatch = z.strictObject({
  /** Operator rules only: an agency's rule naming a supplier is 422. */
  supplier: SupplierCode.nullable().default(null),
  validating_carrier: Airline.nullable().default(null),
  route: z
    .strictObject({
      scope: RouteScope.default('any'),
      region: Region.nullable().default(null),
      from_country: Country.nullable().default(null),
      to_country: Country.nullable().default(null),
      from_airport: Airport.nullable().default(null),
      to_airport: Airport.nullable().default(null),
    })
    .default({
      scope: 'any',
      region: null,
      from_country: null,
      to_country: null,
      from_airport: null,
      to_airport: null,
    }),
  cabin: Cabin.nullable().default(null),
  brand: FareBrand.nullable().default(null),
  passenger_type: PassengerType.nullable().default(null),
  trip_type: TripType.nullable().default(null),
  /** The day the booking is made (the agency's calendar), inclusive. */
  booking_from: CalendarDate().nullable().default(null),
  booking_to: CalendarDate().nullable().default(null),
  /** The first departure's day, inclusive. */
  travel_from: CalendarDate().nullable().default(null),
  travel_to: CalendarDate().nullable().default(null),
});
export type RuleMatch = z.output<typeof RuleMatch>;

/**
 * A rule as written. The server answers 422 on the field for a rule that cannot be met: a
 * percentage over 1,000 (`value.percent`), a fixed amount in another currency than the agency's
 * (`value.fixed.CurrencyCode`), dates that end before they start (`match.booking_to` /
 * `match.travel_to`), a route scope without its places (`match.route.region` …), a fee without a
 * name or event.
 */
export const PricingRuleBody = z.strictObject({
  kind: PricingRuleKind.default('markup'),
  /** The rule's name; a fee's is the line the client reads ("Booking fee"). */
  name: Text({ min: 1, max: 80, tooShort: 'Name the rule' }),
  enabled: z.boolean().default(true),
  match: RuleMatch.default(RuleMatch.parse({})),
  value: z.strictObject({
    /** Of the fare (markup) — −100 to 1,000, two decimals at most. */
    percent: z.number().min(-100).nullable().default(null),
    fixed: MoneyInput.nullable().default(null),
    fixed_per: FixedPer.default('passenger'),
  }),
  rounding: Rounding.default('none'),
  /** Fees only: the event the fee is charged at. */
  event: FeeEvent.nullable().default(null),
});
export type PricingRuleBody = z.input<typeof PricingRuleBody>;
export type ParsedPricingRuleBody = z.output<typeof PricingRuleBody>;

export const PricingRule = z.object({
  id: z.uuid(),
  kind: PricingRuleKind,
  name: z.string(),
  enabled: z.boolean(),
  /** Breaks ties between equally specific rules: the lowest first. Set by `reorder`. */
  position: z.number().int(),
  match: RuleMatch,
  value: z.object({ percent: z.number().nullable(), fixed: Money.nullable(), fixed_per: FixedPer }),
  rounding: Rounding,
  event: FeeEvent.nullable(),
  /** How specific the rule is (docs/booking-and-money.md): higher wins. */
  specificity: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PricingRule = z.infer<typeof PricingRule>;

export const ReorderRulesBody = z.strictObject({
  /** Every rule id of the owner (of one kind or all), in the new order. */
  ids: z.array(z.uuid()).min(1).max(500),
});
export type ReorderRulesBody = z.input<typeof ReorderRulesBody>;

/** The rule that set a price, as results and bookings name it. */
export const RuleRef = z.object({ id: z.uuid(), name: z.string() });
export type RuleRef = z.infer<typeof RuleRef>;

/** A named fee line (the agency's income, never debited from its credits). */
export const FeeLine = z.object({
  name: z.string(),
  /** The fee for the whole booking (per-passenger fees multiplied out). */
  amount: Money,
  /** The rule that added it; null when added by hand. */
  rule: RuleRef.nullable(),
});
export type FeeLine = z.infer<typeof FeeLine>;

/**
 * "What does my client pay for London → New York, Economy Flex, two adults": the trip as a rule sees
 * it and a net price to mark up (in the agency's currency).
 */
export const PricingPreviewBody = z.strictObject({
  origin: Airport,
  destination: Airport,
  trip_type: TripType.default('OneWay'),
  cabin: Cabin.default('Economy'),
  brand: FareBrand.nullable().default(null),
  validating_carrier: Airline.nullable().default(null),
  adult_quantity: z.number().int().min(0).max(9).default(1),
  child_quantity: z.number().int().min(0).max(9).default(0),
  infant_quantity: z.number().int().min(0).max(9).default(0),
  /** The first departure's day; today when absent. */
  departure_date: CalendarDate().nullable().default(null),
  /** The net fare per adult (children and infants at the sandbox's shares of it). */
  net_per_adult: MoneyInput,
  /** Operator preview only: the supplier. */
  supplier: SupplierCode.nullable().default(null),
});
export type PricingPreviewBody = z.input<typeof PricingPreviewBody>;

export const PricePerPassengerType = z.object({
  passenger_type: PassengerType,
  quantity: z.number().int(),
  /** Per passenger. */
  net: Money,
  selling: Money,
  rule: RuleRef.nullable(),
});
export type PricePerPassengerType = z.infer<typeof PricePerPassengerType>;

export const PricingPreview = z.object({
  net: Money,
  selling: Money,
  /** selling − net. */
  markup: Money,
  passengers: z.array(PricePerPassengerType),
  /** The fees issuing it would add. */
  fees: z.array(FeeLine),
  /** The markup rule that applied to the adults (null: sold at net). */
  rule: RuleRef.nullable(),
});
export type PricingPreview = z.infer<typeof PricingPreview>;

/** A tax the agency charges on its earnings (markup and fees), e.g. VAT 20 %. */
export const EarningsTax = z.strictObject({
  name: Text({ min: 1, max: 20, tooShort: 'Name the tax' }),
  /** Percent, 0–100. */
  rate: z.number().min(0).max(100),
});

/**
 * The agency's settings for earnings: selling-price overrides, client paperwork (invoice numbering,
 * the tax on its earnings, quote validity and logo). The agency's name and contact details come
 * from its profile.
 */
export const PricingSettings = z.object({
  /** An agent may sell under the agency's net (at a loss) when the owner allows it. */
  allow_below_net: z.boolean(),
  /** How far above the rules' selling price an agent may go at issue, in percent; null = no ceiling. */
  max_override_percent: z.number().nullable(),
  /** Invoices number as `<prefix><year>-<sequence of 6 digits>`: `INV-2026-000001`. */
  invoice_prefix: z.string(),
  tax: EarningsTax.nullable(),
  quote_validity_days: z.number().int(),
  /** A data URL (PNG or JPEG, ≤ 256 KB) printed on quotes and invoices; null for none. */
  logo: z.string().nullable(),
  currency: z.string().length(3),
});
export type PricingSettings = z.infer<typeof PricingSettings>;

export const LOGO_MAX_BYTES = 256 * 1024;

export const UpdatePricingSettingsBody = z
  .strictObject({
    allow_below_net: z.boolean().optional(),
    max_override_percent: z.number().min(0).max(MAX_RULE_PERCENT).nullable().optional(),
    invoice_prefix: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{1,8}-?$/, 'Use 1 to 8 letters or digits, and an optional dash')
      .optional(),
    tax: EarningsTax.nullable().optional(),
    quote_validity_days: z.number().int().min(1).max(60).optional(),
    logo: z
      .string()
      .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 40, 'A logo is at most 256 KB')
      .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'A logo is a PNG or JPEG image')
      .nullable()
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to change',
  });
export type UpdatePricingSettingsBody = z.input<typeof UpdatePricingSettingsBody>;

/**
 * Issue 33, at issue (`POST /api/booking-issue`): the selling price the agent agreed with the
 * client (an override of the rules' price, recorded; within the owner's limits), fees added by hand
 * and the client the invoice is made out to (the booking's contact and lead passenger when absent).
 */
export const InvoiceClient = z.strictObject({
  name: Text({ min: 2, max: 120, tooShort: 'Name the client' }),
  email: z.email('Enter a valid email').max(254).nullable().default(null),
  address: Text({ max: 300, multiline: true }).nullable().default(null),
  tax_id: Text({ max: 40 }).nullable().default(null),
});
export type InvoiceClient = z.input<typeof InvoiceClient>;

export const ManualFee = z.strictObject({
  name: Text({ min: 1, max: 80, tooShort: 'Name the fee' }),
  /** For the whole booking, in the agency's currency; > 0. */
  amount: AmountInput.refine((value) => amountToMinor(value) > 0, 'A fee is more than 0').refine(
    (value) => value <= 100_000,
    'A fee is at most 100,000',
  ),
});
export type ManualFee = z.input<typeof ManualFee>;

/** Selling prices and margin of a booking (issue 33); `net` is today's `total`, what the agency pays. */
export const BookingEarnings = z.object({
  net: Money,
  /** What the client pays for the trip: the fare at its selling price and the services; fees apart. */
  selling: Money,
  /** The markup rule the fare's selling price came from; null when sold at net or overridden. */
  rule: RuleRef.nullable(),
  /** Set when an agent overrode the rules' selling price at issue. */
  override: z
    .object({ by: z.object({ id: z.uuid(), name: z.string() }), at: z.string(), rules_selling: Money })
    .nullable(),
  fees: z.array(FeeLine),
  /** selling − net + fees. */
  margin: Money,
});
export type BookingEarnings = z.infer<typeof BookingEarnings>;

const IdParams = z.strictObject({ id: z.uuid() });

export const pricingEndpoints = {
  listRules: defineEndpoint({
    method: 'GET',
    path: '/api/pricing/rules',
    summary: "The agency's markup rules and service fees, in their order",
    access: 'company',
    permission: 'pricing.manage',
    response: z.array(PricingRule),
  }),
  createRule: defineEndpoint({
    method: 'POST',
    path: '/api/pricing/rules',
    summary: 'Adds a markup rule or service fee, last in the order',
    access: 'company',
    permission: 'pricing.manage',
    body: PricingRuleBody,
    response: PricingRule,
    successStatus: 201,
  }),
  updateRule: defineEndpoint({
    method: 'PUT',
    path: '/api/pricing/rules/{id}',
    summary: 'Rewrites a rule (its position kept)',
    access: 'company',
    permission: 'pricing.manage',
    params: IdParams,
    body: PricingRuleBody,
    response: PricingRule,
  }),
  deleteRule: defineEndpoint({
    method: 'DELETE',
    path: '/api/pricing/rules/{id}',
    summary: 'Deletes a rule (bookings priced by it keep its name)',
    access: 'company',
    permission: 'pricing.manage',
    params: IdParams,
    response: z.object({}),
  }),
  reorderRules: defineEndpoint({
    method: 'POST',
    path: '/api/pricing/rules/reorder',
    summary: 'Sets the order that breaks ties between equally specific rules',
    access: 'company',
    permission: 'pricing.manage',
    body: ReorderRulesBody,
    response: z.array(PricingRule),
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/api/pricing/preview',
    summary: 'What a client pays for a trip under the rules, with the rule that applied',
    access: 'company',
    permission: 'pricing.manage',
    body: PricingPreviewBody,
    response: PricingPreview,
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/pricing/settings',
    summary: "The agency's override limits, invoice numbering, tax on earnings, quote validity and logo",
    access: 'company',
    permission: 'any',
    response: PricingSettings,
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/pricing/settings',
    summary: "Changes the agency's earnings settings",
    access: 'company',
    permission: 'pricing.manage',
    body: UpdatePricingSettingsBody,
    response: PricingSettings,
  }),
};

/** The operator's platform rules: the same engine, `match.supplier` allowed, no fees. */
export const adminPricingEndpoints = {
  listRules: defineEndpoint({
    method: 'GET',
    path: '/api/admin/pricing/rules',
    summary: "The platform's markup rules on suppliers' prices, in their order",
    access: 'operator',
    response: z.array(PricingRule),
  }),
  createRule: defineEndpoint({
    method: 'POST',
    path: '/api/admin/pricing/rules',
    summary: 'Adds a platform markup rule, last in the order',
    access: 'operator',
    body: PricingRuleBody,
    response: PricingRule,
    successStatus: 201,
  }),
  updateRule: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/pricing/rules/{id}',
    summary: 'Rewrites a platform rule',
    access: 'operator',
    params: IdParams,
    body: PricingRuleBody,
    response: PricingRule,
  }),
  deleteRule: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/pricing/rules/{id}',
    summary: 'Deletes a platform rule',
    access: 'operator',
    params: IdParams,
    response: z.object({}),
  }),
  reorderRules: defineEndpoint({
    method: 'POST',
    path: '/api/admin/pricing/rules/reorder',
    summary: 'Sets the order of the platform rules',
    access: 'operator',
    body: ReorderRulesBody,
    response: z.array(PricingRule),
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/api/admin/pricing/preview',
    summary: "What an agency's net is for a supplier's price under the platform rules",
    access: 'operator',
    body: PricingPreviewBody,
    response: PricingPreview,
  }),
};
