import type { Brand } from './carriers.js';
import type {
  CabinClass,
  OfferSliceSegment,
  SeatMap,
  SeatMapCabinRow,
  SeatMapCabinRowSectionElement,
} from './duffel-types.js';
import { hash32 } from './ids.js';
import { formatAmount, fromGbp } from './money.js';
import type { DuffelStore, OfferRecord, ServiceRecord } from './store.js';

/**
 * Seat maps as Duffel sends them (Seat Maps › schema): one per segment, cabins → rows → sections →
 * elements. Seats carry `available_services`, one per passenger who may buy them; a seat with none
 * is not for sale (taken, restricted, or not for this passenger). Exit rows are rows of their own
 * with one `exit_row` element per section. Duffel Airways skips row 13. Services are sold with
 * the order (Duffel sells seats when the order is made).
 */
type Layout = {
  aisles: number;
  sections: string[][];
  firstRow: number;
  lastRow: number;
  exitRowsBefore: number[];
};

const EXIT_DISCLOSURES = [
  'Do not seat children in exit row seats',
  'Do not seat passengers with special needs in exit row seats',
];
const FILL_PERCENT = 35;

function layoutFor(aircraftCode: string, cabin: CabinClass): Layout {
  const wideBody = aircraftCode === '789';
  if (cabin === 'business' || cabin === 'first') {
    return wideBody
      ? { aisles: 2, sections: [['A'], ['D', 'G'], ['K']], firstRow: 1, lastRow: 8, exitRowsBefore: [] }
      : {
          aisles: 1,
          sections: [
            ['A', 'C'],
            ['D', 'F'],
          ],
          firstRow: 1,
          lastRow: 5,
          exitRowsBefore: [],
        };
  }
  if (wideBody && cabin === 'premium_economy') {
    return {
      aisles: 2,
      sections: [
        ['A', 'C'],
        ['D', 'E', 'F'],
        ['H', 'K'],
      ],
      firstRow: 20,
      lastRow: 26,
      exitRowsBefore: [],
    };
  }
  return wideBody
    ? {
        aisles: 2,
        sections: [
          ['A', 'B', 'C'],
          ['D', 'E', 'F'],
          ['H', 'J', 'K'],
        ],
        firstRow: 28,
        lastRow: 50,
        exitRowsBefore: [40],
      }
    : {
        aisles: 1,
        sections: [
          ['A', 'B', 'C'],
          ['D', 'E', 'F'],
        ],
        firstRow: 6,
        lastRow: 31,
        exitRowsBefore: [12, 14],
      };
}

export function flightKey(
  segment: Pick<OfferSliceSegment, 'marketing_carrier' | 'marketing_carrier_flight_number' | 'departing_at'>,
): string {
  return `${segment.marketing_carrier.iata_code}${segment.marketing_carrier_flight_number} ${segment.departing_at}`;
}

type SeatKind = 'standard' | 'extra_legroom' | 'exit';

function seatPriceGbp(kind: SeatKind, brand: Brand, wideBody: boolean): number {
  if (brand.seatsCharged === 'none') return 0;
  if (kind === 'standard' && brand.seatsCharged === 'premium') return 0;
  const price = kind === 'standard' ? 1_200 : 2_500;
  return wideBody ? Math.round(price * 1.5) : price;
}

function facilityRow(sections: string[][], front: boolean): SeatMapCabinRow {
  return {
    sections: sections.map((_, i) => {
      const isFirst = i === 0;
      const isLast = i === sections.length - 1;
      const type: 'lavatory' | 'galley' | 'empty' = isFirst
        ? front
          ? 'lavatory'
          : 'galley'
        : isLast
          ? front
            ? 'galley'
            : 'lavatory'
          : 'empty';
      return { elements: [{ type }] };
    }),
  };
}

