import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pricingSettings } from '../../../entities/pricing/testing/pricing-fixtures';
import { bookingDetailsPath } from '../../../shared/routing/booking-paths';
import { fakeApi, invalid, ok } from '../../../testing/fake-api';
import { asListed, BOOKING_ID, credits, heldBooking, ticketedBooking } from '../testing/bookings';
import { bookingState, renderBookingScreen, routesAnswer } from '../testing/render';

configure({ asyncUtilTimeout: 10_000 });

const DETAILS = `GET /api/booking/${BOOKING_ID}`;
const ISSUE = 'POST /api/booking-issue';
const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });

/** The held booking of the fixtures (net US$1,221.00) sold under a 6 % rule. */
const soldHeld = () => heldBooking({ net: usd(1221), selling: usd(1294.26) });

describe('two prices on a booking and the issue step (issue 33)', { timeout: 30_000 }, () => {
  it('shows the client price, the net and margin, and the earnings card; the client view hides them', async () => {
    const booking = ticketedBooking({
      net: usd(1221),
      selling: usd(1300),
      earnings: {
        net: usd(1221),
        selling: usd(1300),
        rule: null,
        override: {
          by: { id: '20000000-0000-4000-8000-000000000001', name: 'Amina Rahman' },
          at: '2026-11-20T10:00:00.000Z',
          rules_selling: usd(1294.26),
        },
        fees: [
          {
            name: 'Booking fee',
            amount: usd(15),
            rule: { id: '30000000-0000-4000-8000-000000000003', name: 'Booking fee' },
          },
          { name: 'Visa help', amount: usd(40), rule: null },
        ],
        margin: usd(134),
      },
    });
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(booking),
      'GET /api/booking-credits': () => ok(credits(5000)),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    const earnings = await screen.findByRole('region', { name: 'Earnings' });
    expect(earnings).toHaveTextContent('Client pays for the tripUS$1,300.00');
    expect(earnings).toHaveTextContent('Your netUS$1,221.00');
    expect(earnings).toHaveTextContent('Price set by Amina Rahman');
    expect(earnings).toHaveTextContent('the rules said US$1,294.26');
    expect(earnings).toHaveTextContent('Visa help · by hand');
    expect(earnings).toHaveTextContent('MarginUS$134.00');
    expect(screen.getByText('Client price')).toBeVisible();
    expect(screen.getAllByText(/^Net/).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Client view' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Earnings' })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Fare' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Net/)).not.toBeInTheDocument();
    expect(screen.getByText('US$1,300.00')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Client view' }));
  });

  it('issues with an override within the owner’s limits, a fee by hand and the client invoiced', async () => {
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(soldHeld()),
      'GET /api/booking-credits': () => ok(credits(5000)),
      'GET /api/pricing/settings': () => ok(pricingSettings({ max_override_percent: 10 })),
      [ISSUE]: () => ok(asListed(ticketedBooking())),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'Issue ticket' }));
    const panel = screen.getByRole('region', { name: 'Issue 2 tickets' });
    await user.click(within(panel).getByRole('button', { name: /Client price, fees and invoice/ }));

    const price = within(panel).getByLabelText('Client pays for the trip (USD)');
    expect(price).toHaveValue('1294.26');
    expect(within(panel).getByLabelText('Client name')).toHaveValue('LAYLA HASSAN');

    // Under the net: refused before sending. Over the ceiling (rules' price + 10 %): refused too.
    await user.clear(price);
    await user.type(price, '1000');
    await user.click(within(panel).getByRole('button', { name: /Issue for/ }));
    expect(await within(panel).findByText('At least the net, US$1,221.00')).toBeVisible();
    await user.clear(price);
    await user.type(price, '1500');
    await user.click(within(panel).getByRole('button', { name: /Issue for/ }));
    expect(await within(panel).findByText('At most US$1,423.68 (your owner’s limit)')).toBeVisible();
    expect(api.calls(ISSUE)).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '1350');
    await user.click(within(panel).getByRole('button', { name: 'Add a fee' }));
    await user.type(within(panel).getByLabelText('Fee 1 name'), 'Visa help');
    await user.type(within(panel).getByLabelText('Fee 1 amount'), '40');
    await user.clear(within(panel).getByLabelText('Client name'));
    await user.type(within(panel).getByLabelText('Client name'), 'Hassan Trading LLC');
    await user.type(within(panel).getByLabelText(/Tax ID/), 'TRN 100200300');
    await user.click(within(panel).getByRole('button', { name: /Issue for/ }));
    await waitFor(() => expect(api.calls(ISSUE)).toHaveLength(1));
    expect(api.calls(ISSUE)[0]?.body).toEqual({
      pnr: 'K7Q2ZD',
      selling_total: 1350,
      fees: [{ name: 'Visa help', amount: 40 }],
      client: {
        name: 'Hassan Trading LLC',
        email: soldHeld().contact.email,
        address: null,
        tax_id: 'TRN 100200300',
      },
    });
  });

  it('shows the server’s 422 on the override', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(soldHeld()),
      'GET /api/booking-credits': () => ok(credits(5000)),
      'GET /api/pricing/settings': () => ok(pricingSettings({ max_override_percent: null })),
      [ISSUE]: () => invalid({ selling_total: ['The selling price is under the net'] }),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'Issue ticket' }));
    const panel = screen.getByRole('region', { name: 'Issue 2 tickets' });
    await user.click(within(panel).getByRole('button', { name: /Client price, fees and invoice/ }));
    const price = within(panel).getByLabelText('Client pays for the trip (USD)');
    await user.clear(price);
    await user.type(price, '1250');
    await user.click(within(panel).getByRole('button', { name: /Issue for/ }));
    expect(await within(panel).findByText('The selling price is under the net')).toBeVisible();
  });
});
