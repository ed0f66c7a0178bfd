import {
  BOOKING_MESSAGES,
  type BookingBody,
  FALLBACK,
  HOLD_LIMIT,
  type HoldLimitExceeded,
  SUCCESS,
} from '@skydesk/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import type { BookingFormDraft } from '../../../entities/booking-draft/booking-draft-slice';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { asListed, credits, familyOffer, heldBooking } from '../testing/bookings';
import { bookingState, OWNER_PERMISSIONS, renderBookingScreen, routesAnswer } from '../testing/render';

configure({ asyncUtilTimeout: 5000 });

/** The family's travellers, all valid for BA 117 on 22 Dec 2026. */
const familyForm: BookingFormDraft = {
  offer_id: familyOffer.offer_id,
  passengers: [
    {
      passenger_type: 'adult',
      title: 'MRS',
      first_name: 'Layla',
      last_name: 'Hassan',
      gender: 'F',
      date_of_birth: '1988-04-12',
      nationality: 'AE',
      passport_number: 'P1234567',
      passport_expiry: '2031-03-01',
      traveller_id: '0b7a4c8e-4a1f-4b8e-9a51-1c2d3e4f5a61',
    },
    {
      passenger_type: 'adult',
      title: 'MR',
      first_name: 'Omar',
      last_name: 'Hassan',
      gender: 'M',
      date_of_birth: '1985-09-30',
      nationality: 'AE',
      passport_number: 'P7654321',
      passport_expiry: '2030-11-15',
    },
    {
      passenger_type: 'child',
      title: 'MISS',
      first_name: 'Noor',
      last_name: 'Hassan',
      gender: 'F',
      date_of_birth: '2016-05-05',
      nationality: 'AE',
      passport_number: 'C1112223',
      passport_expiry: '2030-01-01',
    },
    {
      passenger_type: 'infant',
      title: 'MSTR',
      first_name: 'Adam',
      last_name: 'Hassan',
      gender: 'M',
      date_of_birth: '2025-08-01',
      nationality: 'AE',
      passport_number: 'I4445556',
      passport_expiry: '2029-01-01',
    },
  ],
  contact: { email: 'desk@demo-travels.example', phone: '+971 4 123 4567' },
  save_travellers: true,
};

const readyState = (permissions = OWNER_PERMISSIONS) =>
  bookingState({ itinerary: familyOffer, draft: { form: familyForm }, permissions });

