import {
  FARE_BRANDS,
  type FareBrand,
  type FareFamily,
  type FareInfo,
  type GroupedSearchResult,
  type LegOption,
  type PricedItinerary,
} from '@skydesk/contract';
import { formatMoney } from '../../shared/format/money';
import { minutesOfDay, type ResultFacts } from './result-filters';

/**
 * Issue 16: reading a grouped answer (`view: "itineraries"`) as the agent walks it — an option
 * per leg, then a brand for the whole trip. Pure functions: the screens render what these say.
 */

/** One option of the leg being chosen, priced as the whole trip it would make. */
export type LegChoice = {
  option: LegOption;
  /** The cheapest whole-trip total flying this option after the options already chosen. */
  total: number;
  /**
   * Issue 33: that trip at the client's selling price — known on the first leg (the option's
   * cheapest_selling_total); null after it, where the answer's combinations carry net totals only.
   */
  selling: number | null;
  /**
   * What it adds to the cheapest trip of the option chosen before it ("+US$45"); null on the
   * first leg, where every option shows its own cheapest total.
   */
  difference: number | null;
};

const cents = (amount: number) => Math.round(amount * 100);

/**
 * The options the agent may pick for `legIndex` after `picks`: on the first leg every option with
 * its cheapest whole-trip total; on a later leg only those the server combines with the option
 * picked before it, each with that pair's total and its difference against the pair cheapest.
 * Empty when the earlier pick is not (or no longer) in the answer.
 */
export function legChoices(result: GroupedSearchResult, legIndex: number, picks: string[]): LegChoice[] {
  const leg = result.legs[legIndex];
  if (!leg) return [];
  if (legIndex === 0)
    return leg.options.map((option) => ({
      option,
      total: option.cheapest_total,
      selling: option.cheapest_selling_total ?? null,
      difference: null,
    }));
  const previous = picks[legIndex - 1];
  const pairs = (previous && result.combinations[legIndex - 1]?.[previous]) || [];
  const byId = new Map(leg.options.map((option) => [option.id, option]));
  const cheapest = Math.min(...pairs.map(([, total]) => total));
  const choices: LegChoice[] = [];
  for (const [id, total] of pairs) {
    const option = byId.get(id);
    // Money in whole cents: 612.1 - 567.05 is not 45.05 in floating point.
    if (option)
      choices.push({ option, total, selling: null, difference: (cents(total) - cents(cheapest)) / 100 });
  }
  return choices;
}

/** "+US$45.00", "same price", "−US$12.50" (a later leg's option against the cheapest). */
export function differenceLabel(difference: number, currency: string): string {
  if (cents(difference) === 0) return 'same price';
  const amount = formatMoney({ Amount: Math.abs(difference), CurrencyCode: currency });
  return `${difference > 0 ? '+' : '−'}${amount}`;
}

/**
 * The flights an option id names: its part before the first '.' (the contract's LegOption.id:
 * designators, then the instant priced at and a signature). A search run again (a stale answer,
 * a link opened later) names the same flights under new ids; the agent's picks still find them.
 */
const flightsOf = (optionId: string): string => optionId.split('.')[0] ?? optionId;

/**
 * The chosen options, leg by leg, while every pick is an option the answer combines with the one
 * before it — the same id, or failing that the same flights. A URL's picks that no longer fit (a
 * new answer without those flights, a hand-edited link) end the list.
 */
export function chosenOptions(result: GroupedSearchResult, picks: string[]): LegOption[] {
  const chosen: LegOption[] = [];
  for (const [index, pick] of picks.entries()) {
    if (index >= result.legs.length) break;
    const choices = legChoices(
      result,
      index,
      chosen.map((option) => option.id),
    );
    const fits =
      choices.find((choice) => choice.option.id === pick) ??
      choices.find((choice) => flightsOf(choice.option.id) === flightsOf(pick));
    if (!fits) break;
    chosen.push(fits.option);
  }
  return chosen;
}

