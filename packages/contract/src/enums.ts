import { z } from 'zod';

/** docs/product-spec.md §9: passenger types. */
export const PASSENGER_TYPES = ['adult', 'child', 'infant'] as const;
export const PassengerType = z.enum(PASSENGER_TYPES);
export type PassengerType = z.infer<typeof PassengerType>;

/** docs/api.md: trip types; docs/product-spec.md §3 fixes 'Return'. */
export const TRIP_TYPES = ['OneWay', 'Return', 'MultiCity'] as const;
export const TripType = z.enum(TRIP_TYPES);
export type TripType = z.infer<typeof TripType>;

export const CABINS = ['Economy', 'PremiumEconomy', 'Business', 'First'] as const;
export const Cabin = z.enum(CABINS);
export type Cabin = z.infer<typeof Cabin>;

/**
 * docs/architecture.md §5: company lifecycle. An operator may suspend an agency in any state after
 * registration; reactivating it returns it to the state it was suspended from.
 */
export const COMPANY_STATUSES = [
  'registered',
  'email_verified',
  'pending_review',
  'approved',
  'rejected',
  'suspended',
] as const;
export const CompanyStatus = z.enum(COMPANY_STATUSES);
export type CompanyStatus = z.infer<typeof CompanyStatus>;

/** docs/architecture.md §5 and docs/api.md: booking lifecycle. */
export const BOOKING_STATUSES = [
  'booked',
  'ticketed',
  'cancelled',
  'voided',
  'refund_requested',
  'refunded',
  'partially_refunded',
  'refund_rejected',
  'expired',
] as const;
export const BookingStatus = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof BookingStatus>;

export const TRANSACTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const TransactionStatus = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

export const SUPPORT_TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export const SupportTicketStatus = z.enum(SUPPORT_TICKET_STATUSES);
export type SupportTicketStatus = z.infer<typeof SupportTicketStatus>;

/** Who sells a booking (issue 29): the embedded sandbox GDS or a remote supplier. */
export const SUPPLIER_CODES = ['sandbox', 'duffel'] as const;
export const SupplierCode = z.enum(SUPPLIER_CODES);
/** How people name each supplier. */
export const SUPPLIER_NAMES: Record<(typeof SUPPLIER_CODES)[number], string> = {
  sandbox: 'SkyDesk sandbox',
  duffel: 'Duffel',
};
export type SupplierCode = z.infer<typeof SupplierCode>;

/**
 * Where a remote booking's supplier order stands (docs/decisions/020-supplier-order-saga.md):
 * `local` (held here only: the offer must be paid at once), `confirming` (the airline is asked to
 * hold it), `confirmed` (the airline's order is recorded), `paying` and `ordering` (the airline is
 * asked to ticket it; the credits are taken), `adding_services` (bags added to the paid order: the
 * credits are taken, the airline asked; issue 31), `changing` (a change of flights confirmed with the
 * airline: its debit taken when positive, the airline asked; issue 32), `cancelling`, `cancelled`,
 * `failed` (no order came; anything taken was given back). While a step is under way (confirming,
 * paying, ordering, adding_services, changing, cancelling) the booking waits for the airline: no
 * action then.
 */
export const SUPPLIER_STATES = [
  'local',
  'confirming',
  'confirmed',
  'paying',
  'ordering',
  'adding_services',
  'changing',
  'cancelling',
  'cancelled',
  'failed',
] as const;
export const SupplierState = z.enum(SUPPLIER_STATES);
export type SupplierState = z.infer<typeof SupplierState>;

/**
 * docs/architecture.md §5: credits ledger entry kinds. A `reversal` credits back a ticket debit whose
 * supplier order never came (docs/decisions/020-supplier-order-saga.md). A `change` (issue 32) is
 * what an exchange moves: a debit of its penalty and fare difference, or a credit of a residual and
 * of services refunded, its note saying each in words.
 */
export const LEDGER_KINDS = [
  'deposit',
  'ticket',
  'void',
  'refund',
  'adjustment',
  'reversal',
  'change',
] as const;
export const LedgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKind>;

/** docs/api.md: the permissions a role can hold. The Owner role holds all. */
export const PERMISSIONS = [
  'flights.search',
  'bookings.view',
  'bookings.create',
  'bookings.issue',
  'bookings.cancel',
  'bookings.refund',
  'travellers.manage',
  'payments.view',
  'payments.create',
  'users.manage',
  'roles.manage',
  'support.use',
  'analytics.view',
  'history.view',
  /** Issue 33: the agency's markup rules, service fees and earnings settings. */
  'pricing.manage',
] as const;
export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;
