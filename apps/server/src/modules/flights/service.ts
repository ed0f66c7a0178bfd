import {
  AppError,
  amountToMinor,
  EMPTY_RESULT,
  type FareCalendarDay,
  type FieldErrors,
  type flightEndpoints,
  minorToAmount,
  type NoFlightsFound,
  type ParsedPriceSelectionBody,
  type ParsedQueryOf,
  type ParsedSearchBody,
  type PricedItinerary,
  SEARCH_DAYS_AHEAD,
  SEARCH_HISTORY_LIST_LIMIT,
  SEARCH_HISTORY_PAGE_SIZE,
  SERVER,
  type SearchHistoryEntry,
  type SearchHistoryPage,
  type SoldOutBrand,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../platform/http/principal.js';
import { type FlightSearchRequest, type FlightSupplier, SupplierRequestError } from '../../supplier/port.js';
import { decodeOutcome, type SearchOutcome } from '../../supplier/search-outcome.js';
import type { SearchRunner } from '../../supplier/search-runner.js';
import { loadPricer, type Pricer } from '../pricing/index.js';
import * as repo from './repo.js';
import type { SearchHistoryWriter } from './search-history-writer.js';
import { legSelling, localDate, type SellingContext, sellOutcome, withSelling } from './selling.js';

/** docs/api.md: the fare strip shows the outbound date and the 3 days either side. */
const CALENDAR_DAYS_EACH_SIDE = 3;

type SearchHistoryQueryParsed = ParsedQueryOf<typeof flightEndpoints.searchHistory>;

const dayMs = 86_400_000;
const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

const toSupplierRequest = (body: ParsedSearchBody): FlightSearchRequest => ({
  tripType: body.trip_type,
  legs: body.origin_destinations.map((leg) => ({
    origin: leg.origin_location_code,
    destination: leg.destination_location_code,
    departureDate: leg.departure_date_time,
  })),
  passengers: { adults: body.adult_quantity, children: body.child_quantity, infants: body.infant_quantity },
  cabin: body.cabin,
  maxStops: body.max_stops,
  preferredAirlines: body.preferred_airlines,
  view: body.view,
});

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** 'YYYY-MM-DD' in a zone. Building a formatter costs more than using one: one per zone, kept. */
function localDateFormat(zone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    dateFormats.set(zone, format);
  }
  return format;
}

const invalid = (fieldErrors: FieldErrors) =>
  new AppError('validation', Object.values(fieldErrors)[0]?.[0] ?? SERVER.validationFailed, { fieldErrors });