function buildSegmentMap(
  store: DuffelStore,
  record: OfferRecord,
  sliceId: string,
  segment: OfferSliceSegment,
): SeatMap {
  const cabin = segment.passengers[0]?.cabin_class ?? 'economy';
  const layout = layoutFor(segment.aircraft.iata_code, cabin);
  const wideBody = segment.aircraft.iata_code === '789';
  const key = flightKey(segment);
  const buyers = record.offer.passengers.filter((p) => p.type !== 'infant_without_seat');
  const rows: SeatMapCabinRow[] = [facilityRow(layout.sections, true)];
  const middle = layout.sections.length > 2 ? 1 : -1;

  for (let row = layout.firstRow; row <= layout.lastRow; row += 1) {
    if (row === 13) continue;
    if (layout.exitRowsBefore.includes(row)) {
      rows.push({ sections: layout.sections.map(() => ({ elements: [{ type: 'exit_row' }] })) });
    }
    const kind: SeatKind = layout.exitRowsBefore.includes(row)
      ? 'exit'
      : row === layout.firstRow
        ? 'extra_legroom'
        : 'standard';
    rows.push({
      sections: layout.sections.map((letters, sectionIndex) => ({
        elements: letters.map((letter): SeatMapCabinRowSectionElement => {
          const designator = `${row}${letter}`;
          // The last row's middle block does not recline and is blocked for sale.
          const blocked = middle >= 0 ? sectionIndex === middle : letter === 'B' || letter === 'E';
          if (row === layout.lastRow && blocked) {
            return {
              type: 'restricted_seat_general',
              designator,
              disclosures: ['This seat does not recline'],
              available_services: [],
            };
          }
          const name =
            kind === 'exit'
              ? 'Exit row seat'
              : kind === 'extra_legroom'
                ? 'Extra legroom seat'
                : 'Standard seat';
          const disclosures = kind === 'exit' ? EXIT_DISCLOSURES : [];
          const occupied = hash32(store.seed, key, designator) % 100 < FILL_PERCENT;
          const amountMinor = fromGbp(
            seatPriceGbp(kind, record.brand, wideBody),
            record.offer.total_currency,
          );
          const available_services = occupied
            ? []
            : buyers
                .filter((passenger) => kind !== 'exit' || passenger.type === 'adult')
                .map((passenger) => {
                  const service: ServiceRecord = {
                    id: store.ids.next('ase'),
                    kind: 'seat',
                    offerId: record.offer.id,
                    orderId: null,
                    passengerIds: [passenger.id],
                    segmentIds: [segment.id],
                    amountMinor,
                    currency: record.offer.total_currency,
                    maximumQuantity: 1,
                    metadata: { designator, disclosures, name },
                    seat: { flightKey: key, designator },
                  };
                  store.services.set(service.id, service);
                  return {
                    id: service.id,
                    passenger_id: passenger.id,
                    total_amount: formatAmount(amountMinor),
                    total_currency: service.currency,
                  };
                });
          return { type: 'seat', designator, name, disclosures, available_services };
        }),
      })),
    });
  }
  rows.push(facilityRow(layout.sections, false));
  return {
    id: store.ids.next('sea'),
    slice_id: sliceId,
    segment_id: segment.id,
    cabins: [
      {
        deck: 0,
        cabin_class: cabin,
        aisles: layout.aisles,
        wings: {
          first_row_index: Math.floor(rows.length * 0.35),
          last_row_index: Math.floor(rows.length * 0.6),
        },
        rows,
      },
    ],
  };
}

/**
 * The offer's seat maps: built once (so service ids stay the same between reads), shown with the
 * seats booked since then no longer for sale.
 */
export function seatMapsForOffer(store: DuffelStore, record: OfferRecord): SeatMap[] {
  if (!record.carrier.sellsServices) return [];
  record.seatMaps ??= record.offer.slices.flatMap((slice) =>
    slice.segments.map((segment) => buildSegmentMap(store, record, slice.id, segment)),
  );
  const maps = structuredClone(record.seatMaps);
  for (const map of maps) {
    for (const cabin of map.cabins) {
      for (const row of cabin.rows) {
        for (const section of row.sections) {
          for (const element of section.elements) {
            if (element.type !== 'seat') continue;
            const first = element.available_services[0];
            const taken = first && store.takenSeats.get(store.services.get(first.id)?.seat?.flightKey ?? '');
            if (taken?.has(element.designator)) element.available_services = [];
          }
        }
      }
    }
  }
  return maps;
}