describe('the price summary', { timeout: 20_000 }, () => {
  it('breaks the fare down per passenger type, states the rules and the deadline, and weighs the balance', async () => {
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/booking-credits': () => ok(credits(1000)),
    });
    const { user, router } = renderBookingScreen(paths.dashboard.priceSummary, readyState());

    const fare = await screen.findByRole('region', { name: 'Fare breakdown' });
    // 2 adults × 610.50, 1 child × (315 + 190.50), 1 infant × (42 + 95.25).
    expect(within(fare).getByText('Adult × 2')).toBeInTheDocument();
    expect(within(fare).getByText('US$1,221.00')).toBeInTheDocument();
    expect(within(fare).getByText('Child × 1')).toBeInTheDocument();
    expect(within(fare).getByText('US$505.50')).toBeInTheDocument();
    expect(within(fare).getByText('Infant × 1')).toBeInTheDocument();
    expect(within(fare).getByText('US$137.25')).toBeInTheDocument();
    expect(within(fare).getByTestId('fare-total')).toHaveTextContent('US$1,863.75');
    expect(screen.getByRole('region', { name: 'Fare rules' })).toHaveTextContent('Non-refundable');
    expect(screen.getByRole('region', { name: 'Hold and ticketing deadline' })).toHaveTextContent(
      /not ticketed by the deadline expires and its seats are released/,
    );

    const balance = await screen.findByRole('region', { name: 'Your credits' });
    const figures = await within(balance).findByLabelText('Credit figures');
    expect(within(figures).getByText('Available').nextElementSibling).toHaveTextContent('US$1,000.00');
    expect(within(figures).getByText('Balance').nextElementSibling).toHaveTextContent('US$1,000.00');
    expect(within(figures).getByText('Credit limit').nextElementSibling).toHaveTextContent('US$0.00');
    expect(within(balance).getByText(/Short by/)).toHaveTextContent(
      'Short by US$863.75 of available credits to ticket',
    );
    expect(within(balance).getByRole('link', { name: 'View statement' })).toHaveAttribute(
      'href',
      paths.dashboard.statement,
    );
    expect(within(balance).getByRole('link', { name: 'Add credits' })).toHaveAttribute(
      'href',
      paths.dashboard.createTransaction,
    );
    expect(api.calls('GET /api/booking-credits')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /Continue to confirm/ }));
    expect(router.state.location.pathname).toBe(paths.dashboard.confirmBooking);
  });

  it('says when the balance covers it', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/booking-credits': () => ok(credits(5000)),
    });
    renderBookingScreen(paths.dashboard.priceSummary, readyState());
    expect(await screen.findByText('Covers the US$1,863.75 of this booking.')).toBeInTheDocument();
  });

  it('weighs the total against what is available: a credit limit covers a balance below it', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/booking-credits': () => ok(credits(1000, 1000)),
    });
    renderBookingScreen(paths.dashboard.priceSummary, readyState());
    expect(await screen.findByText('Covers the US$1,863.75 of this booking.')).toBeInTheDocument();
    const figures = screen.getByLabelText('Credit figures');
    expect(within(figures).getByText('Available').nextElementSibling).toHaveTextContent('US$2,000.00');
    expect(within(figures).getByText('Credit limit').nextElementSibling).toHaveTextContent('US$1,000.00');
  });

  it('shows the credits without payments.view (any user may see them), but no statement link', async () => {
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/booking-credits': () => ok(credits(5000)),
    });
    renderBookingScreen(
      paths.dashboard.priceSummary,
      readyState(OWNER_PERMISSIONS.filter((p) => p !== 'payments.view')),
    );
    const balance = await screen.findByRole('region', { name: 'Your credits' });
    expect(await within(balance).findByText('Covers the US$1,863.75 of this booking.')).toBeInTheDocument();
    expect(within(balance).queryByRole('link', { name: 'View statement' })).toBeNull();
    expect(api.calls('GET /api/booking-credits')).toHaveLength(1);
  });

  it('sends back to the travellers when they are not all entered', async () => {
    fakeApi({ 'POST /api/booking-all-active-routes': () => ok(routesAnswer) });
    const { user, router } = renderBookingScreen(
      paths.dashboard.priceSummary,
      bookingState({ itinerary: familyOffer }),
    );
    expect(await screen.findByRole('heading', { name: 'Travellers first' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Enter the travellers' }));
    expect(router.state.location.pathname).toBe(paths.dashboard.travelersDetails);
  });
});

describe('confirming the booking', { timeout: 20_000 }, () => {
  const created = heldBooking();

  it('books with an Idempotency-Key, says "Booking Created" and opens the new booking', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'POST /api/booking': () => ok(asListed(created), { status: 201, message: SUCCESS.bookingCreated }),
      'GET /api/booking/b1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d': () => ok(created),
    });
    const { user, router, store } = renderBookingScreen(paths.dashboard.confirmBooking, readyState());

    const passengers = await screen.findByRole('region', { name: 'Passengers' });
    expect(within(passengers).getByText('Mrs Layla Hassan')).toBeInTheDocument();
    expect(within(passengers).getByText('Master Adam Hassan')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Flights' })).toHaveTextContent('BA 117');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.bookingDetails));
    expect(router.state.location.search).toBe(`?id=${created.id}`);
    expect(success).toHaveBeenCalledWith(SUCCESS.bookingConfirmed);
    const [sent] = api.calls('POST /api/booking');
    expect(sent?.headers.get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const body = sent?.body as BookingBody;
    expect(body.offer_id).toBe(familyOffer.offer_id);
    expect(body.save_travellers).toBe(true);
    expect(body.contact).toEqual(familyForm.contact);
    expect(body.passengers.map((p) => p.passenger_type)).toEqual(['adult', 'adult', 'child', 'infant']);
    expect(body.passengers[0]?.traveller_id).toBe(familyForm.passengers[0]?.traveller_id);
    expect(body.passengers[1]).not.toHaveProperty('traveller_id');
    // The booking is made: the draft is spent, the lead traveller stays on offer.
    expect(store.getState().bookingDraft.selectedItinerary).toBeNull();
    expect(store.getState().bookingDraft.form).toBeNull();
    expect(await screen.findByText(created.pnr)).toBeInTheDocument();
  });

  it('shows a price rise side by side and books the new offer when the agent accepts', async () => {
    const previous = familyOffer.AirItineraryPricingInfo.ItinTotalFare.TotalFare;
    const change = {
      previous_total: previous,
      new_total: { Amount: 1992.25, CurrencyCode: 'USD' },
      offer_id: 'offer-1-repriced',
      offer_expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    };
    let attempt = 0;
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'POST /api/booking': () => {
        attempt += 1;
        return attempt === 1
          ? fail(409, 'Price changed', { data: change })
          : ok(asListed(created), { status: 201 });
      },
      'GET /api/booking/b1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d': () => ok(created),
    });
    const { user, router, store } = renderBookingScreen(paths.dashboard.confirmBooking, readyState());
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }));

    const panel = await screen.findByRole('alert', { name: 'The price has changed' });
    expect(within(panel).getByText('Was').nextSibling).toHaveTextContent('US$1,863.75');
    expect(within(panel).getByText('Now').nextSibling).toHaveTextContent('US$1,992.25');
    expect(within(panel).getByText('+US$128.50')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Back to results' })).toHaveAttribute(
      'href',
      paths.dashboard.flightResults,
    );
    // Nothing to confirm twice by mistake while the choice is open.
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Accept US$1,992.25 and book' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.bookingDetails));
    const [first, second] = api.calls('POST /api/booking');
    const [before, after] = [first?.body as BookingBody, second?.body as BookingBody];
    expect(after.offer_id).toBe('offer-1-repriced');
    expect(after.passengers).toEqual(before.passengers);
    // Another request: another key.
    expect(second?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));
    expect(store.getState().bookingDraft.form).toBeNull();
  });

  it('keeps the accepted price in the draft when the new offer is then refused', async () => {
    const change = {
      previous_total: familyOffer.AirItineraryPricingInfo.ItinTotalFare.TotalFare,
      new_total: { Amount: 1992.25, CurrencyCode: 'USD' },
      offer_id: 'offer-1-repriced',
      offer_expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    };
    let attempt = 0;
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'POST /api/booking': () => {
        attempt += 1;
        return attempt === 1
          ? fail(409, 'Price changed', { data: change })
          : fail(409, 'Only 2 seats are left on BA 117 on 22 Dec');
      },
    });
    const { user, store } = renderBookingScreen(paths.dashboard.confirmBooking, readyState());
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    await user.click(await screen.findByRole('button', { name: 'Accept US$1,992.25 and book' }));

    expect(await screen.findByText('These seats can no longer be booked')).toBeInTheDocument();
    expect(screen.getAllByText('Only 2 seats are left on BA 117 on 22 Dec').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Search again/ })).toHaveAttribute(
      'href',
      paths.dashboard.flightResults,
    );
    const draft = store.getState().bookingDraft;
    expect(draft.form?.offer_id).toBe('offer-1-repriced');
    expect(draft.selectedItinerary?.offer_id).toBe('offer-1-repriced');
    expect(draft.acceptedTotal).toEqual(change.new_total);
  });

  it('says how to make room when the agency’s holds would exceed its credits, and confirms again after', async () => {
    const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });
    const refusal: HoldLimitExceeded = {
      limit: 'hold_value',
      held: usd(9200),
      booking_total: usd(1863.75),
      allowed: usd(10000),
    };
    const message = HOLD_LIMIT.value({
      held: '9200.00 USD',
      booking: '1863.75 USD',
      allowed: '10000.00 USD',
    });
    let attempt = 0;
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'POST /api/booking': () => {
        attempt += 1;
        return attempt === 1 ? fail(409, message, { data: refusal }) : ok(asListed(created), { status: 201 });
      },
      'GET /api/booking/b1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d': () => ok(created),
    });
    const { user, router } = renderBookingScreen(paths.dashboard.confirmBooking, readyState());
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }));

    const panel = (await screen.findByText('Your held bookings would exceed your credits')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(panel).getByText(message)).toBeInTheDocument();
    expect(within(panel).getByText(/Issue or cancel a held booking, or add credits/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Your held bookings/ })).toHaveAttribute(
      'href',
      paths.dashboard.flightBookings,
    );
    expect(within(panel).getByRole('link', { name: /Add credits/ })).toHaveAttribute(
      'href',
      paths.dashboard.createTransaction,
    );
    // Not the seats-gone advice: the offer still stands.
    expect(screen.queryByText('These seats can no longer be booked')).toBeNull();
    expect(screen.queryByRole('link', { name: /Search again/ })).toBeNull();

    // Room made elsewhere: confirming again is a new attempt (a refusal is final for its key).
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.bookingDetails));
    const [first, second] = api.calls('POST /api/booking');
    expect(second?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));
  });

  it('names the per-flight seat cap, pointing at the held bookings and not at credits', async () => {
    const refusal: HoldLimitExceeded = {
      limit: 'held_seats_per_flight',
      flight: 'BA117',
      date: '2026-12-22',
      held_seats: 16,
      booking_seats: 3,
      max_seats: 18,
    };
    const message = HOLD_LIMIT.seats({ held: 16, booking: 3, flight: 'BA117', date: '2026-12-22', max: 18 });
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'POST /api/booking': () => fail(409, message, { data: refusal }),
    });
    const { user } = renderBookingScreen(paths.dashboard.confirmBooking, readyState());
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }));

    const panel = (await screen.findByText('Too many seats held on this flight')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(panel).getByText(message)).toBeInTheDocument();
    expect(within(panel).getByText(/Issue or cancel a held booking on flight BA117/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Your held bookings/ })).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: /Add credits/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeEnabled();
  });

  it('explains an expired offer (410) and links back to the search', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'POST /api/booking': () => fail(410, 'This offer has expired. Search again for current fares.'),
    });
    const { user } = renderBookingScreen(paths.dashboard.confirmBooking, readyState());
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('This offer can no longer be booked')).toBeInTheDocument();
    // The message says to search again: the page does not say it twice.
    expect(screen.queryByText('Search again for what is on sale now.')).toBeNull();
    expect(screen.getByRole('link', { name: /Search again/ })).toHaveAttribute(
      'href',
      paths.dashboard.flightResults,
    );
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();
  });

  it('says before booking that an offer the airline will not hold is issued at once, and what booking did', async () => {
    const success = vi.spyOn(toast, 'success');
    const instant = { ...familyOffer, ticketing: 'instant' as const };
    const state = bookingState({ itinerary: instant, draft: { form: familyForm } });
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/booking-credits': () => ok(credits(5000)),
      'POST /api/booking': () =>
        ok(
          asListed(
            heldBooking({
              supplier: { code: 'duffel', reference: null, state: 'local', airline_change_at: null },
            }),
          ),
          { status: 201 },
        ),
      'GET /api/booking/b1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d': () => ok(heldBooking()),
    });
    const { user } = renderBookingScreen(paths.dashboard.priceSummary, state);
    expect(await screen.findByText('This fare cannot be held at the airline')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Hold and ticketing deadline' })).toBeNull();

    await user.click(screen.getByRole('button', { name: /Continue to confirm/ }));
    expect(await screen.findByText('This fare cannot be held at the airline')).toBeInTheDocument();
    expect(screen.queryByText(/Holds the seats until the ticketing deadline/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(BOOKING_MESSAGES.holdLocal));
  });

  it('takes refused passenger details back to the travellers’ form, on their fields', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'POST /api/booking': () =>
        invalid({
          'passengers.1.passport_number': ['Another passenger has this passport'],
          'contact.phone': ['Enter a phone number with its country code'],
        }),
    });
    const { user, router } = renderBookingScreen(paths.dashboard.confirmBooking, readyState());
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.travelersDetails));
    expect(await screen.findByText('The airline refused some details')).toBeInTheDocument();
    const adult2 = screen.getByRole('group', { name: /^Adult 2/ });
    expect(within(adult2).getByLabelText('Passport number')).toHaveAccessibleDescription(
      /Another passenger has this passport/,
    );
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(
      /Enter a phone number with its country code/,
    );
  });

  it('retries an unanswered attempt with the same key, so it cannot book twice', async () => {
    let attempt = 0;
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'POST /api/booking': () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return ok(asListed(created), { status: 201 });
      },
      'GET /api/booking/b1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d': () => ok(created),
    });
    const { user, router } = renderBookingScreen(paths.dashboard.confirmBooking, readyState());
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('The booking was not confirmed')).toBeInTheDocument();
    expect(screen.getAllByText(FALLBACK.confirmBooking).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.bookingDetails));
    const [first, second] = api.calls('POST /api/booking');
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });
});
