import type { Booking } from '@skydesk/contract';
import { formatDay } from '../../shared/format/date-time';

/**
 * A booking in a few words, to recognise it among the recent ones: "DXB → LHR", "DXB ⇄ LHR" for
 * a return, and the first departure's day.
 */
export function bookingSummary(booking: Booking): { route: string; departure: string | null } {
  const outbound = booking.segments.filter((segment) => segment.leg === 0);
  const from = outbound[0]?.DepartureAirport.LocationCode;
  const to = outbound.at(-1)?.ArrivalAirport.LocationCode;
  const arrow = booking.trip_type === 'Return' ? '⇄' : '→';
  const first = booking.segments[0]?.DepartureDateTime;
  return { route: from && to ? `${from} ${arrow} ${to}` : '', departure: first ? formatDay(first) : null };
}
