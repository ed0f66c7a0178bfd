import { type Booking, EMPTY_RESULT, SERVER, SUCCESS } from '@skydesk/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { LIST_WAITING_POLL_MS } from '../../../entities/bookings/airline-waiting';
import { segmentsOfItinerary } from '../../../entities/bookings/booking-segments';
import { addDays, todayLocalDate } from '../../../shared/format/date-time';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { sampleCompany } from '../../../testing/fake-session';
import { makeItinerary } from '../../../testing/itineraries';
import {
  asListed,
  BOOKING_ID,
  credits,
  heldBooking,
  orderPage,
  sampleOrders,
  ticketedBooking,
} from '../testing/bookings';
import { bookingState, renderBookingScreen, routesAnswer } from '../testing/render';

configure({ asyncUtilTimeout: 5000 });

const LIST = `GET /api/booking/company/${sampleCompany.id}`;

/** A one-way DXB → LHR flight `days` from today, so "upcoming" holds whenever the test runs. */
function flyingIn(days: number): Pick<Booking, 'segments'> {
  const date = addDays(todayLocalDate(), days);
  const offer = makeItinerary({
    sequence: 9,
    carrier: 'EK',
    base: 500,
    taxes: 100,
    legs: [
      {
        minutes: 460,
        segments: [
          {
            from: 'DXB',
            to: 'LHR',
            departs: `${date}T08:00`,
            arrives: `${date}T12:40`,
            fromOffset: '+04:00',
            toOffset: '+00:00',
            airline: ['EK', 'Emirates'],
            flight: '1',
            minutes: 460,
          },
        ],
      },
    ],
  });
  return { segments: segmentsOfItinerary(offer) };
}

const booking = (id: string, pnr: string, overrides: Partial<Booking>): Booking => ({
  ...asListed(heldBooking()),
  id,
  pnr,
  ...overrides,
});

/** Issue 29: a booking sold by a remote supplier, at a step of its airline order (`null`: none under way). */
const remote = (state: Booking['supplier']['state']): Pick<Booking, 'supplier' | 'allowed_actions'> => ({
  supplier: { code: 'duffel', reference: 'ZZ7QPL', state, airline_change_at: null },
  allowed_actions: state === 'confirmed' ? ['issue', 'cancel'] : [],
});

