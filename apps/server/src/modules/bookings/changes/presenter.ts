import {
  type BookingChange,
  type ChangeOffer,
  type ChangeOfferLeg,
  type Money,
  minorToAmount,
} from '@skydesk/contract';
import type { StoredChangeLeg } from '../../../platform/db/schema.js';
import type { ChangeOfferRow, ChangeWithActor } from './repo.js';

/** The wire shapes of change offers and of a booking's changes (contract: changes.ts). */

const money = (minor: number | string, currency: string): Money => ({
  Amount: minorToAmount(Number(minor)),
  CurrencyCode: currency.trim(),
});

const legs = (stored: readonly StoredChangeLeg[]) => stored as unknown as ChangeOfferLeg[];

export function presentChangeOffer(row: ChangeOfferRow): ChangeOffer {
  return {
    id: row.id,
    booking_id: row.booking_id,
    kind: row.kind,
    legs: legs(row.legs),
    new_total: money(row.new_total_minor, row.currency),
    fare_difference: money(row.fare_difference_minor, row.currency),
    penalty: money(row.penalty_minor, row.currency),
    change_total: money(row.change_total_minor, row.currency),
    refund_to: row.refund_to,
    rules: row.rules,
    services: row.services.map((service) => ({
      service_id: service.service_id,
      passenger_name: service.passenger_name,
      type: service.type,
      description: service.description,
      outcome: service.outcome,
      refund_amount: money(service.refund_minor, row.currency),
    })),
    expires_at: row.expires_at.toISOString(),
  };
}

export const presentChange = (row: ChangeWithActor): BookingChange => ({
  id: row.id,
  kind: row.kind,
  created_at: row.created_at.toISOString(),
  before: legs(row.before),
  after: legs(row.after),
  fare_difference: money(row.fare_difference_minor, row.currency),
  penalty: money(row.penalty_minor, row.currency),
  change_total: money(row.change_total_minor, row.currency),
  refund_to: row.refund_to,
  tickets: row.tickets,
  actor: row.actor_user_id && row.actor_name ? { id: row.actor_user_id, name: row.actor_name } : null,
});

export const presentChanges = (rows: readonly ChangeWithActor[]): BookingChange[] => rows.map(presentChange);
