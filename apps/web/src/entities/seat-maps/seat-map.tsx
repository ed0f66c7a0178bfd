import {
  CABIN_LABELS,
  type CabinFacility,
  isSeat,
  type Seat,
  type SeatMap,
  type SeatMapCabin,
  type SeatMapRow,
  type SeatParty,
} from '@skydesk/contract';
import { clsx } from 'clsx';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { FACILITY_WORDS, PARTY_WORDS, restrictionFor, seatWords } from './seat-words';

/**
 * A flight's seat map as an airline draws it (issue 31): the fuselage from the nose, each cabin with
 * its column letters, rows numbered in the aisles, exits and wings at the sides, lavatories and
 * galleys where they stand. Every seat is a button reachable by keyboard (arrow keys move, Home and
 * End to a row's ends); its label says it in words ("23C, aisle, extra legroom, 25 USD"), and the
 * line under the map says the same for the seat pointed at or focused. A seat the passenger may
 * not take is shown, with why, never hidden. The map scrolls inside its frame on a phone.
 */

export type SeatMapViewProps = {
  map: SeatMap;
  /** Who is choosing: the rules that keep them out apply (the others' are only said). */
  party?: SeatParty;
  /** The seat chosen for the passenger choosing now. */
  selected?: string;
  /** Seats other passengers of the party chose on this flight: designator → a short mark ("P2"). */
  heldByParty?: Readonly<Record<string, string>>;
  /** Without it, the map is for looking at only. */
  onSelect?: (seat: Seat) => void;
};

type SeatState = 'included' | 'paid' | 'legroom' | 'taken' | 'refused' | 'selected' | 'party';

const STATE_CLASSES: Record<SeatState, string> = {
  included: 'border-sky-400 bg-white text-sky-800 hover:bg-sky-50',
  paid: 'border-sky-500 bg-sky-100 text-sky-900 hover:bg-sky-200',
  legroom: 'border-emerald-500 bg-emerald-100 text-emerald-900 hover:bg-emerald-200',
  taken: 'border-slate-200 bg-slate-200 text-slate-400',
  refused:
    'border-amber-400 bg-amber-50 text-amber-700 bg-[repeating-linear-gradient(135deg,transparent_0_4px,rgb(251_191_36/0.35)_4px_6px)]',
  selected: 'border-sky-800 bg-sky-600 text-white',
  party: 'border-indigo-400 bg-indigo-100 text-indigo-800',
};

function stateOf(seat: Seat, props: SeatMapViewProps): SeatState {
  if (seat.designator === props.selected) return 'selected';
  if (props.heldByParty?.[seat.designator]) return 'party';
  if (!seat.available) return 'taken';
  if (restrictionFor(seat, props.party)) return 'refused';
  if (seat.characteristics.includes('extra_legroom')) return 'legroom';
  return seat.price ? 'paid' : 'included';
}

/** Grid columns of a cabin: a side margin, each block's seats with an aisle between, a side margin. */
function cabinGrid(cabin: SeatMapCabin) {
  const columnOf = new Map<string, number>();
  const tracks: string[] = ['var(--side)'];
  const aisles: number[] = [];
  cabin.columns.forEach((block, index) => {
    if (index > 0) {
      tracks.push('var(--aisle)');
      aisles.push(tracks.length);
    }
    for (const column of block) {
      tracks.push('var(--seat)');
      columnOf.set(column, tracks.length);
    }
  });
  tracks.push('var(--side)');
  return { template: tracks.join(' '), columnOf, aisles, last: tracks.length };
}

const columnLetter = (designator: string) => designator.slice(-1);