describe('flight bookings', { timeout: 20_000 }, () => {
  it('marks a booking whose airline has not answered "Waiting for the airline", and asks again until it has', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let answered = false;
      const api = fakeApi({
        [LIST]: () => {
          const listed = [
            booking('77777777-7777-4777-8777-777777777777', 'REMOTE', {
              ...flyingIn(9),
              ...remote(answered ? 'confirmed' : 'confirming'),
            }),
            booking('88888888-8888-4888-8888-888888888888', 'SANDBX', flyingIn(11)),
          ];
          answered = true;
          return ok(listed);
        },
      });
      renderBookingScreen(paths.dashboard.flightBookings, bookingState());
      const badge = await screen.findByText('Waiting for the airline');
      expect(badge.closest('a')).toHaveTextContent('REMOTE');
      expect(screen.getAllByText('Waiting for the airline')).toHaveLength(1);
      // Asked again while it waits: once the airline has confirmed, the badge goes.
      await vi.advanceTimersByTimeAsync(LIST_WAITING_POLL_MS);
      await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(1));
      await waitFor(() => expect(screen.queryByText('Waiting for the airline')).toBeNull());
      expect(screen.getByText('REMOTE')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists upcoming holds (nearest deadline first, with a countdown) and ticketed trips', async () => {
    const soon = new Date(Date.now() + 2 * 3600_000).toISOString();
    const later = new Date(Date.now() + 20 * 3600_000).toISOString();
    const api = fakeApi({
      [LIST]: () =>
        ok([
          booking('11111111-1111-4111-8111-111111111111', 'HOLDLT', {
            ticketing_deadline: later,
            ...flyingIn(10),
          }),
          booking('22222222-2222-4222-8222-222222222222', 'TICKET', {
            status: 'ticketed',
            ...flyingIn(5),
          }),
          booking('33333333-3333-4333-8333-333333333333', 'HOLDSN', {
            ticketing_deadline: soon,
            ...flyingIn(12),
          }),
          // Flown already: not upcoming.
          booking('44444444-4444-4444-8444-444444444444', 'FLOWN1', { status: 'ticketed', ...flyingIn(-3) }),
        ]),
    });
    renderBookingScreen(paths.dashboard.flightBookings, bookingState());

    const held = await screen.findByRole('region', { name: /Held/ });
    const heldRows = within(held).getAllByRole('link');
    expect(heldRows.map((row) => within(row).getByText(/^HOLD/).textContent)).toEqual(['HOLDSN', 'HOLDLT']);
    expect(within(heldRows[0] as HTMLElement).getByText(/Ticket by/)).toBeInTheDocument();
    expect(heldRows[0]).toHaveAttribute(
      'href',
      `${paths.dashboard.bookingDetails}?id=33333333-3333-4333-8333-333333333333`,
    );
    const ticketed = screen.getByRole('region', { name: /Ticketed/ });
    expect(within(ticketed).getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByText('FLOWN1')).toBeNull();
    expect(api.calls(LIST)[0]?.query.get('status')).toBe('booked,ticketed');
  });

  it('says "No bookings found" when nothing is upcoming', async () => {
    fakeApi({ [LIST]: () => ok([]) });
    renderBookingScreen(paths.dashboard.flightBookings, bookingState());
    expect(await screen.findByRole('heading', { name: EMPTY_RESULT.noBookings })).toBeInTheDocument();
  });

  it('reads a single booking answered on its own as a list of one (docs/product-spec.md §5)', async () => {
    fakeApi({ [LIST]: () => ok(booking('55555555-5555-4555-8555-555555555555', 'SINGLE', flyingIn(3))) });
    renderBookingScreen(paths.dashboard.flightBookings, bookingState());
    expect(await screen.findByText('SINGLE')).toBeInTheDocument();
  });

  it('finds a booking by PNR: "PNR fetched successfully!" and its details', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({
      [LIST]: () => ok([]),
      'POST /api/booking-pnr': () => ok(asListed(heldBooking())),
      [`GET /api/booking/${BOOKING_ID}`]: () => ok(heldBooking()),
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
    });
    const { user, router } = renderBookingScreen(paths.dashboard.flightBookings, bookingState());
    const pnr = await screen.findByLabelText('Find by PNR');
    await user.type(pnr, 'k7q');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByText('A booking reference has 6 letters and digits')).toBeInTheDocument();
    expect(api.calls('POST /api/booking-pnr')).toHaveLength(0);

    await user.type(pnr, '2zd');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.bookingDetails));
    expect(api.calls('POST /api/booking-pnr')[0]?.body).toEqual({ pnr: 'K7Q2ZD' });
    expect(success).toHaveBeenCalledWith(SUCCESS.pnrFetched);
  });

  it('stays on the list when the PNR is unknown', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeApi({ [LIST]: () => ok([]), 'POST /api/booking-pnr': () => fail(404, SERVER.notFound) });
    const { user, router } = renderBookingScreen(paths.dashboard.flightBookings, bookingState());
    await user.type(await screen.findByLabelText('Find by PNR'), 'ZZZZZZ');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(SERVER.notFound));
    expect(router.state.location.pathname).toBe(paths.dashboard.flightBookings);
  });
});

