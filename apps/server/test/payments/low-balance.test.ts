import type { Credits } from '@skydesk/contract';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsOf, ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { outbox, randomIp, type SignedIn, type TestApp } from '../support/auth-flow.js';
import { type Agent, addCredits, agentWithPermissions, bookingAgent } from '../support/bookings.js';
import { failingFor, PORTAL_URL, sendMails } from '../support/notices.js';
import { storeKinds } from '../support/stores.js';

/**
 * The low-balance alert an agency tunes (issue 12): its threshold (PUT /api/company/low-balance-
 * threshold, weighed at once), the owner's notification once per crossing, and its e-mail, which
 * the notifications' mail sweep sends (issue 14) — a failed mail tried again later.
 */

const THRESHOLD = '/api/company/low-balance-threshold';
const MAIL_SUBJECT = 'SkyDesk: Your available credits are running low';

describe.each(storeKinds())('the low-balance alert on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const setThreshold = (who: Pick<SignedIn, 'token'>, payload: unknown): Promise<Response> =>
    t.app.inject({
      method: 'PUT',
      url: THRESHOLD,
      headers: { authorization: `Bearer ${who.token}` },
      remoteAddress: randomIp(),
      payload: payload as Record<string, unknown>,
    });
  /** The agency's low-balance notifications, oldest first (one per crossing). */
  const alertsOf = (companyId: string) =>
    t.store.db
      .selectFrom('notifications')
      .select(['id', 'body', 'mail_state'])
      .where('company_id', '=', companyId)
      .where('kind', '=', 'low_balance')
      .orderBy('created_at')
      .execute();
  const alertedAt = async (companyId: string) =>
    (
      await t.store.db
        .selectFrom('credit_balances')
        .select('low_balance_alerted_at')
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).low_balance_alerted_at;
  const lowBalanceNotices = async (agent: Agent) =>
    (await notificationsOf(t, agent)).filter((notice) => notice.kind === 'low_balance');

  describe('the threshold', () => {
    it('is set, answered in the credits, and reset to the default with null', async () => {
      // A fresh agency has no balance row yet: setting the threshold makes it.
      const agent = await bookingAgent(t);
      const set = await ok<Credits>(setThreshold(agent, { amount: 250.75 }));
      expect(set).toMatchObject({
        balance: 0,
        low_balance_threshold: 250.75,
        low_balance_threshold_custom: true,
      });
      expect(
        await ok(
          t.app.inject({
            method: 'GET',
            url: '/api/booking-credits',
            headers: { authorization: `Bearer ${agent.token}` },
          }),
        ),
      ).toEqual(set);

      const reset = await ok<Credits>(setThreshold(agent, { amount: null }));
      // The default: a tenth of the last approved deposit (none yet: 0).
      expect(reset).toMatchObject({ low_balance_threshold: 0, low_balance_threshold_custom: false });
    });

    it.each([
      [{ amount: -1 }],
      [{ amount: 10_000_000.01 }],
      [{ amount: 1.005 }],
      [{ amount: '100' }],
      [{}],
      [{ amount: 5, extra: true }],
    ])('refuses %j (422 with the field)', async (payload) => {
      const agent = await bookingAgent(t);
      const res = await setThreshold(agent, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().data.errors).length).toBeGreaterThan(0);
    });

    it('needs payments.create', async () => {
      const viewer = await agentWithPermissions(t, ['payments.view']);
      expect((await setThreshold(viewer, { amount: 10 })).statusCode).toBe(403);
    });

    it('is weighed at once: raised above what is available it alerts the owner once; lowered it clears the alert', async () => {
      const agent = await bookingAgent(t, { creditsMinor: 10_000 });
      expect(await alertsOf(agent.companyId)).toHaveLength(0);

      await ok(setThreshold(agent, { amount: 200 }));
      expect(await alertsOf(agent.companyId)).toMatchObject([
        {
          body: expect.stringContaining('US$100.00, under your alert threshold of US$200.00'),
          mail_state: 'pending',
        },
      ]);
      expect(await lowBalanceNotices(agent)).toHaveLength(1);

      // Still under: no second alert.
      await ok(setThreshold(agent, { amount: 300 }));
      expect(await alertsOf(agent.companyId)).toHaveLength(1);

      // Back above what is available: the crossing is over…
      await ok(setThreshold(agent, { amount: 50 }));
      expect(await alertedAt(agent.companyId)).toBeNull();
      // …so the next one alerts again, whether a threshold or a posting makes it.
      await ok(setThreshold(agent, { amount: 200 }));
      expect(await alertsOf(agent.companyId)).toHaveLength(2);
      expect(await lowBalanceNotices(agent)).toHaveLength(2);
    });

    it('makes the next posting alert under the new threshold', async () => {
      const agent = await bookingAgent(t, { creditsMinor: 10_000 });
      await ok(setThreshold(agent, { amount: 60 }));
      expect(await alertsOf(agent.companyId)).toHaveLength(0);
      await addCredits(t.store.db, agent.companyId, -5_000);
      expect(await alertsOf(agent.companyId)).toMatchObject([
        { body: expect.stringContaining('US$50.00, under your alert threshold of US$60.00') },
      ]);
    });
  });

  describe('the e-mail', () => {
    it("mails the owner each unmailed alert once, with the figures and the deposit form's link", async () => {
      const agent = await bookingAgent(t, { creditsMinor: 10_000 });
      await ok(setThreshold(agent, { amount: 150 }));

      await sendMails(t);
      const mails = (await outbox(t, agent.email)).filter((mail) => mail.subject === MAIL_SUBJECT);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('US$100.00, under your alert threshold of US$150.00');
      expect(mails[0]!.text).toContain(`${PORTAL_URL}/dashboard/create-transaction`);
      expect(mails[0]!.html).toContain('Record a deposit');
      const [alert] = await alertsOf(agent.companyId);
      expect(alert!.mail_state).toBe('sent');

      // Mailed: the next run sends nothing more.
      await sendMails(t);
      expect((await outbox(t, agent.email)).filter((mail) => mail.subject === MAIL_SUBJECT)).toHaveLength(1);
    });

    it('keeps a mail that failed for the next run, and sends the others meanwhile', async () => {
      const failing = await bookingAgent(t, { creditsMinor: 10_000 });
      const fine = await bookingAgent(t, { creditsMinor: 10_000 });
      await ok(setThreshold(failing, { amount: 150 }));
      await ok(setThreshold(fine, { amount: 150 }));

      const first = await sendMails(t, failingFor(t, [failing.email]));
      expect(first.failed).toBeGreaterThanOrEqual(1);
      expect((await alertsOf(failing.companyId))[0]!.mail_state).toBe('pending');
      expect((await alertsOf(fine.companyId))[0]!.mail_state).toBe('sent');
      expect((await outbox(t, fine.email)).filter((mail) => mail.subject === MAIL_SUBJECT)).toHaveLength(1);

      // Tried again a minute later.
      t.clock.advance(61_000);
      const second = await sendMails(t);
      expect(second.failed).toBe(0);
      expect((await alertsOf(failing.companyId))[0]!.mail_state).toBe('sent');
      expect((await outbox(t, failing.email)).filter((mail) => mail.subject === MAIL_SUBJECT)).toHaveLength(
        1,
      );
    });
  });
});
