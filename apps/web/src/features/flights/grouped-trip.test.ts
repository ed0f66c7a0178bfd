import { describe, expect, it } from 'vitest';
import { groupedLhrJfkReturn, lhrJfk, makeItinerary } from '../../testing/itineraries';
import {
  chosenOptions,
  differenceLabel,
  familyBrand,
  initialBrand,
  itineraryBrands,
  itineraryInFamily,
  legChoices,
  tripBrands,
} from './grouped-trip';

const result = groupedLhrJfkReturn();
const pricesOf = (choices: ReturnType<typeof legChoices>) =>
  Object.fromEntries(choices.map((c) => [c.option.id, [c.total, c.difference]]));

describe('a grouped answer walked leg by leg', () => {
  it('shows each outbound with the cheapest whole trip it makes', () => {
    expect(pricesOf(legChoices(result, 0, []))).toEqual({
      // BA out (Basic 300) with Aer Lingus back (Basic 240).
      'out-ba117': [540, null],
      'out-vs25': [580, null],
      'out-ei151': [490, null],
    });
  });

  it('prices each inbound as its difference against the chosen outbound’s cheapest trip, in cents', () => {
    // 300 + 267.05 = 567.05 against 540: +27.05 (not 27.049999… of floating point).
    expect(pricesOf(legChoices(result, 1, ['out-ba117']))).toEqual({
      'in-ba112': [567.05, 27.05],
      'in-vs4': [612.05, 72.05],
      'in-ei104': [540, 0],
    });
    expect(differenceLabel(27.05, 'USD')).toBe('+US$27.05');
    expect(differenceLabel(0, 'USD')).toBe('same price');
    expect(differenceLabel(0.001, 'USD')).toBe('same price');
    expect(differenceLabel(-12.5, 'USD')).toBe('−US$12.50');
  });

  it('offers only the inbounds the server combines with the chosen outbound', () => {
    expect(legChoices(result, 1, ['out-ei151']).map((c) => c.option.id)).toEqual(['in-ba112', 'in-ei104']);
    expect(legChoices(result, 1, ['no-such-option'])).toEqual([]);
    expect(legChoices(result, 1, [])).toEqual([]);
  });

  it('keeps the chosen options while each fits the one before it', () => {
    expect(chosenOptions(result, ['out-ba117', 'in-vs4']).map((o) => o.id)).toEqual(['out-ba117', 'in-vs4']);
    // Aer Lingus out does not combine with Virgin back: the pick ends there.
    expect(chosenOptions(result, ['out-ei151', 'in-vs4']).map((o) => o.id)).toEqual(['out-ei151']);
    expect(chosenOptions(result, ['gone', 'in-ba112'])).toEqual([]);
    expect(chosenOptions(result, ['out-ba117', 'in-ba112', 'extra']).map((o) => o.id)).toHaveLength(2);
  });

  it('finds the same flights again under a new search’s ids', () => {
    const again = groupedLhrJfkReturn();
    const renamed = (id: string) => `${id}.t4k9zk.newsig`;
    for (const leg of again.legs) for (const option of leg.options) option.id = renamed(option.id);
    again.combinations = again.combinations.map((pairs) =>
      Object.fromEntries(
        Object.entries(pairs).map(([id, next]) => [
          renamed(id),
          next.map(([n, t]) => [renamed(n), t] as [string, number]),
        ]),
      ),
    );
    expect(chosenOptions(again, ['out-ba117.old.sig', 'in-vs4.old.sig']).map((o) => o.id)).toEqual([
      'out-ba117.t4k9zk.newsig',
      'in-vs4.t4k9zk.newsig',
    ]);
    expect(chosenOptions(again, ['out-ba117.old.sig', 'in-gone.old.sig'])).toHaveLength(1);
  });

  it('prices the trip’s brands over both legs: totals and fees summed, bags and seats the fewest', () => {
    const brands = tripBrands(chosenOptions(result, ['out-ba117', 'in-ba112']));
    expect(brands.map((b) => [b.brand, b.total, b.soldOut])).toEqual([
      ['Basic', 567.05, false],
      ['Standard', 692.5, false],
      ['Flex', 1000, false],
    ]);
    const flex = brands[2];
    expect(flex).toMatchObject({
      refundable: true,
      cancelPenalty: 0,
      changePenalty: 0,
      seatsRemaining: 4,
      baggage: { pieces: 2, weightKg: 23 },
    });
    expect(brands[0]).toMatchObject({ refundable: false, cancelPenalty: 600, changePenalty: 180 });
  });

  it('shows a brand sold out on one leg as sold out for the trip, and starts on the cheapest open one', () => {
    const brands = tripBrands(chosenOptions(result, ['out-ba117', 'in-vs4']));
    expect(brands.find((b) => b.brand === 'Standard')).toMatchObject({
      soldOut: true,
      total: null,
      seatsRemaining: 0,
    });
    expect(initialBrand(brands, 'Standard')).toBe('Basic');
    expect(initialBrand(brands, 'Flex')).toBe('Flex');
    expect(initialBrand(brands, null)).toBe('Basic');
  });
});