export function SeatMapView(props: SeatMapViewProps) {
  const { map, onSelect } = props;
  const [pointed, setPointed] = useState<Seat | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  // Rows of seats front to back, for the arrow keys.
  const seatRows = useMemo(
    () =>
      map.cabins.flatMap((cabin) =>
        cabin.rows.flatMap((row) => {
          const seats = row.seats.filter(isSeat);
          return seats.length > 0 ? [{ cabin, seats }] : [];
        }),
      ),
    [map],
  );
  const firstChoice =
    props.selected ??
    seatRows.flatMap((row) => row.seats).find((seat) => seat.available && !restrictionFor(seat, props.party))
      ?.designator ??
    seatRows[0]?.seats[0]?.designator;
  const [focusKey, setFocusKey] = useState<string | undefined>(undefined);
  const tabStop = focusKey ?? firstChoice;

  const moveFocus = (designator: string | undefined) => {
    if (!designator) return;
    setFocusKey(designator);
    buttons.current.get(designator)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, seat: Seat) => {
    const rowIndex = seatRows.findIndex((row) => row.seats.includes(seat));
    const row = seatRows[rowIndex];
    if (!row) return;
    const position = row.seats.indexOf(seat);
    const nearestIn = (other: (typeof seatRows)[number] | undefined) => {
      if (!other) return undefined;
      const letter = columnLetter(seat.designator);
      const same = other.seats.find((candidate) => columnLetter(candidate.designator) === letter);
      if (same) return same.designator;
      const share = position / Math.max(1, row.seats.length - 1);
      return other.seats[Math.round(share * (other.seats.length - 1))]?.designator;
    };
    const target = {
      ArrowLeft: row.seats[position - 1]?.designator,
      ArrowRight: row.seats[position + 1]?.designator,
      ArrowUp: nearestIn(seatRows[rowIndex - 1]),
      ArrowDown: nearestIn(seatRows[rowIndex + 1]),
      Home: row.seats[0]?.designator,
      End: row.seats[row.seats.length - 1]?.designator,
    }[event.key];
    if (event.key in { ArrowLeft: 1, ArrowRight: 1, ArrowUp: 1, ArrowDown: 1, Home: 1, End: 1 }) {
      event.preventDefault();
      moveFocus(target);
    }
  };

  const choose = (seat: Seat) => {
    setFocusKey(seat.designator);
    if (!onSelect || !seat.available || restrictionFor(seat, props.party)) return;
    onSelect(seat);
  };

  return (
    <figure className="min-w-0" aria-label={`Seat map of flight ${map.flight}, ${map.aircraft.name}`}>
      <figcaption className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-semibold text-slate-900">
          {map.flight} · {map.aircraft.name}
        </span>
        {props.party && (
          <span className="text-slate-600 text-sm">Choosing for {PARTY_WORDS[props.party]}</span>
        )}
      </figcaption>
      <SeatLegend />
      <div
        className="mt-3 max-h-[70vh] overflow-auto overscroll-contain rounded-xl border border-slate-200 bg-slate-50 p-3 [--aisle:1.5rem] [--seat:1.875rem] [--side:0.75rem] sm:p-4 sm:[--aisle:2rem] sm:[--seat:2.25rem] sm:[--side:1.5rem]"
        data-testid="seat-map-frame"
      >
        {/* The fuselage: a rounded nose, the cabins inside, as wide as its widest cabin. */}
        <div className="mx-auto w-max rounded-t-[4rem] rounded-b-3xl border-2 border-slate-300 bg-white px-1 pt-10 pb-4">
          {map.cabins.map((cabin) => (
            <CabinView
              key={cabin.cabin}
              cabin={cabin}
              props={props}
              tabStop={tabStop}
              buttons={buttons.current}
              onPoint={setPointed}
              onKeyDown={onKeyDown}
              onChoose={choose}
            />
          ))}
        </div>
      </div>
      <p aria-hidden="true" className="mt-2 min-h-5 text-slate-700 text-sm" data-testid="seat-map-pointed">
        {pointed ? seatWords(pointed, props.party) : 'Point at or focus a seat to read it.'}
      </p>
    </figure>
  );
}

type CabinViewProps = {
  cabin: SeatMapCabin;
  props: SeatMapViewProps;
  tabStop: string | undefined;
  buttons: Map<string, HTMLButtonElement>;
  onPoint: (seat: Seat | null) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, seat: Seat) => void;
  onChoose: (seat: Seat) => void;
};

function CabinView({ cabin, props, tabStop, buttons, onPoint, onKeyDown, onChoose }: CabinViewProps) {
  const grid = cabinGrid(cabin);
  return (
    <section aria-label={`${CABIN_LABELS[cabin.cabin]} cabin`} className="mb-3 last:mb-0">
      <h4 className="mb-1 px-2 text-center font-semibold text-slate-700 text-xs uppercase tracking-wide">
        {CABIN_LABELS[cabin.cabin]}
        {!cabin.bookable && <span className="font-normal normal-case"> · not sold with this fare</span>}
      </h4>
      <div className="grid gap-y-1" style={{ gridTemplateColumns: grid.template, columnGap: '0.25rem' }}>
        {cabin.columns.flat().map((column) => (
          <span
            key={column}
            aria-hidden="true"
            className="text-center font-medium text-slate-500 text-xs"
            style={{ gridColumn: grid.columnOf.get(column), gridRow: 1 }}
          >
            {column}
          </span>
        ))}
        {cabin.rows.map((row, index) => (
          <RowView
            // Facility rows have no number: their place in the cabin names them.
            key={row.row ?? `facilities-${index}`}
            row={row}
            gridRow={index + 2}
            grid={grid}
            cabin={cabin}
            props={props}
            tabStop={tabStop}
            buttons={buttons}
            onPoint={onPoint}
            onKeyDown={onKeyDown}
            onChoose={onChoose}
          />
        ))}
      </div>
    </section>
  );
}

