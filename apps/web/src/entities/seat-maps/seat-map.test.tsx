import type { Seat, SeatMap } from '@skydesk/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SeatMapView } from './seat-map';
import { seatWords } from './seat-words';

const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });
const exitRule = {
  code: 'exit_row' as const,
  message: 'Exit rows are not for children or passengers travelling with an infant',
  applies_to: ['child' as const, 'adult_with_infant' as const],
};

/** A small two-cabin aircraft: business 2-2 in row 1, economy 3-3 in rows 10 and 11 (an exit row). */
const map: SeatMap = {
  segment_index: 0,
  flight: 'SK101',
  departure_date: '2026-12-20',
  aircraft: { code: '320', name: 'Airbus A320' },
  cabins: [
    {
      cabin: 'Business',
      columns: [
        ['A', 'C'],
        ['D', 'F'],
      ],
      bookable: false,
      rows: [
        {
          row: null,
          seats: [
            { facility: 'galley', columns: ['A', 'C'] },
            { facility: 'lavatory', columns: ['D', 'F'] },
          ],
        },
        {
          row: 1,
          seats: ['A', 'C', 'D', 'F'].map((column) => ({
            designator: `1${column}`,
            available: false,
            characteristics: [],
          })),
        },
      ],
    },
    {
      cabin: 'Economy',
      columns: [
        ['A', 'B', 'C'],
        ['D', 'E', 'F'],
      ],
      bookable: true,
      rows: [
        {
          row: 10,
          seats: [
            { designator: '10A', available: true, characteristics: ['window'], price: usd(9) },
            { designator: '10B', available: false, characteristics: ['middle'] },
            { designator: '10C', available: true, characteristics: ['aisle'], price: usd(9) },
            { designator: '10D', available: true, characteristics: ['aisle'], price: usd(9) },
            { designator: '10E', available: true, characteristics: ['middle'], price: usd(6.5) },
            { designator: '10F', available: true, characteristics: ['window'] },
          ],
        },
        {
          row: 11,
          exit: true,
          wing: true,
          seats: ['A', 'B', 'C', 'D', 'E', 'F'].map(
            (column): Seat => ({
              designator: `11${column}`,
              available: true,
              characteristics: [
                column === 'A' || column === 'F'
                  ? 'window'
                  : column === 'C' || column === 'D'
                    ? 'aisle'
                    : 'middle',
                'extra_legroom',
                'exit_row',
              ],
              price: usd(25),
              restriction: exitRule,
            }),
          ),
        },
      ],
    },
  ],
};

const seat = (designator: string) => screen.getByRole('button', { name: new RegExp(`^${designator},`) });

describe('a seat in words', () => {
  it('says the seat, its place, what it has and its price, as the issue words it', () => {
    const aisle: Seat = {
      designator: '23C',
      available: true,
      characteristics: ['aisle', 'extra_legroom'],
      price: usd(25),
    };
    expect(seatWords(aisle)).toBe('23C, aisle, extra legroom, 25 USD');
    expect(seatWords({ ...aisle, price: usd(6.5) })).toBe('23C, aisle, extra legroom, 6.50 USD');
    expect(seatWords({ ...aisle, price: undefined })).toBe('23C, aisle, extra legroom, included in the fare');
    expect(seatWords({ ...aisle, available: false })).toBe('23C, aisle, extra legroom, not available');
  });

  it('explains a seat the passenger may not take, and only to them', () => {
    const exit: Seat = {
      designator: '11C',
      available: true,
      characteristics: ['aisle', 'exit_row'],
      price: usd(25),
      restriction: exitRule,
    };
    expect(seatWords(exit, 'child')).toBe(
      '11C, aisle, exit row, 25 USD, not for a child: Exit rows are not for children or passengers travelling with an infant',
    );
    expect(seatWords(exit, 'adult')).toBe('11C, aisle, exit row, 25 USD');
  });
});

describe('the seat map', () => {
  it('draws both cabins with their column letters, rows in the aisle, facilities and every seat', () => {
    render(<SeatMapView map={map} />);
    expect(screen.getByRole('region', { name: 'Business cabin' })).toHaveTextContent(
      'not sold with this fare',
    );
    expect(screen.getByRole('region', { name: 'Economy cabin' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Galley' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Lavatory' })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(16);
    expect(seat('10A')).toHaveAccessibleName('10A, window, 9 USD');
    expect(seat('1A')).toHaveAttribute('aria-disabled', 'true');
  });

  it('lets a passenger choose a free seat and refuses a taken one or one the rules keep them out of', () => {
    const onSelect = vi.fn();
    render(<SeatMapView map={map} party="child" onSelect={onSelect} />);
    fireEvent.click(seat('10B'));
    fireEvent.click(seat('11A'));
    expect(onSelect).not.toHaveBeenCalled();
    expect(seat('11A')).toHaveAccessibleName(/not for a child: Exit rows are not for children/);
    expect(seat('11A')).toHaveAttribute('data-state', 'refused');
    fireEvent.click(seat('10C'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ designator: '10C' }));
  });

  it('lets an adult take the exit row', () => {
    const onSelect = vi.fn();
    render(<SeatMapView map={map} party="adult" onSelect={onSelect} />);
    fireEvent.click(seat('11C'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ designator: '11C' }));
  });

  it('reaches every seat by keyboard from one tab stop: arrows across and between rows, Home and End', () => {
    render(<SeatMapView map={map} party="adult" onSelect={() => {}} />);
    const tabbable = screen.getAllByRole('button').filter((button) => button.tabIndex === 0);
    expect(tabbable.map((button) => button.dataset.seat)).toEqual(['10A']);
    seat('10A').focus();
    fireEvent.keyDown(seat('10A'), { key: 'ArrowRight' });
    expect(seat('10B')).toHaveFocus();
    fireEvent.keyDown(seat('10B'), { key: 'ArrowDown' });
    expect(seat('11B')).toHaveFocus();
    fireEvent.keyDown(seat('11B'), { key: 'End' });
    expect(seat('11F')).toHaveFocus();
    fireEvent.keyDown(seat('11F'), { key: 'ArrowUp' });
    expect(seat('10F')).toHaveFocus();
    fireEvent.keyDown(seat('10F'), { key: 'ArrowUp' });
    expect(seat('1F')).toHaveFocus();
    fireEvent.keyDown(seat('1F'), { key: 'Home' });
    expect(seat('1A')).toHaveFocus();
    // Every seat is on the way: walking right then down row by row visits them all.
    const visited = new Set<string>();
    let at = seat('1A');
    for (let step = 0; step < 40; step++) {
      visited.add(at.dataset.seat!);
      fireEvent.keyDown(at, { key: 'ArrowRight' });
      if (document.activeElement === at) {
        fireEvent.keyDown(at, { key: 'Home' });
        fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
      }
      at = document.activeElement as HTMLElement;
    }
    expect(visited.size).toBe(16);
  });

  it("says the seat pointed at under the map, and marks the party's and the chosen seats", () => {
    render(
      <SeatMapView
        map={map}
        party="adult"
        selected="10D"
        heldByParty={{ '10E': 'P2' }}
        onSelect={() => {}}
      />,
    );
    fireEvent.mouseEnter(seat('11C'));
    expect(screen.getByTestId('seat-map-pointed')).toHaveTextContent(
      '11C, aisle, extra legroom, exit row, 25 USD',
    );
    expect(seat('10D')).toHaveAttribute('aria-pressed', 'true');
    expect(seat('10E')).toHaveAccessibleName(/chosen for P2$/);
  });
});
