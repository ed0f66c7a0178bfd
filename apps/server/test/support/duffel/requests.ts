import { z } from 'zod';
import { duffelError } from './errors.js';

/**
 * The bodies the server reads, each the `data` of `{ data }`, checked as the reference's request
 * schemas say (Offer Requests › Create, Orders › Create, Payments › Create, Order Cancellations ›
 * Create, Orders › Add services). A failing field answers 422 with one error per field.
 */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be an ISO 8601 date (YYYY-MM-DD)');
const iata = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter IATA code');
const currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code');

const searchPassenger = z
  .object({
    type: z.enum(['adult', 'child', 'infant_without_seat']).optional(),
    age: z.number().int().min(0).max(130).optional(),
    fare_type: z.string().optional(),
    given_name: z.string().optional(),
    family_name: z.string().optional(),
    loyalty_programme_accounts: z.array(z.unknown()).optional(),
  })
  // "A passenger can have only a type or an age, but not both."
  .refine(
    (p) => (p.type === undefined) !== (p.age === undefined),
    'must have either a type or an age, not both',
  );

export const createOfferRequestBody = z.object({
  slices: z
    .array(
      z
        .object({
          origin: iata,
          destination: iata,
          departure_date: isoDate,
          departure_time: z.unknown().optional(),
          arrival_time: z.unknown().optional(),
        })
        .refine((s) => s.origin !== s.destination, 'origin and destination must differ'),
    )
    .min(1)
    .max(4),
  passengers: z.array(searchPassenger).min(1).max(9),
  cabin_class: z.enum(['first', 'business', 'premium_economy', 'economy']).optional(),
  max_connections: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  private_fares: z.unknown().optional(),
});

/** Metadata: at most 50 pairs, keys of 40 characters (letters, digits, - and _), values of 500. */
export const metadataSchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'keys are 1–40 letters, digits, - or _'),
    z.string().max(500),
  )
  .refine((m) => Object.keys(m).length <= 50, 'at most 50 key-value pairs');

const paymentSchema = z.object({
  type: z.enum(['balance', 'arc_bsp_cash']),
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/, 'must be a decimal amount such as "30.20"'),
  currency,
});

const orderPassenger = z.object({
  id: z.string().min(1),
  title: z.enum(['mr', 'ms', 'mrs', 'miss', 'dr']),
  gender: z.enum(['m', 'f']),
  given_name: z.string().min(1).max(60),
  family_name: z.string().min(1).max(60),
  born_on: isoDate,
  email: z.string().regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'must be an e-mail address'),
  // E.164, as the reference asks: a plus and up to 15 digits.
  phone_number: z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be in E.164 format, e.g. +442080160509'),
  infant_passenger_id: z.string().nullable().optional(),
  identity_documents: z.array(z.unknown()).optional(),
  loyalty_programme_accounts: z.array(z.unknown()).optional(),
  user_id: z.string().optional(),
});

const serviceChoice = z.object({ id: z.string().min(1), quantity: z.number().int().min(1) });

export const createOrderBody = z.object({
  // 'pay_later' is the older name of 'hold' (the client's types still use it).
  type: z.enum(['instant', 'hold', 'pay_later']),
  selected_offers: z.array(z.string()).length(1, 'must hold exactly one offer id'),
  passengers: z.array(orderPassenger).min(1),
  payments: z.array(paymentSchema).optional(),
  services: z.array(serviceChoice).optional(),
  metadata: metadataSchema.optional(),
  users: z.array(z.string()).optional(),
});

export const createPaymentBody = z.object({ order_id: z.string().min(1), payment: paymentSchema });

export const createCancellationBody = z.object({ order_id: z.string().min(1) });

export const addServicesBody = z.object({
  add_services: z.array(serviceChoice).min(1),
  payment: paymentSchema,
});

export const updateOrderBody = z.object({ metadata: metadataSchema });

export type CreateOrderBody = z.infer<typeof createOrderBody>;
export type PaymentBody = z.infer<typeof paymentSchema>;

/** Parses `data` against a schema or throws the 422 the reference describes. */
export function parseData<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw duffelError.invalidFields(
    result.error.issues.map((issue) => ({
      field: issue.path.length > 0 ? issue.path.join('.') : 'data',
      message: issue.message,
    })),
  );
}