function RowView({
  row,
  gridRow,
  grid,
  props,
  tabStop,
  buttons,
  onPoint,
  onKeyDown,
  onChoose,
}: CabinViewProps & { row: SeatMapRow; gridRow: number; grid: ReturnType<typeof cabinGrid> }) {
  if (row.row === null) {
    return row.seats.map((element, index) => {
      const facility = element as CabinFacility;
      const columns = facility.columns.map((column) => grid.columnOf.get(column) ?? 2);
      return (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: a facility row's elements have no identity but their place
          key={index}
          role="img"
          aria-label={FACILITY_WORDS[facility.facility]}
          className="flex h-7 items-center justify-center rounded-md bg-slate-200 font-medium text-[10px] text-slate-600 uppercase tracking-wide"
          style={{ gridRow, gridColumnStart: Math.min(...columns), gridColumnEnd: Math.max(...columns) + 1 }}
        >
          {facility.facility === 'lavatory' ? 'WC' : FACILITY_WORDS[facility.facility]}
        </div>
      );
    });
  }
  const side = (gridColumn: number, align: 'left' | 'right') => (
    <span
      aria-hidden="true"
      className={clsx(
        'flex items-center font-bold text-[9px] text-rose-600',
        align === 'left' ? 'justify-start' : 'justify-end',
        row.wing && 'bg-slate-200',
        row.wing && (align === 'left' ? 'rounded-l-sm' : 'rounded-r-sm'),
      )}
      style={{ gridRow, gridColumn }}
    >
      {row.exit ? (align === 'left' ? '◀' : '▶') : ''}
    </span>
  );
  return (
    <>
      {side(1, 'left')}
      {side(grid.last, 'right')}
      {grid.aisles.map((aisle) => (
        <span
          key={aisle}
          aria-hidden="true"
          className={clsx(
            'flex items-center justify-center text-[11px] tabular-nums',
            row.exit ? 'font-semibold text-rose-600' : 'text-slate-500',
          )}
          style={{ gridRow, gridColumn: aisle }}
        >
          {row.row}
        </span>
      ))}
      {row.seats.filter(isSeat).map((seat) => {
        const state = stateOf(seat, props);
        const refusal = restrictionFor(seat, props.party);
        const mark = props.heldByParty?.[seat.designator];
        const words = seatWords(seat, props.party);
        return (
          <button
            key={seat.designator}
            ref={(element) => {
              if (element) buttons.set(seat.designator, element);
              else buttons.delete(seat.designator);
            }}
            type="button"
            tabIndex={seat.designator === tabStop ? 0 : -1}
            aria-label={mark ? `${words}, chosen for ${mark}` : words}
            aria-pressed={props.onSelect ? seat.designator === props.selected : undefined}
            aria-disabled={!seat.available || refusal !== undefined || undefined}
            title={words}
            data-seat={seat.designator}
            data-state={state}
            onClick={() => onChoose(seat)}
            onKeyDown={(event) => onKeyDown(event, seat)}
            onMouseEnter={() => onPoint(seat)}
            onFocus={() => onPoint(seat)}
            className={clsx(
              'relative flex aspect-square w-full items-center justify-center rounded-t-lg rounded-b-sm border-2 font-semibold text-[10px] leading-none',
              'focus-visible:outline-2 focus-visible:outline-sky-700 focus-visible:outline-offset-2',
              STATE_CLASSES[state],
              seat.available && !refusal && props.onSelect ? 'cursor-pointer' : 'cursor-default',
            )}
            style={{ gridRow, gridColumn: grid.columnOf.get(columnLetter(seat.designator)) }}
          >
            {state === 'taken'
              ? '×'
              : state === 'party'
                ? mark
                : state === 'selected'
                  ? '✓'
                  : columnLetter(seat.designator)}
          </button>
        );
      })}
    </>
  );
}

/** What the colours mean; the words on every seat say it too, the colours are never alone. */
export function SeatLegend() {
  const items: [SeatState, string][] = [
    ['included', 'Included'],
    ['paid', 'Paid seat'],
    ['legroom', 'Extra legroom'],
    ['taken', 'Taken'],
    ['refused', 'Not for this passenger'],
    ['selected', 'Your choice'],
  ];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-slate-700 text-xs" aria-label="Legend">
      {items.map(([state, label]) => (
        <li key={state} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={clsx('size-4 rounded-t-md rounded-b-sm border-2', STATE_CLASSES[state])}
          />
          {label}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="font-bold text-[10px] text-rose-600">
          ◀▶
        </span>
        Exit row
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="h-3 w-4 rounded-sm bg-slate-200" />
        Wing
      </li>
    </ul>
  );
}
