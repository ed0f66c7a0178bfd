import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminRefundPath } from '../../../shared/routing/admin-paths';
import { fakeApi, ok } from '../../../testing/fake-api';
import { REFUND_ID, refundRequest } from '../testing/admin-fixtures';
import { renderConsole } from '../testing/render';

configure({ asyncUtilTimeout: 10_000 });

const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });

/** Issue 31: the operator decides a refund seeing the seats and bags the agency was quoted. */
describe('a refund request with seats and bags', { timeout: 20_000 }, () => {
  const request = refundRequest({
    allowed: usd(961),
    amount: usd(961),
    services: [
      {
        service_id: '5e000000-0000-4000-8000-000000000001',
        ticket_number: '176-2400000017',
        passenger_name: 'Leila Haddad',
        type: 'seat',
        description: 'Seat 23C BA117',
        paid: usd(25),
        allowed: usd(0),
        refunded: null,
        reason: 'Seats are not refunded unless the airline changes or cancels the flight',
      },
      {
        service_id: '5e000000-0000-4000-8000-000000000002',
        ticket_number: '176-2400000017',
        passenger_name: 'Leila Haddad',
        type: 'bag',
        description: 'Extra bag 23 kg BA117',
        paid: usd(40),
        allowed: usd(40),
        refunded: null,
        reason: 'Extra bags are refunded in full before their flight leaves',
      },
    ],
  });

  it("lists each ticket's services with what the rules allow and why, and spreads a lower amount over them", async () => {
    fakeApi({ [`GET /api/admin/refunds/${REFUND_ID}`]: () => ok(request) });
    renderConsole(adminRefundPath(REFUND_ID));
    const tickets = await screen.findByRole('region', { name: /Tickets/ });
    const leila = within(tickets).getByText('Leila Haddad').closest('li')!;
    expect(leila).toHaveTextContent('Seat 23C BA117');
    expect(leila).toHaveTextContent('Not refunded');
    expect(leila).toHaveTextContent(
      'Seats are not refunded unless the airline changes or cancels the flight',
    );
    expect(leila).toHaveTextContent('Extra bag 23 kg BA117');
    expect(leila).toHaveTextContent('Allowed US$40.00');
    // Sami has none.
    expect(within(tickets).getByText('Sami Haddad').closest('li')).not.toHaveTextContent('Seats and bags');
    expect(tickets).toHaveTextContent('US$961.00');
    expect(screen.getByText(/spread over the tickets and their seats and bags/)).toBeInTheDocument();
  });

  it('shows what was credited for each once approved', async () => {
    fakeApi({
      [`GET /api/admin/refunds/${REFUND_ID}`]: () =>
        ok({
          ...request,
          status: 'approved',
          decided_at: '2026-03-10T10:00:00Z',
          services: request.services!.map((service) => ({
            ...service,
            refunded: service.allowed,
          })),
        }),
    });
    renderConsole(adminRefundPath(REFUND_ID));
    const tickets = await screen.findByRole('region', { name: /Tickets/ });
    expect(tickets).toHaveTextContent('Credited US$40.00');
    expect(tickets).toHaveTextContent('Not refunded');
  });
});
