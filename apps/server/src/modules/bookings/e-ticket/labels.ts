import type { BookingStatus, FareInfo, TicketStatus, TripType } from '@skydesk/contract';
import { BOOKING_STATUS_LABELS, equipmentName, TICKET_STATUS_LABELS } from '@skydesk/contract';
import type { Tone } from '../../../platform/pdf/sheet.js';

/**
 * The e-ticket's own wording. The contract's label maps (cabin, trip, passenger type) are used as
 * they are, where they are printed.
 */

/*
 * The statuses are named as on every screen (the contract's labels), but for the two a traveller
 * could misread on paper, with no screen beside it: a booking on hold is not a ticket, and a
 * refused refund leaves the tickets valid.
 */
export const BOOKING_STATUS: Record<BookingStatus, { label: string; tone: Tone }> = {
  booked: { label: 'On hold – not ticketed', tone: 'warn' },
  ticketed: { label: BOOKING_STATUS_LABELS.ticketed, tone: 'good' },
  cancelled: { label: BOOKING_STATUS_LABELS.cancelled, tone: 'bad' },
  voided: { label: BOOKING_STATUS_LABELS.voided, tone: 'bad' },
  refund_requested: { label: BOOKING_STATUS_LABELS.refund_requested, tone: 'warn' },
  refunded: { label: BOOKING_STATUS_LABELS.refunded, tone: 'bad' },
  partially_refunded: { label: BOOKING_STATUS_LABELS.partially_refunded, tone: 'warn' },
  refund_rejected: { label: 'Ticketed (refund rejected)', tone: 'good' },
  expired: { label: BOOKING_STATUS_LABELS.expired, tone: 'bad' },
};

export const TICKET_STATUS: Record<TicketStatus, { label: string; tone: Tone }> = {
  issued: { label: TICKET_STATUS_LABELS.issued, tone: 'good' },
  voided: { label: TICKET_STATUS_LABELS.voided, tone: 'bad' },
  refund_requested: { label: TICKET_STATUS_LABELS.refund_requested, tone: 'warn' },
  refunded: { label: TICKET_STATUS_LABELS.refunded, tone: 'bad' },
  refund_rejected: { label: 'Issued (refund rejected)', tone: 'good' },
  exchanged: { label: TICKET_STATUS_LABELS.exchanged, tone: 'warn' },
};

/** Named from the contract's table, as the SPA names them, never from one supplier's fleet. */
export function equipmentLabel(code: string): string {
  const name = equipmentName(code);
  return name === code ? code : `${name} (${code})`;
}

export function baggageLabel(info: FareInfo | undefined): string {
  if (!info) return 'See fare rules';
  if (info.Baggage.Pieces === 0) return 'No checked bag';
  const pieces = `${info.Baggage.Pieces} piece${info.Baggage.Pieces > 1 ? 's' : ''}`;
  return info.Baggage.WeightKg > 0 ? `${pieces} × ${info.Baggage.WeightKg} kg` : pieces;
}

export function legTitle(tripType: TripType, leg: number, legCount: number): string {
  if (tripType === 'Return') return leg === 0 ? 'Outbound' : 'Return';
  if (tripType === 'OneWay') return 'Outbound';
  return `Flight ${leg + 1} of ${legCount}`;
}
