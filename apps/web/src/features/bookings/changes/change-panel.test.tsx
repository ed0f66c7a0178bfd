import type { BookingDetails } from '@skydesk/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingDetailsPath, eTicketPath } from '../../../shared/routing/booking-paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { asListed, BOOKING_ID, credits } from '../testing/bookings';
import { bookingState, OWNER_PERMISSIONS, renderBookingScreen, routesAnswer } from '../testing/render';
import { changeOffer, exchangedReturn, ticketedReturn } from './testing';

configure({ asyncUtilTimeout: 5000 });

const DETAILS = `GET /api/booking/${BOOKING_ID}`;
const OFFERS = `POST /api/booking/${BOOKING_ID}/change-offers`;
const CHANGE = `POST /api/booking/${BOOKING_ID}/change`;

function answering(
  routes: Parameters<typeof fakeApi>[0],
  booking: () => BookingDetails = () => ticketedReturn(),
) {
  return fakeApi({
    'POST /api/booking-all-active-routes': () => ok(routesAnswer),
    [DETAILS]: () => ok(booking()),
    'GET /api/booking-credits': () => ok(credits(5000)),
    ...routes,
  });
}

async function openPanel(permissions = OWNER_PERMISSIONS) {
  const rendered = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState({ permissions }));
  await rendered.user.click(
    await screen.findByRole('button', { name: 'Change flights' }, { timeout: 15_000 }),
  );
  return { ...rendered, panel: screen.getByRole('region', { name: 'Change flights' }) };
}

/** Ticks the outbound, moves it to 25 Dec and asks for offers. */
async function findOutboundOn(user: Awaited<ReturnType<typeof openPanel>>['user'], panel: HTMLElement) {
  await user.click(within(panel).getByRole('checkbox', { name: /Change outbound/ }));
  const date = within(panel).getByLabelText('New date');
  await user.clear(date);
  await user.type(date, '2026-12-25');
  await user.click(within(panel).getByRole('button', { name: 'Find flights' }));
}

