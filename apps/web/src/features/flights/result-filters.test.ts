import { describe, expect, it } from 'vitest';
import { arrivalDayOffset, fewestSeats, layoversOf, legsOf } from '../../entities/itinerary/itinerary';
import { allLhrJfk, lhrJfk } from '../../testing/itineraries';
import { airlineCounts, applyFilters, noFilters, sortSummaries, summarise } from './result-filters';

const summaries = allLhrJfk.map(summarise);
const carriers = (list: ReturnType<typeof summarise>[]) => list.map((s) => s.carrier);

describe('result filters', () => {
  it('keeps every result with no filter set', () => {
    expect(applyFilters(summaries, noFilters)).toHaveLength(4);
  });

  it('filters by stops: nonstop, 1 stop, 2 or more', () => {
    expect(carriers(applyFilters(summaries, { ...noFilters, stops: [0] }))).toEqual(['BA', 'VS']);
    expect(carriers(applyFilters(summaries, { ...noFilters, stops: [1] }))).toEqual(['EI']);
    expect(carriers(applyFilters(summaries, { ...noFilters, stops: [2] }))).toEqual(['AA']);
    expect(carriers(applyFilters(summaries, { ...noFilters, stops: [1, 2] }))).toEqual(['EI', 'AA']);
  });

  it('filters by airline, refundable fares and the highest price', () => {
    expect(carriers(applyFilters(summaries, { ...noFilters, airlines: ['VS', 'EI'] }))).toEqual(['VS', 'EI']);
    expect(carriers(applyFilters(summaries, { ...noFilters, refundableOnly: true }))).toEqual(['VS']);
    expect(carriers(applyFilters(summaries, { ...noFilters, maxPrice: 460 }))).toEqual(['EI', 'AA']);
  });

  it('filters by local departure and arrival windows', () => {
    expect(carriers(applyFilters(summaries, { ...noFilters, departure: ['evening'] }))).toEqual(['VS', 'AA']);
    expect(carriers(applyFilters(summaries, { ...noFilters, departure: ['morning'] }))).toEqual(['BA', 'EI']);
    expect(carriers(applyFilters(summaries, { ...noFilters, arrival: ['morning'] }))).toEqual(['AA']);
  });

  it('counts itineraries per airline', () => {
    expect(airlineCounts(summaries).map((a) => [a.code, a.count])).toEqual([
      ['EI', 1],
      ['AA', 1],
      ['BA', 1],
      ['VS', 1],
    ]);
  });
});

describe('result sorts', () => {
  it('sorts cheapest, fastest and earliest departure first', () => {
    expect(carriers(sortSummaries(summaries, 'cheapest'))).toEqual(['EI', 'AA', 'BA', 'VS']);
    expect(carriers(sortSummaries(summaries, 'fastest'))).toEqual(['BA', 'VS', 'EI', 'AA']);
    expect(carriers(sortSummaries(summaries, 'earliest'))).toEqual(['EI', 'BA', 'VS', 'AA']);
  });

  it('weighs price and duration for "best"', () => {
    // EI: cheapest, a little slower; BA: fast and mid-priced; AA: cheap but 17 h; VS: dearest.
    expect(carriers(sortSummaries(summaries, 'best'))).toEqual(['EI', 'BA', 'AA', 'VS']);
  });

  it('does not change the list it sorts', () => {
    const before = carriers(summaries);
    sortSummaries(summaries, 'cheapest');
    expect(carriers(summaries)).toEqual(before);
  });
});

describe('itinerary facts', () => {
  it('marks a next-day arrival from the local dates and measures layovers from the exact instants', () => {
    const [leg] = legsOf(lhrJfk.aaOvernight);
    expect(leg && arrivalDayOffset(leg)).toBe(1);
    expect(leg && layoversOf(leg).map((l) => [l.airport, l.minutes])).toEqual([
      ['ORD', 150],
      ['CLT', 150],
    ]);
  });

  it('finds the fewest seats left across segments', () => {
    expect(fewestSeats(lhrJfk.vsEvening)).toBe(4);
  });
});
