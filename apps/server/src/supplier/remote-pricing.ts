import type { Cabin, FareBrand, PassengerType, SupplierCode, TripType } from '@skydesk/contract';

/**
 * What the agency pays for a remote supplier's offer (issue 29, issue 33): the supplier's total
 * converted into the platform currency at the operator's rate, then priced by the platform's rules
 * (docs/booking-and-money.md, "Pricing rules": the agency's net is the supplier's price plus the
 * platform rule that matches; issue 29's per-supplier markup is now such a rule). Money in integer
 * minor units throughout; the platform currency has two decimals, as everywhere in the portal
 * (contract's minorToAmount).
 *
 * A supplier prices the whole party in one total; the portal shows and books a fare per passenger
 * type. The converted net is shared between the types by weight (adult 1, child 0.75, infant 0.1,
 * the usual airline ratios) and each type's share rounded up, so without a rule the per-passenger
 * fares times the passengers are never less than the net; the few minor units of rounding count as
 * markup. Each type's share is what the platform's rules price, per passenger.
 */

/** A trip as the platform's rules see it (modules/pricing's PricedTrip, the same shape). */
export type PlatformTrip = {
  supplier: SupplierCode;
  validatingCarrier: string;
  origin: string;
  destination: string;
  tripType: TripType;
  cabin: Cabin;
  brand: FareBrand | null;
  departureDate: string;
  bookingDate: string;
  passengers: { type: PassengerType; count: number; netMinor: number }[];
  currency: string;
};

/**
 * The platform's rules, read (modules/pricing's Pricer, handed in by the composition root: the
 * supplier layer reaches no module): each passenger type's price, per passenger.
 */
export type PlatformRules = {
  sell(trip: PlatformTrip): { perType: { type: PassengerType; sellingMinor: number }[] };
};

/** No platform rule: every price is the supplier's. */
export const NO_PLATFORM_RULES: PlatformRules = {
  sell: (trip) => ({ perType: trip.passengers.map((p) => ({ type: p.type, sellingMinor: p.netMinor })) }),
};

/** The trip an offer flies, but its passengers' prices (filled by priceRemoteOffer). */
export type RemoteTrip = Omit<PlatformTrip, 'passengers'>;

export type PartyCounts = { adults: number; children: number; infants: number };

export type RemotePrice = {
  /** What the agency pays: netMinor + markupMinor, = Σ per-type (base + taxes) × count. */
  totalMinor: number;
  netMinor: number;
  markupMinor: number;
  taxesMinor: number;
  /** One passenger of each type (zero for a type not travelling). */
  fares: Record<PassengerType, { base: number; taxes: number }>;
};

const WEIGHTS: Record<PassengerType, number> = { adult: 1, child: 0.75, infant: 0.1 };

/** Decimal places of a currency's minor unit (JPY 0, GBP 2, KWD 3), as ISO 4217 and Intl say. */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** '123.45' GBP → 12345; a malformed amount is NaN (the caller leaves the offer out). */
export function decimalToMinor(amount: string, currency: string): number {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return Number.NaN;
  const digits = minorDigits(currency);
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const minor =
    Number(whole) * 10 ** digits + Number((fraction + '0'.repeat(digits)).slice(0, digits) || '0');
  return amount.startsWith('-') ? -minor : minor;
}

/** A supplier amount in platform minor units at `rate` (platform units per supplier unit). */
export function convertToPlatformMinor(amount: string, currency: string, rate: number): number {
  const supplierMinor = decimalToMinor(amount, currency);
  // platform minor = supplier major × rate × 100
  return Math.round((supplierMinor / 10 ** minorDigits(currency)) * rate * 100);
}

export function priceRemoteOffer(input: {
  total: { amount: string; currency: string };
  tax: { amount: string; currency: string } | null;
  rate: number;
  party: PartyCounts;
  trip: RemoteTrip;
  platform: PlatformRules;
}): RemotePrice | null {
  const { party, rate } = input;
  const netMinor = convertToPlatformMinor(input.total.amount, input.total.currency, rate);
  const taxesNet = input.tax ? convertToPlatformMinor(input.tax.amount, input.tax.currency, rate) : 0;
  if (!Number.isFinite(netMinor) || netMinor <= 0 || !Number.isFinite(taxesNet)) return null;

  const counts: Record<PassengerType, number> = {
    adult: party.adults,
    child: party.children,
    infant: party.infants,
  };
  const types = (Object.keys(counts) as PassengerType[]).filter((type) => counts[type] > 0);
  const weightSum = types.reduce((sum, type) => sum + counts[type] * WEIGHTS[type], 0);
  const taxes = Math.min(Math.max(0, taxesNet), netMinor);

  const fares = {
    adult: { base: 0, taxes: 0 },
    child: { base: 0, taxes: 0 },
    infant: { base: 0, taxes: 0 },
  } satisfies RemotePrice['fares'];
  const shares = types.map((type) => ({
    type,
    count: counts[type],
    netMinor: Math.ceil(netMinor * (WEIGHTS[type] / weightSum)),
    taxMinor: Math.floor(taxes * (WEIGHTS[type] / weightSum)),
  }));
  const priced = input.platform.sell({
    ...input.trip,
    passengers: shares.map(({ type, count, netMinor: share }) => ({ type, count, netMinor: share })),
  });
  for (const share of shares) {
    const selling = priced.perType.find((entry) => entry.type === share.type)?.sellingMinor ?? share.netMinor;
    // A discount may take the fare under its taxes: the taxes stay what the supplier says.
    fares[share.type] = { base: Math.max(0, selling - share.taxMinor), taxes: share.taxMinor };
  }
  const totalMinor = types.reduce(
    (sum, type) => sum + counts[type] * (fares[type].base + fares[type].taxes),
    0,
  );
  const taxesMinor = types.reduce((sum, type) => sum + counts[type] * fares[type].taxes, 0);
  return { totalMinor, netMinor, markupMinor: totalMinor - netMinor, taxesMinor, fares };
}