describe('change flights panel (issue 32)', { timeout: 30_000 }, () => {
  it('finds offers for the outbound three days later with the amounts apart, and confirms one with an Idempotency-Key', async () => {
    let changed = false;
    const api = answering(
      {
        [OFFERS]: () => ok([changeOffer()]),
        [CHANGE]: () => {
          changed = true;
          return ok(asListed(exchangedReturn()));
        },
      },
      () => (changed ? exchangedReturn() : ticketedReturn()),
    );
    const { user, panel } = await openPanel();

    // Each leg with its current flights; nothing ticked on a return until the agent says which.
    expect(within(panel).getByRole('checkbox', { name: /Change outbound · LHR → JFK/ })).not.toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: /Change return · JFK → LHR/ })).toHaveAccessibleName(
      /BA 112/,
    );
    await findOutboundOn(user, panel);

    expect(api.calls(OFFERS)[0]?.body).toEqual({ legs: [{ leg_index: 0, departure_date: '2026-12-25' }] });
    const offer = await within(panel).findByRole('article', { name: /Change offer BA 117/ });
    expect(offer).toHaveTextContent('Fri 25 Dec');
    expect(offer).toHaveTextContent('Nonstop');
    expect(offer).toHaveTextContent('New trip price todayUS$1,401.00');
    expect(offer).toHaveTextContent('Fare difference+US$180.00');
    expect(offer).toHaveTextContent('Change penaltyUS$150.00');
    expect(within(offer).getByTestId('change-net')).toHaveTextContent('US$330.00');
    expect(offer).toHaveTextContent('To pay from your credits');
    expect(within(offer).getByRole('list', { name: 'Fare rules' })).toHaveTextContent(
      'Standard: change fee 75.00 USD per passenger',
    );
    const services = within(offer).getByRole('list', { name: 'Seats and bags' });
    expect(services).toHaveTextContent('Seat 23C BA117 · LAYLA HASSANCarried to the new flight');
    expect(services).toHaveTextContent('Seat 23D BA117 · OMAR HASSANRefunded US$25.00');
    expect(panel).toHaveTextContent(/Offers valid for \d{1,2}:\d\d/);

    await user.click(within(offer).getByRole('button', { name: 'Change and pay US$330.00' }));
    const done = await within(panel).findByText('Flights changed');
    const success = done.closest('div')?.parentElement as HTMLElement;
    expect(success).toHaveTextContent('US$330.00 was debited from your credits.');
    expect(success).toHaveTextContent('LAYLA HASSAN: new ticket 1250000000003 replaces 1250000000001');
    expect(success).toHaveTextContent('The new e-ticket was sent to amina@demo-travels.example');
    const [sent] = api.calls(CHANGE);
    expect(sent?.body).toEqual({ change_offer_id: changeOffer().id });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    // The booking is asked again: the new tickets and the old ones, exchanged, on the page.
    const passengers = await screen.findByRole('region', { name: 'Passengers and tickets' });
    await waitFor(() => expect(passengers).toHaveTextContent('Replaces 1250000000001'));
    expect(passengers).toHaveTextContent('Exchanged for 1250000000003');
  });

  it('asks for another airport of the same city only when the agent picks one, on a Flex fare', async () => {
    const flex = ticketedReturn();
    flex.pricing = {
      ...flex.pricing,
      FareInfos: flex.pricing.FareInfos.map((info) => ({ ...info, BrandName: 'Flex' })),
    };
    const api = answering({ [OFFERS]: () => ok([]) }, () => flex);
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('checkbox', { name: /Change outbound/ }));
    await user.selectOptions(await within(panel).findByLabelText('From'), 'LGW');
    await user.click(within(panel).getByRole('button', { name: 'Find flights' }));
    await waitFor(() =>
      expect(api.calls(OFFERS)[0]?.body).toEqual({
        legs: [{ leg_index: 0, departure_date: '2026-12-22', origin: 'LGW' }],
      }),
    );
  });

  it('offers no other airport on a Standard fare (Flex only)', async () => {
    answering({});
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('checkbox', { name: /Change outbound/ }));
    expect(within(panel).getByLabelText('New date')).toBeInTheDocument();
    expect(within(panel).queryByLabelText('From')).toBeNull();
  });

  it('says there are no flights on that day when no offer comes back', async () => {
    answering({ [OFFERS]: () => ok([]) });
    const { user, panel } = await openPanel();
    await findOutboundOn(user, panel);
    expect(await within(panel).findByText('No flights on that day')).toBeInTheDocument();
  });

  it('asks for a leg before searching', async () => {
    const api = answering({});
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Find flights' }));
    expect(within(panel).getByText('Choose at least one flight to change')).toBeInTheDocument();
    expect(api.calls(OFFERS)).toHaveLength(0);
  });

  it("refuses a Basic fare's change with its rule in words", async () => {
    answering({
      [OFFERS]: () =>
        fail(422, 'Basic fares cannot be changed: the fare rules allow no change after ticketing'),
    });
    const { user, panel } = await openPanel();
    await findOutboundOn(user, panel);
    const refusal = await within(panel).findByRole('alert');
    expect(refusal).toHaveTextContent('This change is not allowed');
    expect(refusal).toHaveTextContent(
      'Basic fares cannot be changed: the fare rules allow no change after ticketing',
    );
  });

  it('offers to search again when the offer expired (410), and searches with the same legs', async () => {
    const api = answering({
      [OFFERS]: () => ok([changeOffer()]),
      [CHANGE]: () => fail(410, 'Change offer expired'),
    });
    const { user, panel } = await openPanel();
    await findOutboundOn(user, panel);
    const offer = await within(panel).findByRole('article', { name: /Change offer/ });
    await user.click(within(offer).getByRole('button', { name: /Change and pay/ }));
    const expired = await within(offer).findByRole('alert');
    expect(expired).toHaveTextContent('This offer has expired');
    await user.click(within(expired).getByRole('button', { name: 'Search again' }));
    await waitFor(() => expect(api.calls(OFFERS)).toHaveLength(2));
    expect(api.calls(OFFERS)[1]?.body).toEqual(api.calls(OFFERS)[0]?.body);
  });

  it('cannot confirm an offer whose 20 minutes have run out', async () => {
    answering({
      [OFFERS]: () => ok([changeOffer({ expires_at: new Date(Date.now() - 1000).toISOString() })]),
    });
    const { user, panel } = await openPanel();
    await findOutboundOn(user, panel);
    const offer = await within(panel).findByRole('article', { name: /Change offer/ });
    expect(within(offer).getByText('Expired')).toBeInTheDocument();
    expect(within(offer).getByRole('button', { name: /Change and pay/ })).toBeDisabled();
    expect(within(panel).getByText('This offer has expired')).toBeInTheDocument();
  });

  it('says an offer already used or whose seats are gone (409), and asks the booking again', async () => {
    const api = answering({
      [OFFERS]: () => ok([changeOffer()]),
      [CHANGE]: () => fail(409, 'This change offer was used already: the booking is changed'),
    });
    const { user, panel } = await openPanel();
    await findOutboundOn(user, panel);
    const offer = await within(panel).findByRole('article', { name: /Change offer/ });
    await user.click(within(offer).getByRole('button', { name: /Change and pay/ }));
    const taken = await within(offer).findByRole('alert');
    expect(taken).toHaveTextContent('This offer can no longer be taken');
    expect(taken).toHaveTextContent('This change offer was used already: the booking is changed');
    expect(within(taken).getByRole('button', { name: 'Search again' })).toBeInTheDocument();
    // The booking may have changed meanwhile (another tab): it is asked again.
    await waitFor(() => expect(api.calls(DETAILS).length).toBeGreaterThan(1));
  });

  it('explains too few credits (402) with the way to add credits', async () => {
    answering({
      [OFFERS]: () => ok([changeOffer()]),
      [CHANGE]: () => fail(402, 'Insufficient credits'),
    });
    const { user, panel } = await openPanel();
    await findOutboundOn(user, panel);
    const offer = await within(panel).findByRole('article', { name: /Change offer/ });
    await user.click(within(offer).getByRole('button', { name: /Change and pay/ }));
    const short = await within(offer).findByRole('alert');
    expect(short).toHaveTextContent('Insufficient credits');
    expect(short).toHaveTextContent('nothing was changed or charged');
    expect(within(short).getByRole('link', { name: 'Add credits' })).toHaveAttribute(
      'href',
      '/dashboard/create-transaction',
    );
  });

  it('says where money given back goes: the credits, or forfeited on a non-refundable fare', async () => {
    answering({
      [OFFERS]: () =>
        ok([
          changeOffer({
            fare_difference: { Amount: -200, CurrencyCode: 'USD' },
            penalty: { Amount: 0, CurrencyCode: 'USD' },
            change_total: { Amount: -200, CurrencyCode: 'USD' },
            refund_to: 'credits',
          }),
          changeOffer({
            id: '0ff0c000-0000-4000-8000-000000000002',
            legs: [{ leg_index: 0, segments: [] }],
            fare_difference: { Amount: -120, CurrencyCode: 'USD' },
            penalty: { Amount: 0, CurrencyCode: 'USD' },
            change_total: { Amount: -120, CurrencyCode: 'USD' },
            refund_to: 'forfeited',
          }),
        ]),
    });
    const { user, panel } = await openPanel();
    await findOutboundOn(user, panel);
    const [back, lost] = await within(panel).findAllByRole('article');
    expect(back).toHaveTextContent('Back to your credits');
    expect(back).toHaveTextContent('Change penaltyNone');
    expect(
      within(back as HTMLElement).getByRole('button', { name: 'Change and get US$200.00 back' }),
    ).toBeEnabled();
    expect(lost).toHaveTextContent('Residual value forfeited');
    expect(lost).toHaveTextContent('The fare is non-refundable');
    expect(within(lost as HTMLElement).getByTestId('change-net')).toHaveTextContent('US$120.00');
  });

  it('shows no change button to a role without bookings.issue', async () => {
    answering({});
    renderBookingScreen(
      bookingDetailsPath(BOOKING_ID),
      bookingState({ permissions: OWNER_PERMISSIONS.filter((p) => p !== 'bookings.issue') }),
    );
    await screen.findByRole('region', { name: /K7Q2ZD/ }, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Request refund' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change flights' })).toBeNull();
  });

  it('says a refused permission (403) in words', async () => {
    answering({ [OFFERS]: () => fail(403, 'Forbidden') });
    const { user, panel } = await openPanel();
    await findOutboundOn(user, panel);
    expect(await within(panel).findByRole('alert')).toHaveTextContent('You may not change bookings');
  });
});