describe('booking history', { timeout: 20_000 }, () => {
  const page = (count: number, offset = 0) =>
    Array.from({ length: count }, (_, i) => {
      const n = String(offset + i + 1).padStart(12, '0');
      return booking(`66666666-6666-4666-8666-${n}`, `H${String(offset + i + 1).padStart(5, '0')}`, {
        status: 'ticketed',
      });
    });

  it('sends the filters as the query string and keeps them in the address', async () => {
    const api = fakeApi({ [LIST]: (request) => ok(request.query.get('q') ? page(2) : page(20)) });
    const { user, router } = renderBookingScreen(paths.dashboard.bookingHistory, bookingState());
    await screen.findByText('H00001');
    expect(Object.fromEntries(api.calls(LIST)[0]?.query ?? [])).toEqual({ page: '0', limit: '20' });

    await user.type(screen.getByLabelText('PNR or passenger'), 'hassan');
    await user.selectOptions(screen.getByLabelText('Status'), 'Refund requested');
    await user.type(screen.getByLabelText('Booked from'), '2026-11-01');
    await user.type(screen.getByLabelText('Booked to'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(api.calls(LIST)).toHaveLength(2));
    expect(Object.fromEntries(api.calls(LIST)[1]?.query ?? [])).toEqual({
      status: 'refund_requested',
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'hassan',
      page: '0',
      limit: '20',
    });
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('refund_requested');
    await waitFor(() => expect(screen.getAllByRole('link', { name: /H0000/ })).toHaveLength(2));
    // One short page is the whole list: no paging.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(api.calls(LIST)).toHaveLength(3));
    expect(screen.getByLabelText('PNR or passenger')).toHaveValue('');
  });

  it('pages on while full pages come back', async () => {
    const api = fakeApi({
      [LIST]: (request) => ok(request.query.get('page') === '0' ? page(20) : page(3, 20)),
    });
    const { user } = renderBookingScreen(paths.dashboard.bookingHistory, bookingState());
    await screen.findByText('H00001');
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: /Next/ }));
    expect(await screen.findByText('H00021')).toBeInTheDocument();
    expect(api.calls(LIST)[1]?.query.get('page')).toBe('1');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(await screen.findByText('H00001')).toBeInTheDocument();
  });

  it('says "No bookings found" for a list with nothing in it', async () => {
    fakeApi({ [LIST]: () => ok([]) });
    renderBookingScreen(paths.dashboard.bookingHistory, bookingState());
    expect(await screen.findByRole('heading', { name: EMPTY_RESULT.noBookings })).toBeInTheDocument();
  });

  it('marks the bookings whose airline has not answered, whatever the step', async () => {
    fakeApi({
      [LIST]: () =>
        ok([
          booking('99999999-9999-4999-8999-000000000001', 'PAYING', {
            status: 'booked',
            ...remote('paying'),
          }),
          booking('99999999-9999-4999-8999-000000000002', 'CANCEL', {
            status: 'ticketed',
            ...remote('cancelling'),
          }),
          booking('99999999-9999-4999-8999-000000000003', 'TICKTD', {
            status: 'ticketed',
            ...remote('confirmed'),
          }),
        ]),
    });
    renderBookingScreen(paths.dashboard.bookingHistory, bookingState());
    await screen.findByText('TICKTD');
    const marked = screen.getAllByText('Waiting for the airline').map((badge) => badge.closest('a'));
    expect(marked).toHaveLength(2);
    expect(marked[0]).toHaveTextContent('PAYING');
    expect(marked[1]).toHaveTextContent('CANCEL');
  });

  it('opens a booking from its row', async () => {
    fakeApi({
      [LIST]: () => ok([asListed(ticketedBooking())]),
      [`GET /api/booking/${BOOKING_ID}`]: () => ok(ticketedBooking()),
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/booking-credits': () => ok(credits(0)),
    });
    const { user, router } = renderBookingScreen(paths.dashboard.bookingHistory, bookingState());
    await user.click(await screen.findByRole('link', { name: /K7Q2ZD/ }));
    expect(router.state.location.search).toBe(`?id=${BOOKING_ID}`);
    expect(await screen.findByRole('region', { name: /K7Q2ZD/ })).toBeInTheDocument();
  });
});

