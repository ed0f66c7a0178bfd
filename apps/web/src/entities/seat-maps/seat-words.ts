import type { CabinFacilityKind, Money, Seat, SeatCharacteristic, SeatParty } from '@skydesk/contract';

/**
 * A seat in words, as the seat map's hover card and screen readers say it (issue 31):
 * "23C, aisle, extra legroom, 25 USD". One place, so the card, the label and the summary agree.
 */

export const CHARACTERISTIC_WORDS: Record<SeatCharacteristic, string> = {
  window: 'window',
  aisle: 'aisle',
  middle: 'middle',
  extra_legroom: 'extra legroom',
  exit_row: 'exit row',
  front_of_cabin: 'front of cabin',
  near_lavatory: 'near lavatory',
  no_recline: 'no recline',
  bassinet: 'bassinet position',
};

export const FACILITY_WORDS: Record<CabinFacilityKind, string> = {
  lavatory: 'Lavatory',
  galley: 'Galley',
  closet: 'Closet',
};

export const PARTY_WORDS: Record<SeatParty, string> = {
  adult: 'an adult',
  adult_with_infant: 'a passenger travelling with an infant',
  child: 'a child',
};

/** "25 USD", "25.50 USD": the amount as a traveller says it, with the currency's code. */
export function priceWords(price: Money): string {
  const amount = Number.isInteger(price.Amount) ? String(price.Amount) : price.Amount.toFixed(2);
  return `${amount} ${price.CurrencyCode}`;
}

/** The rule that keeps this passenger out of a free seat, if it applies to them. */
export function restrictionFor(seat: Seat, party: SeatParty | undefined) {
  if (!seat.available || !seat.restriction) return undefined;
  if (party === undefined) return seat.restriction;
  return seat.restriction.applies_to.includes(party) ? seat.restriction : undefined;
}

/** What choosing the seat would be: free to take (with its price or included), taken, or refused. */
export function seatWords(seat: Seat, party?: SeatParty): string {
  const parts = [
    seat.designator,
    ...seat.characteristics.map((characteristic) => CHARACTERISTIC_WORDS[characteristic]),
  ];
  if (!seat.available) return [...parts, 'not available'].join(', ');
  parts.push(seat.price ? priceWords(seat.price) : 'included in the fare');
  const restriction = restrictionFor(seat, party);
  // Without a passenger in mind, the rule says whom it keeps out; for one it keeps out, it says no.
  if (restriction)
    parts.push(party ? `not for ${PARTY_WORDS[party]}: ${restriction.message}` : restriction.message);
  return parts.join(', ');
}