describe('exchanged tickets and the changes chain (issue 32)', { timeout: 20_000 }, () => {
  it('shows each passenger’s new ticket replacing the exchanged one, and the change with its amounts', async () => {
    answering({}, exchangedReturn);
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    const passengers = await screen.findByRole(
      'region',
      { name: 'Passengers and tickets' },
      { timeout: 15_000 },
    );
    const [layla] = within(passengers).getAllByRole('listitem');
    expect(layla).toHaveTextContent('1250000000003IssuedReplaces 1250000000001');
    expect(layla).toHaveTextContent('1250000000001ExchangedExchanged for 1250000000003');

    const changes = screen.getByRole('region', { name: 'Changes' });
    expect(changes).toHaveTextContent('Flights changed (exchange)');
    expect(changes).toHaveTextContent('Amina Rahman');
    expect(changes).toHaveTextContent('Tue 22 Dec');
    expect(changes).toHaveTextContent('Fri 25 Dec');
    expect(within(changes).getByRole('list', { name: 'Tickets exchanged' })).toHaveTextContent(
      '1250000000001 → exchanged for 1250000000003',
    );
    expect(changes).toHaveTextContent('Fare difference+US$180.00');
    expect(changes).toHaveTextContent('Change penaltyUS$150.00');
    expect(changes).toHaveTextContent('To pay from your creditsUS$330.00');
  });

  it('puts the new tickets on the e-ticket, naming the ones they replace', async () => {
    answering({}, exchangedReturn);
    renderBookingScreen(eTicketPath(BOOKING_ID), bookingState());
    const passengers = await screen.findByRole(
      'region',
      { name: 'Passengers and ticket numbers' },
      { timeout: 15_000 },
    );
    expect(passengers).toHaveTextContent('1250000000003');
    expect(passengers).toHaveTextContent('Replaces 1250000000001');
    expect(passengers).not.toHaveTextContent('Exchanged');
  });

  it('shows no changes card on a booking never changed', async () => {
    answering({});
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await screen.findByRole('region', { name: 'Passengers and tickets' }, { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Changes' })).toBeNull();
  });
});
