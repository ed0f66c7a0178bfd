import type { BookingStatus, FareInfo, TicketStatus, TripType } from '@skydesk/contract';
import { equipmentName } from '@skydesk/contract';
import type { Tone } from '../../../platform/pdf/sheet.js';

/**
 * The e-ticket's own wording. The contract's label maps (cabin, trip, passenger type) are used as
 * they are, where they are printed.
 */

export const BOOKING_STATUS: Record<BookingStatus, { label: string; tone: Tone }> = {
  booked: { label: 'On hold – not ticketed', tone: 'warn' },
  ticketed: { label: 'Ticketed', tone: 'good' },
  cancelled: { label: 'Cancelled', tone: 'bad' },
  voided: { label: 'Voided', tone: 'bad' },
  refund_requested: { label: 'Refund requested', tone: 'warn' },
  refunded: { label: 'Refunded', tone: 'bad' },
  partially_refunded: { label: 'Partially refunded', tone: 'warn' },
  refund_rejected: { label: 'Ticketed (refund rejected)', tone: 'good' },
  expired: { label: 'Expired', tone: 'bad' },
};

export const TICKET_STATUS: Record<TicketStatus, { label: string; tone: Tone }> = {
  issued: { label: 'Issued', tone: 'good' },
  voided: { label: 'Voided', tone: 'bad' },
  refund_requested: { label: 'Refund requested', tone: 'warn' },
  refunded: { label: 'Refunded', tone: 'bad' },
  refund_rejected: { label: 'Issued (refund rejected)', tone: 'good' },
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
