import { z } from 'zod';
import { CalendarDate } from './calendar-date.js';
import { BookingChange, ScheduleChangeKind, ScheduleChangeStatus, ScheduledFlight } from './changes.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The operators' side of changes after ticketing (issue 32): the airlines' schedule changes with the
 * bookings they touch and each agency's answer, a schedule change published by hand on a chosen
 * flight (demos and tests), a deadline extended for one booking, and every exchange with its amounts.
 */

const Flight = z.string().regex(/^[A-Z0-9]{2}\d{1,4}$/, 'A flight is its airline and number, e.g. BA117');

/** Publishes a schedule change on one flight of one day: moved by `delay_minutes` (may be negative), or cancelled. */
export const PublishScheduleChangeBody = z
  .strictObject({
    flight: Flight,
    departure_date: CalendarDate(),
    kind: ScheduleChangeKind,
    /** How far the flight moves (retimed only): −720 to 720 minutes, not 0. */
    delay_minutes: z.number().int().min(-720).max(720).optional(),
  })
  .refine(
    (body) => body.kind === 'cancelled' || (body.delay_minutes !== undefined && body.delay_minutes !== 0),
    {
      message: 'Say how many minutes the flight moves',
      path: ['delay_minutes'],
    },
  );
export type PublishScheduleChangeBody = z.input<typeof PublishScheduleChangeBody>;

/** A booking a schedule change touches, with its agency's answer. */
export const AffectedBooking = z.object({
  booking_id: z.uuid(),
  pnr: z.string(),
  company: z.object({ id: z.uuid(), name: z.string() }),
  status: ScheduleChangeStatus,
  deadline: z.string(),
  answered_at: z.string().nullable(),
});
export type AffectedBooking = z.infer<typeof AffectedBooking>;

export const AdminScheduleChange = z.object({
  id: z.uuid(),
  flight: z.string(),
  departure_date: z.string(),
  kind: ScheduleChangeKind,
  before: ScheduledFlight.omit({ segment_index: true }),
  /** Null for a cancelled flight. */
  after: ScheduledFlight.omit({ segment_index: true }).nullable(),
  /** `airline` (the sandbox's airlines, or Duffel's webhook) or `operator` (published by hand). */
  source: z.enum(['airline', 'operator']),
  published_at: z.string(),
  bookings: z.array(AffectedBooking),
});
export type AdminScheduleChange = z.infer<typeof AdminScheduleChange>;

export const ExtendDeadlineBody = z.strictObject({
  booking_id: z.uuid(),
  deadline: z.iso.datetime({ offset: true }),
});
export type ExtendDeadlineBody = z.infer<typeof ExtendDeadlineBody>;

/** An exchange as the console lists it: the booking, its agency, and the change with its amounts. */
export const AdminExchange = BookingChange.extend({
  booking_id: z.uuid(),
  pnr: z.string(),
  company: z.object({ id: z.uuid(), name: z.string() }),
});
export type AdminExchange = z.infer<typeof AdminExchange>;

const IdParams = z.strictObject({ id: z.uuid() });

export const adminChangeEndpoints = {
  scheduleChanges: defineEndpoint({
    method: 'GET',
    path: '/api/admin/schedule-changes',
    summary:
      "The airlines' schedule changes, newest first, with the bookings they touch and each agency's answer",
    access: 'operator',
    response: z.array(AdminScheduleChange),
  }),
  publishScheduleChange: defineEndpoint({
    method: 'POST',
    path: '/api/admin/schedule-changes',
    summary:
      'Publishes a schedule change on a chosen sandbox flight (moved or cancelled): every booking on it is flagged and its agency told',
    access: 'operator',
    body: PublishScheduleChangeBody,
    response: AdminScheduleChange,
    successStatus: 201,
  }),
  extendDeadline: defineEndpoint({
    method: 'POST',
    path: '/api/admin/schedule-changes/{id}/deadline',
    summary: "Gives one booking's agency more time to answer a schedule change",
    access: 'operator',
    params: IdParams,
    body: ExtendDeadlineBody,
    response: AdminScheduleChange,
  }),
  exchanges: defineEndpoint({
    method: 'GET',
    path: '/api/admin/exchanges',
    summary: 'Every exchange, newest first, with its amounts',
    access: 'operator',
    response: z.array(AdminExchange),
  }),
};
