import type { Booking, ScheduleChange } from '@skydesk/contract';

/** The airline's schedule change still waiting for the agency's answer, or null. */
export const pendingScheduleChange = (booking: Pick<Booking, 'schedule_change'>): ScheduleChange | null =>
  booking.schedule_change?.status === 'pending' ? booking.schedule_change : null;

/**
 * The legs (0-based) whose flights a pending schedule change touched: its `before` flights name
 * the booking's segments by index, each segment knowing its leg.
 */
export function scheduleChangedLegs(booking: Pick<Booking, 'schedule_change' | 'segments'>): Set<number> {
  const change = pendingScheduleChange(booking);
  if (!change) return new Set();
  return new Set(
    change.before.flatMap((flight) => {
      const segment = booking.segments[flight.segment_index];
      return segment ? [segment.leg] : [];
    }),
  );
}
