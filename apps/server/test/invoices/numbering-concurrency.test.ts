import type { Booking } from '@skydesk/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { issueClientInvoice } from '../../src/modules/invoices/index.js';
import { invoiceBatches } from '../../src/modules/invoices/repo.js';
import { openStore, type Store } from '../../src/platform/db/store.js';
import { createTestApp } from '../support/app.js';
import type { TestApp } from '../support/auth-flow.js';
import { type Agent, book, bookingAgent, bookingBody, issue, searchOffer } from '../support/bookings.js';
import { withDatabase } from '../support/global-setup.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 33: an agency's invoice numbers follow each other with no gap and no duplicate, however
 * many documents are issued at once — on PostgreSQL from two connection pools (two server
 * processes, as far as the database can tell), and with issues that roll back among them. PGlite
 * runs one transaction at a time; both stores run it.
 */

const sequenceOf = (number: string) => Number(number.slice(-6));

describe.each(storeKinds())('invoice numbering under concurrency on %s (issue 33)', (kind) => {
  let t: TestApp;
  /** A second pool on the same database (PostgreSQL), as a second server process has. */
  let other: Store | null = null;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { maxConnections: 20 });
    if (kind === 'postgres') {
      const template = inject('postgresTemplate');
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.store.db);
      other = await openStore({
        kind: 'postgres',
        url: withDatabase(template!.url, rows[0]!.name),
        maxConnections: 20,
      });
    }
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  async function fiftyHolds(agent: Agent): Promise<Booking[]> {
    const holds: Booking[] = [];
    for (let day = 0; holds.length < 50 && day < 30; day++) {
      const date = new Date(Date.UTC(2027, 1, 1 + day)).toISOString().slice(0, 10);
      const offer = await searchOffer(t, agent, { date });
      while (holds.length < 50) {
        const res = await book(t, agent, bookingBody(offer));
        if (res.statusCode !== 201) break;
        holds.push(res.json().data);
      }
    }
    expect(holds).toHaveLength(50);
    return holds;
  }

  const numbersOf = async (companyId: string) =>
    (
      await t.store.db
        .selectFrom('invoices')
        .select(['number', 'booking_id'])
        .where('company_id', '=', companyId)
        .execute()
    ).map((row) => ({ ...row, sequence: sequenceOf(row.number) }));

  it('numbers 50 simultaneous ticket issues 1…50: no gap, no duplicate, one invoice each', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 50_000_000 });
    const holds = await fiftyHolds(agent);
    const answers = await Promise.all(holds.map((booking) => issue(t, agent, booking.pnr)));
    expect(answers.map((res) => res.statusCode)).toEqual(holds.map(() => 200));
    const numbers = await numbersOf(agent.companyId);
    expect(numbers.map((row) => row.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
    expect(new Set(numbers.map((row) => row.booking_id)).size).toBe(50);
    const year = t.clock.now().getUTCFullYear();
    expect(numbers.every((row) => row.number.startsWith(`INV-${year}-`))).toBe(true);
    // The CSV export's batches (7 at a time here) walk every one once, newest first.
    const walked: string[] = [];
    for await (const batch of invoiceBatches(
      t.store.db,
      { companyId: agent.companyId, timeZone: 'UTC' },
      7,
    )) {
      walked.push(...batch.map((row) => row.number));
    }
    expect(walked).toEqual(
      numbers
        .map((row) => row.number)
        .sort()
        .reverse(),
    );
  });

  it('keeps the sequence whole with 50 issues at once over two pools, ten of them rolled back', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 50_000_000 });
    const holds = await fiftyHolds(agent);
    const rolledBack = new Set(holds.filter((_, index) => index % 5 === 2).map((booking) => booking.id));
    const pools = [t.store.db, other?.db ?? t.store.db];
    const at = t.clock.now();
    const outcomes = await Promise.allSettled(
      holds.map((booking, index) =>
        pools[index % 2]!.transaction().execute(async (trx) => {
          const invoice = await issueClientInvoice(trx, {
            companyId: agent.companyId,
            bookingId: booking.id,
            userId: agent.user.id,
            client: undefined,
            at,
          });
          // The event that issued it fails after the number was taken: the number goes back.
          if (rolledBack.has(booking.id)) throw new Error(`rolled back ${invoice.number}`);
          return invoice;
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(10);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(String(outcome.reason)).toMatch(/rolled back INV-/);
    }
    const numbers = await numbersOf(agent.companyId);
    expect(numbers.map((row) => row.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    expect(numbers.some((row) => rolledBack.has(row.booking_id))).toBe(false);
    // The counter stands at the last number given.
    const counter = await t.store.db
      .selectFrom('invoice_counters')
      .select(['year', 'last_number'])
      .where('company_id', '=', agent.companyId)
      .executeTakeFirstOrThrow();
    expect(counter).toEqual({ year: at.getUTCFullYear(), last_number: 40 });
    // The client defaults to the lead passenger and the booking's contact.
    const invoice = await t.store.db
      .selectFrom('invoices')
      .select('client')
      .where('company_id', '=', agent.companyId)
      .executeTakeFirstOrThrow();
    expect(invoice.client).toMatchObject({ email: 'desk@agency.test', address: null, tax_id: null });
  });
});