describe('a flat itinerary’s fare families', () => {
  const flex = makeItinerary({
    sequence: 9,
    carrier: 'BA',
    base: 700,
    taxes: 190.5,
    brand: 'Flex',
    refundable: true,
    bags: 2,
    legs: [],
  });
  const itinerary = {
    ...lhrJfk.baMorning,
    FareFamilies: [
      {
        BrandName: 'Flex' as const,
        SoldOut: false,
        offer_id: 'offer-flex',
        SeatsRemaining: 3,
        AirItineraryPricingInfo: flex.AirItineraryPricingInfo,
      },
      {
        BrandName: 'Basic' as const,
        SoldOut: true,
        offer_id: null,
        SeatsRemaining: 0,
        AirItineraryPricingInfo: null,
      },
    ],
  };

  it('lists its own brand and the others cheapest first, a sold-out one without an offer', () => {
    const brands = itineraryBrands(itinerary);
    expect(brands.map((b) => [b.brand, b.total, b.soldOut, b.family?.offer_id ?? null])).toEqual([
      ['Basic', null, true, null],
      ['Standard', 610.5, false, 'offer-1'],
      ['Flex', 890.5, false, 'offer-flex'],
    ]);
  });

  it('books a family as the same flights under its own offer and pricing', () => {
    const family = itinerary.FareFamilies[0];
    if (!family) throw new Error('fixture');
    const chosen = itineraryInFamily(itinerary, family);
    expect(chosen.offer_id).toBe('offer-flex');
    expect(chosen.AirItineraryPricingInfo.Refundable).toBe(true);
    expect(chosen.AirItinerary.OriginDestinationOptions).toEqual(
      itinerary.AirItinerary.OriginDestinationOptions,
    );
    expect(familyBrand(family)).toMatchObject({
      brand: 'Flex',
      refundable: true,
      cancelPenalty: 150,
      seatsRemaining: 3,
    });
  });
});

describe('a remote supplier’s brands (issue 29)', () => {
  it('marks a trip brand issued at once when any leg cannot be held, with the airline’s name for it', () => {
    const options = chosenOptions(result, ['out-ba117', 'in-ba112']).map((option, index) => ({
      ...option,
      brands: option.brands.map((brand) =>
        brand.brand === 'Basic'
          ? { ...brand, label: 'Light', ...(index === 1 ? { ticketing: 'instant' as const } : {}) }
          : brand,
      ),
    }));
    const brands = tripBrands(options);
    expect(brands.find((b) => b.brand === 'Basic')).toMatchObject({ instant: true, label: 'Light' });
    expect(brands.find((b) => b.brand === 'Flex')).toMatchObject({ instant: false, label: null });
  });

  it('books a family on its own ticketing, not the cheapest brand’s', () => {
    const family = {
      BrandName: 'Flex' as const,
      SoldOut: false,
      offer_id: 'offer-flex',
      SeatsRemaining: 3,
      AirItineraryPricingInfo: lhrJfk.vsEvening.AirItineraryPricingInfo,
    };
    const instantCheapest = { ...lhrJfk.baMorning, ticketing: 'instant' as const, FareFamilies: [family] };
    expect(itineraryInFamily(instantCheapest, family).ticketing).toBeUndefined();
    expect(itineraryInFamily(lhrJfk.baMorning, { ...family, ticketing: 'instant' }).ticketing).toBe(
      'instant',
    );
    expect(itineraryBrands(instantCheapest).find((b) => b.brand === 'Standard')?.instant).toBe(true);
    expect(familyBrand({ ...family, ticketing: 'instant' }).instant).toBe(true);
  });
});
