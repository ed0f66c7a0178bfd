import { type Seat, type SeatMap, type SeatParty, seatMapEndpoints } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Armchair } from 'lucide-react';
import { useState } from 'react';
import { isApiFailure } from '../../shared/http/api-error';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { SeatMapView } from './seat-map';
import { useBookingSeatMapsQuery, useOfferSeatMapsQuery } from './seat-maps-api';

/**
 * The seat maps of an offer (before booking) or a booking (after), one flight at a time behind a
 * tab per flight, with the states every screen has: loading, failed (and try again), none (the
 * airline's seats are chosen with it, not here) and the map (issue 31).
 */

export type SeatMapsSource =
  | { offerId: string; bookingId?: undefined }
  | { bookingId: string; offerId?: undefined };

export type SeatMapsPanelProps = SeatMapsSource & {
  /** Who is choosing on each flight (their rules apply); absent: the maps are only looked at. */
  party?: SeatParty;
  /** The seat chosen on each flight for the passenger choosing, by segment index. */
  selected?: Readonly<Record<number, string>>;
  /** Seats the party's other passengers chose, by segment index: designator → mark. */
  heldByParty?: Readonly<Record<number, Readonly<Record<string, string>>>>;
  onSelect?: (segmentIndex: number, seat: Seat) => void;
};

export function SeatMapsPanel(props: SeatMapsPanelProps) {
  const offer = useOfferSeatMapsQuery(
    props.offerId ? { query: { offer_id: props.offerId } } : { query: { offer_id: '' } },
    {
      skip: !props.offerId,
    },
  );
  const booking = useBookingSeatMapsQuery(
    { params: { id: props.bookingId ?? '' } },
    { skip: !props.bookingId },
  );
  const { currentData: maps, error, isFetching, refetch } = props.offerId ? offer : booking;
  if (error) {
    return (
      <LoadFailed
        title={isApiFailure(error) ? error.message : seatMapEndpoints.offerSeatMaps.fallbackMessage}
        busy={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  if (maps === undefined) return <Spinner label="Loading the seat maps" />;
  if (maps.length === 0) {
    return (
      <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-700 text-sm">
        <Armchair aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
        <p>
          <span className="font-medium text-slate-900">No seat map for these flights.</span> The airline
          assigns seats at check-in, or sells them itself.
        </p>
      </div>
    );
  }
  return <SeatMapTabs maps={maps} {...props} />;
}

function SeatMapTabs({
  maps,
  party,
  selected,
  heldByParty,
  onSelect,
}: SeatMapsPanelProps & { maps: SeatMap[] }) {
  const [shown, setShown] = useState(maps[0]!.segment_index);
  const map = maps.find((candidate) => candidate.segment_index === shown) ?? maps[0]!;
  return (
    <div className="space-y-3">
      {maps.length > 1 && (
        <div role="tablist" aria-label="Flights" className="flex flex-wrap gap-2">
          {maps.map((candidate) => (
            <button
              key={candidate.segment_index}
              type="button"
              role="tab"
              aria-selected={candidate === map}
              onClick={() => setShown(candidate.segment_index)}
              className={clsx(
                'rounded-full px-3 py-1.5 font-medium text-sm ring-1 ring-inset',
                candidate === map
                  ? 'bg-sky-600 text-white ring-sky-700'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {candidate.flight}
              {selected?.[candidate.segment_index] ? ` · ${selected[candidate.segment_index]}` : ''}
            </button>
          ))}
        </div>
      )}
      <div role={maps.length > 1 ? 'tabpanel' : undefined}>
        <SeatMapView
          // Each flight's map its own widget: its tab stop and the seat read under it are its own,
          // never a seat of the flight shown before (which this aircraft may not have).
          key={map.segment_index}
          map={map}
          {...(party ? { party } : {})}
          {...(selected?.[map.segment_index] ? { selected: selected[map.segment_index] } : {})}
          {...(heldByParty?.[map.segment_index] ? { heldByParty: heldByParty[map.segment_index] } : {})}
          {...(onSelect ? { onSelect: (seat: Seat) => onSelect(map.segment_index, seat) } : {})}
        />
      </div>
    </div>
  );
}
