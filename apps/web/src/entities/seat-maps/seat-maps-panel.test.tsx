import type { SeatMap } from '@skydesk/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../testing/fake-api';
import { signedInState } from '../../testing/fake-session';
import { renderWithProviders } from '../../testing/render-with-providers';
import { SeatMapsPanel } from './seat-maps-panel';

const BOOKING = 'b0000000-0000-4000-8000-000000000001';

const mapOf = (segment_index: number, flight: string, row = 7): SeatMap => ({
  segment_index,
  flight,
  departure_date: '2026-12-20',
  aircraft: { code: '320', name: 'Airbus A320' },
  cabins: [
    {
      cabin: 'Economy',
      columns: [
        ['A', 'B', 'C'],
        ['D', 'E', 'F'],
      ],
      bookable: true,
      rows: [
        {
          row,
          seats: ['A', 'B', 'C', 'D', 'E', 'F'].map((column) => ({
            designator: `${row}${column}`,
            available: column !== 'B',
            characteristics: [
              column === 'A' || column === 'F'
                ? 'window'
                : column === 'C' || column === 'D'
                  ? 'aisle'
                  : 'middle',
            ],
          })),
        },
      ],
    },
  ],
});

const render = (ui: React.ReactNode) => renderWithProviders(ui, { preloadedState: signedInState() });

describe('the seat maps of an offer or a booking', () => {
  it('shows one flight at a time, a tab per flight, and tells which seat was chosen', async () => {
    const requests = fakeApi({ 'GET /api/seat-maps': () => ok([mapOf(0, 'SK101'), mapOf(1, 'SK202')]) });
    const onSelect = vi.fn();
    render(<SeatMapsPanel offerId="o1.abc" party="adult" selected={{ 1: '7F' }} onSelect={onSelect} />);
    expect(await screen.findByRole('tab', { name: 'SK101' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'SK202 · 7F' })).toBeInTheDocument();
    expect(requests.sent[0]!.query.get('offer_id')).toBe('o1.abc');
    fireEvent.click(screen.getByRole('tab', { name: 'SK202 · 7F' }));
    expect(screen.getByRole('figure', { name: /SK202/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^7A,/ }));
    expect(onSelect).toHaveBeenCalledWith(1, expect.objectContaining({ designator: '7A' }));
  });

  it("gives each flight's map its own tab stop and pointed seat, not the last flight's", async () => {
    fakeApi({ 'GET /api/seat-maps': () => ok([mapOf(0, 'SK101'), mapOf(1, 'SK202', 30)]) });
    render(<SeatMapsPanel offerId="o1.abc" party="adult" onSelect={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: /^7C,/ }));
    fireEvent.click(screen.getByRole('tab', { name: 'SK202' }));
    const map = screen.getByRole('figure', { name: /SK202/ });
    // A keyboard reaches the map by one seat of its own (7C is not on this aircraft's map).
    const stops = [...map.querySelectorAll('button[data-seat]')].filter(
      (seat) => seat.getAttribute('tabindex') === '0',
    );
    expect(stops.map((seat) => seat.getAttribute('data-seat'))).toEqual(['30A']);
    expect(screen.getByTestId('seat-map-pointed')).toHaveTextContent('Point at or focus a seat to read it.');
  });

  it('says when the airline has no seat map here', async () => {
    fakeApi({ [`GET /api/booking/${BOOKING}/seat-maps`]: () => ok([]) });
    render(<SeatMapsPanel bookingId={BOOKING} />);
    expect(await screen.findByText('No seat map for these flights.')).toBeInTheDocument();
  });

  it('says why a map could not be read, and asks again', async () => {
    let calls = 0;
    fakeApi({
      [`GET /api/booking/${BOOKING}/seat-maps`]: () =>
        ++calls === 1 ? fail(404, 'Booking not found') : ok([mapOf(0, 'SK101')]),
    });
    render(<SeatMapsPanel bookingId={BOOKING} />);
    // Said where the map would be (the call's toast says it too).
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.getAllByText('Booking not found').length).toBeGreaterThan(0);
    expect(await screen.findByRole('figure', { name: /SK101/ })).toBeInTheDocument();
  });
});
