import type { AddressInfo } from 'node:net';
import { LIVE_PATH, type PricedItinerary } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduleChangeService } from '../../../src/modules/bookings/index.js';
import { createTestApp } from '../../support/app.js';
import { get, type TestApp } from '../../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  issueOk,
  searchOffers,
  segmentsOf,
} from '../../support/bookings.js';
import { LiveTestClient } from '../../support/live-client.js';
import { storeKinds } from '../../support/stores.js';

/**
 * Issue 32: the sweep reads the sandbox airlines' own changes of the flights SkyDesk's bookings fly
 * as they are published, flags each booking once and tells its agency live (a listening server:
 * the open portal hears of it at once).
 */

const FAR = new Date('2027-12-31T00:00:00Z');

describe.each(storeKinds())('the sandbox airlines’ changes swept on %s (issue 32)', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let base: string;
  let origin: string;
  const sockets: LiveTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    base = `ws://127.0.0.1:${port}${LIVE_PATH}`;
    origin = `http://127.0.0.1:${port}`;
    agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
  });
  afterAll(async () => {
    for (const client of sockets) client.socket.terminate();
    await t?.close();
  });

  /** A nonstop offer whose flight its airline will change after now (published later). */
  async function offerChangedLater(): Promise<{ itinerary: PricedItinerary; publishedAt: Date }> {
    const changes = t.app.flightSupplier.scheduleChanges!;
    for (let day = 1; day <= 31; day++) {
      const date = `2027-01-${String(day).padStart(2, '0')}`;
      for (const route of [
        ['LHR', 'JFK'],
        ['DXB', 'LHR'],
        ['JFK', 'LAX'],
      ] as const) {
        const offers = await searchOffers(t, agent, { origin: route[0], destination: route[1], date });
        for (const itinerary of offers) {
          const [segment] = segmentsOf(itinerary);
          const change = changes.airlineChange(
            `${segment!.MarketingAirline.Code}${segment!.FlightNumber}`,
            date,
            FAR,
          );
          if (change && change.publishedAt > t.clock.now())
            return { itinerary, publishedAt: change.publishedAt };
        }
      }
    }
    throw new Error('no flight its airline changes later in January 2027');
  }

  it('flags the booking once the airline publishes, and the open portal hears of it', async () => {
    const { itinerary, publishedAt } = await offerChangedLater();
    const held = await bookOk(t, agent, bookingBody(itinerary));
    const booking = await issueOk(t, agent, held.pnr);
    const service = createScheduleChangeService({
      db: t.store.db,
      clock: t.clock,
      supplier: t.app.flightSupplier,
    });

    // Not published yet: nothing to flag.
    expect((await service.sweep(t.clock.now())).applied).toBe(0);

    const client = await LiveTestClient.connect(base, origin);
    sockets.push(client);
    await client.signIn(agent.token);
    t.clock.set(new Date(publishedAt.getTime() + 60_000));
    const swept = await service.sweep(t.clock.now());
    expect(swept.applied).toBeGreaterThanOrEqual(1);
    const pushed = await client.next(
      (frame) => frame.type === 'notification' && frame.notification.kind === 'airline_change',
    );
    expect(JSON.stringify(pushed)).toContain(booking.pnr);

    const change = await t.store.db
      .selectFrom('schedule_changes')
      .selectAll()
      .where(
        'flight',
        '=',
        `${booking.segments[0]!.MarketingAirline.Code}${booking.segments[0]!.FlightNumber}`,
      )
      .executeTakeFirstOrThrow();
    expect(change).toMatchObject({ source: 'airline', published_at: publishedAt });
    const rows = await t.store.db
      .selectFrom('schedule_change_bookings')
      .select(['booking_id', 'status'])
      .where('schedule_change_id', '=', change.id)
      .execute();
    expect(rows).toEqual([{ booking_id: booking.id, status: 'pending' }]);
    // Swept again: recorded once.
    expect((await service.sweep(t.clock.now())).applied).toBe(0);
    expect(
      await t.store.db
        .selectFrom('schedule_change_bookings')
        .select('booking_id')
        .where('booking_id', '=', booking.id)
        .execute(),
    ).toHaveLength(1);
    const read = await get(t, `/api/booking/${booking.id}`, { token: agent.token });
    if (read.statusCode === 200)
      expect(read.json().data.schedule_change).toMatchObject({ status: 'pending' });
  });
});