/** A brand of the whole chosen trip: what the comparison table shows in one column. */
export type TripBrand = {
  brand: FareBrand;
  soldOut: boolean;
  /** The whole party's fares and taxes over every leg; null when sold out. */
  total: number | null;
  /**
   * Issue 33: the same at the client's selling price under the agency's rules; null when sold out
   * or when the server sent none (an older answer: the net is the only price).
   */
  selling: number | null;
  /** The fewest checked bags any leg allows. */
  baggage: { pieces: number; weightKg: number };
  refundable: boolean;
  /** Per adult ticket, every leg's together (as the server prices a trip). */
  cancelPenalty: number;
  changePenalty: number;
  /** The fewest seats left in the brand over the legs. */
  seatsRemaining: number;
  /** Issue 29: the airline takes no hold on it: it is booked and paid at once when issued. */
  instant: boolean;
  /** Issue 29: the airline's own name for the brand ("Light" sold as Basic); null when the same. */
  label: string | null;
};

/** The trip's brands, cheapest first: only brands every chosen option sells. */
export function tripBrands(options: LegOption[]): TripBrand[] {
  if (options.length === 0) return [];
  const brands: TripBrand[] = [];
  for (const brand of FARE_BRANDS) {
    const legs = options.map((option) => option.brands.find((entry) => entry.brand === brand));
    if (legs.some((leg) => leg === undefined)) continue;
    const present = legs as NonNullable<(typeof legs)[number]>[];
    const soldOut = present.some((leg) => leg.sold_out || leg.total === null);
    const fewestBags = present.reduce((fewest, leg) =>
      leg.baggage.pieces < fewest.baggage.pieces ? leg : fewest,
    );
    brands.push({
      brand,
      soldOut,
      total: soldOut ? null : present.reduce((sum, leg) => sum + cents(leg.total ?? 0), 0) / 100,
      selling:
        soldOut || present.some((leg) => leg.selling_total == null)
          ? null
          : present.reduce((sum, leg) => sum + cents(leg.selling_total ?? 0), 0) / 100,
      baggage: { pieces: fewestBags.baggage.pieces, weightKg: fewestBags.baggage.weight_kg },
      refundable: present.every((leg) => leg.refundable),
      cancelPenalty: present.reduce((sum, leg) => sum + cents(leg.cancel_penalty), 0) / 100,
      changePenalty: present.reduce((sum, leg) => sum + cents(leg.change_penalty), 0) / 100,
      seatsRemaining: soldOut ? 0 : Math.min(...present.map((leg) => leg.seats_remaining)),
      instant: present.some((leg) => leg.ticketing === 'instant'),
      label: present.find((leg) => leg.label && leg.label !== brand)?.label ?? null,
    });
  }
  return brands;
}

/** The brand the comparison starts on: the one asked for if it can be sold, else the cheapest open. */
export function initialBrand(brands: TripBrand[], asked: FareBrand | null): FareBrand | null {
  const open = brands.filter((brand) => !brand.soldOut);
  return (open.find((brand) => brand.brand === asked) ?? open[0])?.brand ?? null;
}

/** A flat itinerary's brands (its own and its FareFamilies) in the comparison's terms, cheapest first. */
export function itineraryBrands(itinerary: PricedItinerary): (TripBrand & { family: FareFamily | null })[] {
  const own = itinerary.AirItineraryPricingInfo;
  const ownBrand = own.FareInfos[0]?.BrandName ?? 'Standard';
  const families: FareFamily[] = [
    {
      BrandName: ownBrand,
      SoldOut: false,
      offer_id: itinerary.offer_id,
      SeatsRemaining: Math.min(
        ...itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.flatMap((leg) =>
          leg.FlightSegment.map((segment) => segment.SeatsRemaining),
        ),
      ),
      AirItineraryPricingInfo: own,
      ...(itinerary.selling
        ? { net: itinerary.net ?? own.ItinTotalFare.TotalFare, selling: itinerary.selling }
        : {}),
      ...(itinerary.ticketing ? { ticketing: itinerary.ticketing } : {}),
    },
    ...itinerary.FareFamilies.filter((family) => family.BrandName !== ownBrand),
  ];
  return families
    .map((family) => ({ family, row: familyBrand(family) }))
    .sort((a, b) => FARE_BRANDS.indexOf(a.row.brand) - FARE_BRANDS.indexOf(b.row.brand))
    .map(({ family, row }) => ({ ...row, family: family.SoldOut ? null : family }));
}

