import type { AdminScheduleChange, ScheduleChange } from '@skydesk/contract';
import type { BookingScheduleChange, listScheduleChanges } from './repo.js';
import { changeSummary } from './words.js';

/** The booking answer's `schedule_change` (issue 32): the change, its words, and what may be done now. */
export function presentScheduleChange(row: BookingScheduleChange): ScheduleChange {
  const pending = row.status === 'pending';
  // Accepting is offered only when the flight still flies and every connection still holds; the
  // alternative (a free change offer) and the full refund are always offered while it waits.
  const actions: ScheduleChange['actions'] = !pending
    ? []
    : row.kind === 'cancelled' || row.connection_broken
      ? ['alternative', 'cancel']
      : ['accept', 'alternative', 'cancel'];
  return {
    id: row.schedule_change_id,
    kind: row.kind,
    before: row.before,
    after: row.after,
    summary: changeSummary(row.before, row.after, row.minutes),
    deadline: row.deadline.toISOString(),
    status: row.status,
    connection_broken: row.connection_broken,
    actions,
    detected_at: row.detected_at.toISOString(),
    answered_at: row.answered_at?.toISOString() ?? null,
  };
}

type Listed = Awaited<ReturnType<typeof listScheduleChanges>>[number];

export function presentAdminScheduleChange({ change, bookings }: Listed): AdminScheduleChange {
  const before = {
    flight: change.flight,
    origin: change.origin,
    destination: change.destination,
    departs_at: change.before_departs_at,
    arrives_at: change.before_arrives_at,
  };
  return {
    id: change.id,
    flight: change.flight,
    departure_date: change.departure_date,
    kind: change.kind,
    before,
    after:
      change.after_departs_at && change.after_arrives_at
        ? { ...before, departs_at: change.after_departs_at, arrives_at: change.after_arrives_at }
        : null,
    source: change.source,
    published_at: change.published_at.toISOString(),
    bookings: bookings.map((row) => ({
      booking_id: row.booking_id,
      pnr: row.pnr,
      company: { id: row.company_id, name: row.company_name },
      status: row.status,
      deadline: row.deadline.toISOString(),
      answered_at: row.answered_at?.toISOString() ?? null,
    })),
  };
}