describe('order history', { timeout: 20_000 }, () => {
  it('lists each order with its kind, PNR, signed amount and status, and totals per kind', async () => {
    fakeApi({
      'GET /api/orders/company': () => ok(orderPage(sampleOrders)),
      'GET /api/booking-credits': () => ok(credits(9770.5)),
    });
    renderBookingScreen(paths.dashboard.orderHistory, bookingState());

    const rows = await screen.findAllByRole('row');
    // The header row, then the orders newest first.
    expect(rows).toHaveLength(4);
    const refund = within(rows[1] as HTMLElement);
    expect(refund.getByText('ORD-000003')).toBeInTheDocument();
    expect(refund.getByText('Refund')).toBeInTheDocument();
    expect(refund.getByText('+US$381.00')).toBeInTheDocument();
    expect(refund.getByRole('link', { name: 'Booking K7Q2ZD' })).toHaveAttribute(
      'href',
      `${paths.dashboard.bookingDetails}?id=${BOOKING_ID}`,
    );
    expect(within(rows[3] as HTMLElement).getByText('−US$1,221.00')).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('Completed')).toBeInTheDocument();
    // Issue 31: a ticket order names the seats and bags it paid for.
    expect(
      within(rows[3] as HTMLElement).getByText('Seat 23C BA117 · Extra bag 23 kg BA117'),
    ).toBeInTheDocument();

    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent('Tickets1−US$1,221.00');
    expect(totals).toHaveTextContent('Voids1+US$610.50');
    expect(totals).toHaveTextContent('Refunds1+US$381.00');
    expect(await within(totals).findByText('US$9,770.50')).toBeInTheDocument();
    expect(within(totals).getByText('Available now')).toBeInTheDocument();
    expect(within(totals).getByText(/Balance US\$9,770\.50 · Credit limit US\$0\.00/)).toBeInTheDocument();
    expect(within(totals).getByRole('link', { name: 'View statement' })).toHaveAttribute(
      'href',
      paths.dashboard.statement,
    );
  });

  it('shows the credits to any user, the statement link only with payments.view', async () => {
    fakeApi({
      'GET /api/orders/company': () => ok(orderPage(sampleOrders)),
      'GET /api/booking-credits': () => ok(credits(120, 500)),
    });
    renderBookingScreen(
      paths.dashboard.orderHistory,
      bookingState({ permissions: ['bookings.view', 'history.view'] }),
    );
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(await within(totals).findByText('US$620.00')).toBeInTheDocument();
    expect(within(totals).queryByRole('link', { name: 'View statement' })).toBeNull();
  });

  it('asks the server for one page with the filters chosen, and says how many there are', async () => {
    const api = fakeApi({
      'GET /api/orders/company': () => ok(orderPage(sampleOrders.slice(0, 1), { total: 41, totalPages: 3 })),
      'GET /api/booking-credits': () => ok(credits(0)),
    });
    const { user, router } = renderBookingScreen(paths.dashboard.orderHistory, bookingState());
    expect(await screen.findByText(/41 orders · page 1 of 3/)).toBeInTheDocument();
    expect(api.calls('GET /api/orders/company')[0]?.query.get('view')).toBe('page');

    await user.type(screen.getByRole('searchbox', { name: 'PNR or passenger' }), 'hassan');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'refund');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls('GET /api/orders/company')).toHaveLength(2));
    const filteredCall = api.calls('GET /api/orders/company')[1]!.query;
    expect(Object.fromEntries(filteredCall)).toMatchObject({
      view: 'page',
      page: '0',
      q: 'hassan',
      kind: 'refund',
      status: 'pending',
    });
    expect(router.state.location.search).toBe('?status=pending&kind=refund&q=hassan');

    await user.click(await screen.findByRole('button', { name: /Next/ }));
    await waitFor(() => expect(api.calls('GET /api/orders/company')).toHaveLength(3));
    expect(api.calls('GET /api/orders/company')[2]!.query.get('page')).toBe('1');
  });

  it('says when no order matches the filters', async () => {
    fakeApi({
      'GET /api/orders/company': () => ok(orderPage([])),
      'GET /api/booking-credits': () => ok(credits(0)),
    });
    renderBookingScreen(`${paths.dashboard.orderHistory}?kind=void`, bookingState());
    expect(await screen.findByRole('heading', { name: 'No orders match' })).toBeInTheDocument();
  });

  it('says so when there are no orders yet', async () => {
    fakeApi({
      'GET /api/orders/company': () => ok(orderPage([])),
      'GET /api/booking-credits': () => ok(credits(0)),
    });
    renderBookingScreen(paths.dashboard.orderHistory, bookingState());
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
  });
});
