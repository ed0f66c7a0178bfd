import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { post, type TestApp } from '../support/auth-flow.js';
import { bookingAgent, bookingBody, bookOk, issueOk, searchBody, searchOffer } from '../support/bookings.js';
import { createInMemorySupplier, type InMemorySupplier } from '../support/in-memory-supplier.js';
import { storeKinds } from '../support/stores.js';

/**
 * The supplier port is enough to sell flights: the whole journey (search, hold, issue, void, a
 * hold that is cancelled) runs against a supplier that is not the sandbox, and the seats move in
 * that supplier, not in the sandbox's seat_inventory table.
 */
describe.each(storeKinds())('a booking journey on another supplier, on %s', (kind) => {
  let t: TestApp;
  let supplier: InMemorySupplier;
  beforeAll(async () => {
    // The supplier quotes on the app's clock, made just below.
    supplier = createInMemorySupplier({ now: () => t.clock.now() });
    t = await createTestApp(kind, { supplier });
    t.clock.set(new Date('2026-11-25T08:00:00Z'));
  });
  afterAll(async () => t?.close());

  const heldSeats = () => supplier.held.get('ZZ100 2026-12-20') ?? 0;
  const inventoryRows = () => t.store.db.selectFrom('seat_inventory').selectAll().execute();

  it('searches, holds, tickets and voids through the port alone', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 1_000_000 });
    const offer = await searchOffer(t, agent);
    expect(offer.ValidatingCarrier).toBe('ZZ');

    const booking = await bookOk(t, agent, bookingBody(offer));
    expect(heldSeats()).toBe(1);
    const ticketed = await issueOk(t, agent, booking.pnr);
    expect(ticketed.tickets.map((ticket) => ticket.ticket_number)).toEqual([
      expect.stringMatching(/^999\d{10}$/),
    ]);

    const voided = await post(
      t,
      '/api/request-cancel-booking',
      { booking_id: booking.id, reason: 'Client changed plans' },
      { token: agent.token },
    );
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data.status).toBe('voided');
    expect(heldSeats()).toBe(0);
    expect(supplier.calls).toEqual(expect.arrayContaining(['search', 'price', 'hold', 'ticket', 'release']));
    expect(await inventoryRows()).toEqual([]);
  });

  it('gives a cancelled hold’s seats back to the supplier, and refuses seats it has not got', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const single = await searchOffer(t, agent);
    const group = { adults: 4, children: 0, infants: 0 };
    const first = await bookOk(t, agent, bookingBody(await searchOffer(t, agent, { mix: group }), group));
    expect(heldSeats()).toBe(4);

    const refused = await post(t, '/api/booking', bookingBody(single), { token: agent.token });
    expect(refused.statusCode).toBe(409);

    const cancelled = await post(
      t,
      '/api/request-cancel-booking',
      { booking_id: first.id, reason: 'Group cancelled' },
      { token: agent.token },
    );
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(heldSeats()).toBe(0);
  });

  it('answers the grouped view only with a supplier that prices chosen options (422 on view otherwise)', async () => {
    const agent = await bookingAgent(t);
    const grouped = await post(
      t,
      '/api/search',
      { ...searchBody(), view: 'itineraries' },
      { token: agent.token },
    );
    expect(grouped.statusCode, grouped.body).toBe(422);
    expect(Object.keys(grouped.json().data.errors)).toEqual(['view']);
    const price = await post(
      t,
      '/api/search/price',
      { search: searchBody(), option_ids: ['ZZ100.t4k9zk.q3Xa9b0cD2e'], brand: 'Basic' },
      { token: agent.token },
    );
    expect(price.statusCode, price.body).toBe(422);
    expect(Object.keys(price.json().data.errors)).toEqual(['option_ids']);
  });
});