/** One fare family (a flat answer's, or a 409's alternative) as a comparison column. */
export function familyBrand(family: FareFamily): TripBrand {
  const pricing = family.AirItineraryPricingInfo;
  const soldOut = family.SoldOut || pricing === null || family.offer_id === null;
  const fewestBags = pricing?.FareInfos.reduce<FareInfo | undefined>(
    (fewest, info) => (!fewest || info.Baggage.Pieces < fewest.Baggage.Pieces ? info : fewest),
    undefined,
  );
  return {
    brand: family.BrandName,
    soldOut,
    total: soldOut ? null : (pricing?.ItinTotalFare.TotalFare.Amount ?? null),
    selling: soldOut ? null : (family.selling?.Amount ?? null),
    baggage: { pieces: fewestBags?.Baggage.Pieces ?? 0, weightKg: fewestBags?.Baggage.WeightKg ?? 0 },
    refundable: pricing?.Refundable ?? false,
    cancelPenalty: pricing?.Penalties.Cancel.Amount ?? 0,
    changePenalty: pricing?.Penalties.Change.Amount ?? 0,
    seatsRemaining: soldOut ? 0 : family.SeatsRemaining,
    instant: family.ticketing === 'instant',
    label: brandLabel(pricing?.FareInfos ?? [], family.BrandName),
  };
}

/** Issue 29: the airline's own name for a brand, when its fares carry one other than the brand's. */
export function brandLabel(fares: readonly FareInfo[], brand: FareBrand): string | null {
  return fares.find((info) => info.BrandLabel && info.BrandLabel !== brand)?.BrandLabel ?? null;
}

/**
 * The itinerary of one of its fare families: the same flights under the family's offer and
 * pricing, so the details and the booking read the brand the agent picked.
 */
export function itineraryInFamily(itinerary: PricedItinerary, family: FareFamily): PricedItinerary {
  if (!family.offer_id || !family.AirItineraryPricingInfo) return itinerary;
  const fares = family.AirItineraryPricingInfo.FareInfos;
  let reference = 0;
  // Issue 29: a brand is held or issued at once on its own terms, not the cheapest brand's.
  const { ticketing: _cheapest, ...flights } = itinerary;
  return {
    ...flights,
    ...(family.ticketing ? { ticketing: family.ticketing } : {}),
    offer_id: family.offer_id,
    AirItineraryPricingInfo: family.AirItineraryPricingInfo,
    // Issue 33: the brand's own two prices (the cheapest brand's would mislead the booking).
    ...(family.selling
      ? { selling: family.selling, net: family.net ?? family.AirItineraryPricingInfo.ItinTotalFare.TotalFare }
      : {}),
    AirItinerary: {
      ...itinerary.AirItinerary,
      OriginDestinationOptions: {
        OriginDestinationOption: itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.map(
          (leg) => ({
            ...leg,
            FlightSegment: leg.FlightSegment.map((segment) => {
              reference += 1;
              const fare = fares.find((info) => info.SegmentRef === reference);
              // A fare basis starts with its booking class (as filed): the brand's class, not the
              // cheapest brand's the flat itinerary carries.
              return fare ? { ...segment, ResBookDesigCode: fare.FareBasisCode.charAt(0) } : segment;
            }),
          }),
        ),
      },
    },
  };
}

/** A leg's option as the filters and sorts read it (the same filters as the flat results). */
export type ChoiceSummary = ResultFacts & { choice: LegChoice };

export function summariseChoice(choice: LegChoice, result: GroupedSearchResult): ChoiceSummary {
  const { option } = choice;
  const first = option.segments[0];
  const last = option.segments[option.segments.length - 1];
  const carrier = first?.marketing ?? '';
  return {
    choice,
    key: option.id,
    total: choice.selling ?? choice.total,
    currency: result.currency,
    duration: option.elapsed_time,
    stops: option.segments.length - 1 + option.segments.reduce((sum, segment) => sum + segment.stops, 0),
    carrier,
    carrierName: result.reference.airlines[carrier]?.name ?? carrier,
    departMinutes: minutesOfDay(first?.departure.at ?? ''),
    arriveMinutes: minutesOfDay(last?.arrival.at ?? ''),
    departAt: first?.departure.at ?? '',
    refundable: option.brands.some((brand) => brand.refundable && !brand.sold_out),
  };
}