export function createFlightService(deps: {
  db: Kysely<Database>;
  supplier: FlightSupplier;
  /** Searches (through the shopping cache), on worker threads for the embedded GDS. */
  runner: SearchRunner;
  clock: Clock;
  historyWriter: SearchHistoryWriter;
}) {
  const { db, supplier, runner, clock, historyWriter } = deps;
  let zones: Promise<Map<string, string>> | undefined;
  const airportZones = () => {
    zones ??= supplier.routes().then((routes) => new Map(routes.Airports.map((a) => [a.code, a.time_zone])));
    return zones;
  };

  /**
   * The origin's own "today": a date in the past there is refused (docs/api.md), and so is one more
   * than SEARCH_DAYS_AHEAD days on, which no airline sells yet.
   */
  async function outOfSaleDateErrors(body: ParsedSearchBody): Promise<FieldErrors> {
    const known = await airportZones();
    const errors: FieldErrors = {};
    body.origin_destinations.forEach((leg, index) => {
      const zone = known.get(leg.origin_location_code);
      if (!zone) return; // the supplier names unknown airports
      const today = localDateFormat(zone).format(clock.now());
      const field = `origin_destinations.${index}.departure_date_time`;
      if (leg.departure_date_time < today) errors[field] = ['Choose a date from today on'];
      else if (leg.departure_date_time > shiftDate(today, SEARCH_DAYS_AHEAD)) {
        errors[field] = [`Choose a date at most ${SEARCH_DAYS_AHEAD} days ahead`];
      }
    });
    return errors;
  }

  /** Runs `work` on the supplier's form of the search; a request it refuses is a 422 on its field. */
  async function withSupplier<T>(
    body: ParsedSearchBody,
    work: (request: FlightSearchRequest) => Promise<T>,
    fieldPrefix = '',
  ) {
    try {
      return await work(toSupplierRequest(body));
    } catch (error) {
      if (error instanceof SupplierRequestError) {
        throw invalid({ [`${fieldPrefix}${error.field}`]: [error.message] });
      }
      throw error;
    }
  }

  /** Issue 33: the agency's markup rules and the day a booking made now would be made on. */
  async function sellingOf(
    principal: CompanyPrincipal,
  ): Promise<{ pricer: Pricer; context: SellingContext }> {
    const [pricer, zone] = await Promise.all([
      loadPricer(db, { companyId: principal.companyId }),
      repo.agencyZone(db, principal.companyId),
    ]);
    return {
      pricer,
      context: {
        bookingDate: localDate(clock.now(), zone),
        supplierOf: (id) => (supplier.pricesRemotely?.(id) ? 'duffel' : 'sandbox'),
      },
    };
  }

  /**
   * The selling price of options of a grouped answer in one brand: the sum of their legs'
   * `selling_total`, read from the answer they came from (the shopping cache's, as the agent saw
   * it). Null when that answer no longer holds them (searched again since).
   */
  async function selectionSelling(
    body: ParsedPriceSelectionBody,
    selling: { pricer: Pricer; context: SellingContext },
  ): Promise<{ sellingMinor: number; rule: { id: string; name: string } | null } | null> {
    const outcome = await runner
      .search({ ...toSupplierRequest(body.search), view: 'itineraries' }, { gzip: false })
      .catch(() => null);
    const grouped =
      outcome && outcome.count > 0
        ? decodeOutcome({ ...outcome, answer: { ...outcome.answer } }).grouped?.answer
        : undefined;
    if (!grouped || grouped.legs.length !== body.option_ids.length) return null;
    let sellingMinor = 0;
    let rule: { id: string; name: string } | null = null;
    for (const [index, id] of body.option_ids.entries()) {
      const option = grouped.legs[index]!.options.find((candidate) => candidate.id === id);
      const brand = option?.brands.find((candidate) => candidate.brand === body.brand);
      if (!option || !brand || brand.total === null) return null;
      const share = legSelling(
        selling.pricer,
        grouped,
        {
          totalMinor: amountToMinor(brand.total),
          brand: body.brand,
          carrier: option.segments[0]!.marketing,
          supplier: selling.context.supplierOf(option.id),
        },
        selling.context.bookingDate,
      );
      sellingMinor += share.sellingMinor;
      if (index === 0) rule = share.rule;
    }
    return { sellingMinor, rule };
  }

  return {
    routes: () => supplier.routes(),

    /**
     * Issue 33: the answer with the agency's selling prices beside its net, for this agency only
     * (the cached answer is shared by every agency and stays as it is).
     */
    async withSelling(
      principal: CompanyPrincipal,
      outcome: SearchOutcome,
      options: { gzip: boolean },
    ): Promise<SearchOutcome> {
      const { pricer, context } = await sellingOf(principal);
      return sellOutcome(outcome, pricer, context, options);
    },

    /** The answer, encoded (gzip too when `gzip`), and the id of its history row. */
    async search(
      principal: CompanyPrincipal,
      body: ParsedSearchBody,
      options: { gzip: boolean },
    ): Promise<{ searchId: string; outcome: SearchOutcome }> {
      const unsold = await outOfSaleDateErrors(body);
      if (Object.keys(unsold).length > 0) throw invalid(unsold);
      // The grouped answer and its offers on demand go together (FlightShopping.priceSelection).
      if (body.view === 'itineraries' && !supplier.priceSelection) {
        throw invalid({ view: ['This flight content answers the flat view only'] });
      }
      const outcome = await withSupplier(body, (request) => runner.search(request, options));
      const searchId = historyWriter.record({
        company_id: principal.companyId,
        user_id: principal.userId,
        trip_type: body.trip_type,
        origin_destinations: JSON.stringify(body.origin_destinations),
        adult_quantity: body.adult_quantity,
        child_quantity: body.child_quantity,
        infant_quantity: body.infant_quantity,
        cabin: body.cabin,
        result_count: outcome.count,
      });
      if (outcome.count === 0) {
        // Issue 29: a supplier that did not answer may sell this search; the agent is told so.
        const missing = outcome.missingSuppliers ?? [];
        const data: NoFlightsFound | undefined =
          missing.length > 0 ? { missing_suppliers: missing } : undefined;
        throw new AppError('not_found', EMPTY_RESULT.noFlights, data ? { data } : {});
      }
      return { searchId, outcome };
    },

    /**
     * POST /api/search/price (issue 16): an offer for options of a grouped answer in one brand.
     * Ids that are not this search's are a 422 on their field, too old a 410, a brand sold out on
     * these flights a 409 with the brands there are now.
     */
    async priceSelection(
      principal: CompanyPrincipal,
      body: ParsedPriceSelectionBody,
    ): Promise<PricedItinerary> {
      if (!supplier.priceSelection) {
        throw invalid({ option_ids: ['This flight content answers the flat search only'] });
      }
      const unsold = await outOfSaleDateErrors(body.search);
      if (Object.keys(unsold).length > 0) {
        throw invalid(
          Object.fromEntries(Object.entries(unsold).map(([field, errors]) => [`search.${field}`, errors])),
        );
      }
      const answer = await withSupplier(
        body.search,
        (request) => supplier.priceSelection!({ request, optionIds: body.option_ids, brand: body.brand }),
        'search.',
      );
      switch (answer.status) {
        case 'priced': {
          // Issue 33: priced as the grouped answer showed these legs (their selling_total summed).
          const selling = await sellingOf(principal);
          const priced = withSelling(answer.itinerary, selling.pricer, {
            supplier: selling.context.supplierOf(answer.itinerary.offer_id),
            bookingDate: selling.context.bookingDate,
          });
          const shown = await selectionSelling(body, selling);
          if (!shown || !priced.selling) return priced;
          return {
            ...priced,
            selling: { ...priced.selling, Amount: minorToAmount(shown.sellingMinor) },
            markup_rule: shown.rule,
          };
        }
        case 'invalid':
          throw invalid({ [answer.field]: [answer.message] });
        case 'expired':
          throw new AppError('gone', answer.message, {
            data: { expired_at: answer.expiredAt.toISOString() },
          });
        case 'soldOut': {
          const soldOut: SoldOutBrand = { alternatives: answer.alternatives };
          throw new AppError('conflict', answer.message, { data: soldOut });
        }
      }
    },

    /** The lowest total for the outbound date ±3 days; a return keeps its length of stay. */
    async fareCalendar(body: ParsedSearchBody): Promise<FareCalendarDay[]> {
      const unsold = await outOfSaleDateErrors(body);
      if (Object.keys(unsold).length > 0) throw invalid(unsold);
      const shifts = Array.from(
        { length: 2 * CALENDAR_DAYS_EACH_SIDE + 1 },
        (_, i) => i - CALENDAR_DAYS_EACH_SIDE,
      );
      // The seven days run side by side (on the search workers for the embedded GDS).
      return Promise.all(
        shifts.map(async (shift): Promise<FareCalendarDay> => {
          const shifted: ParsedSearchBody = {
            ...body,
            origin_destinations: body.origin_destinations.map((leg) => ({
              ...leg,
              departure_date_time: shiftDate(leg.departure_date_time, shift),
            })),
          };
          const date = shifted.origin_destinations[0]!.departure_date_time;
          const unsold = Object.keys(await outOfSaleDateErrors(shifted)).length > 0;
          // The lowest fare alone: a day's whole answer is hundreds of signed offers for a return.
          const lowest = unsold ? null : await withSupplier(shifted, (request) => runner.lowestFare(request));
          return { date, lowest };
        }),
      );
    },

    /**
     * The agency's searches, newest first: with `view=page` one page and how many match (issue 30),
     * else the bare list the wire contract fixes (the latest 200, or `limit`).
     */
    async history(
      principal: CompanyPrincipal,
      query: SearchHistoryQueryParsed,
    ): Promise<SearchHistoryEntry[] | SearchHistoryPage> {
      await historyWriter.flush();
      const { view, page, origin, destination, from, to } = query;
      const filters = { origin, destination, from, to };
      const limit = query.limit ?? (view === 'page' ? SEARCH_HISTORY_PAGE_SIZE : SEARCH_HISTORY_LIST_LIMIT);
      const rows = await repo.listSearchHistory(db, principal.companyId, filters, {
        offset: page * limit,
        limit,
      });
      const searches = rows.map(({ user_id, user_name, created_at, ...row }) => ({
        ...row,
        user: { id: user_id, name: user_name },
        created_at: created_at.toISOString(),
      }));
      if (view !== 'page') return searches;
      const total = await repo.countSearchHistory(db, principal.companyId, filters);
      return { searches, total, totalPages: Math.ceil(total / limit) };
    },
  };
}
