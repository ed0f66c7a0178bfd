import type { Airline, CabinClass } from './duffel-types.js';

/**
 * The airlines this server sells: Duffel Airways (ZZ, test mode's own airline, whose offers can be
 * held — Holding Orders and Paying Later) and a fictitious second carrier (Z1, a code no airline in
 * the repository's airline list holds) whose offers must be paid at once and sell no extras, so an
 * adapter meets both kinds. Penalties and bag prices are in GBP minor units; prices are shown in
 * the server's currency.
 */
export type Brand = {
  name: string;
  /** Checked bags included per passenger and segment. */
  checkedBags: number;
  priceFactor: number;
  refund: { penaltyGbp: number } | null;
  change: { penaltyGbp: number } | null;
  /** Which seats cost money: every one, only extra-legroom and front seats, or none. */
  seatsCharged: 'all' | 'premium' | 'none';
  priority: boolean;
  shelf: number;
};

export type Carrier = {
  airline: Airline;
  /** The numeric prefix of its ticket numbers (13-digit documents). */
  documentPrefix: string;
  /** Offers can be held and paid later (payment_requirements.requires_instant_payment false). */
  holdable: boolean;
  /** Sells extra bags with offers and orders, and seats (available_services, seat maps). */
  sellsServices: boolean;
  brands: Brand[];
  priceFactor: number;
  /** Daily departures per route as local hours; connections go through a hub. */
  departureHours: number[];
  connects: boolean;
  flightNumberBase: number;
};

export const DUFFEL_AIRWAYS: Carrier = {
  airline: {
    id: 'arl_00009VME7D6ivUu8dn35WK',
    name: 'Duffel Airways',
    iata_code: 'ZZ',
    logo_lockup_url: null,
    logo_symbol_url: null,
    conditions_of_carriage_url: null,
  },
  documentPrefix: '999',
  holdable: true,
  sellsServices: true,
  brands: [
    {
      name: 'Basic',
      checkedBags: 0,
      priceFactor: 1,
      refund: null,
      change: { penaltyGbp: 7_500 },
      seatsCharged: 'all',
      priority: false,
      shelf: 1,
    },
    {
      name: 'Standard',
      checkedBags: 1,
      priceFactor: 1.25,
      refund: { penaltyGbp: 10_000 },
      change: { penaltyGbp: 5_000 },
      seatsCharged: 'premium',
      priority: false,
      shelf: 2,
    },
    {
      name: 'Flex',
      checkedBags: 2,
      priceFactor: 1.7,
      refund: { penaltyGbp: 0 },
      change: { penaltyGbp: 0 },
      seatsCharged: 'none',
      priority: true,
      shelf: 3,
    },
  ],
  priceFactor: 1,
  departureHours: [7, 13],
  connects: true,
  flightNumberBase: 100,
};

export const AURORA_TEST_AIRWAYS: Carrier = {
  airline: {
    id: 'arl_00009VME7DBKeMags5CliQ',
    name: 'Aurora Test Airways',
    iata_code: 'Z1',
    logo_lockup_url: null,
    logo_symbol_url: null,
    conditions_of_carriage_url: null,
  },
  documentPrefix: '998',
  holdable: false,
  sellsServices: false,
  brands: [
    {
      name: 'Light',
      checkedBags: 0,
      priceFactor: 1,
      refund: null,
      change: null,
      seatsCharged: 'all',
      priority: false,
      shelf: 1,
    },
    {
      name: 'Classic',
      checkedBags: 1,
      priceFactor: 1.3,
      refund: { penaltyGbp: 6_000 },
      change: { penaltyGbp: 3_000 },
      seatsCharged: 'premium',
      priority: false,
      shelf: 2,
    },
  ],
  priceFactor: 0.95,
  departureHours: [16],
  connects: false,
  flightNumberBase: 700,
};

export const CARRIERS = [DUFFEL_AIRWAYS, AURORA_TEST_AIRWAYS];

export const CABIN_NAMES: Record<CabinClass, string> = {
  economy: 'Economy',
  premium_economy: 'Premium Economy',
  business: 'Business',
  first: 'First',
};

export const CABIN_PRICE_FACTOR: Record<CabinClass, number> = {
  economy: 1,
  premium_economy: 1.6,
  business: 3.2,
  first: 5,
};

/** Connections go through the first of these that is neither end of the slice. */
export const HUBS = ['AMS', 'DXB', 'FRA'];

export function carrierByCode(code: string | null): Carrier | undefined {
  return CARRIERS.find((carrier) => carrier.airline.iata_code === code);
}
