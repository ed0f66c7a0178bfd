import { randomUUID } from 'node:crypto';
import {
  MAILED_NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
  type Permission,
} from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/modules/notices/notify.js';
import { asOperator, ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import { get, outbox, randomIp, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { pendingDeposit } from '../support/deposit-desk.js';
import { failingFor, PORTAL_URL, sendMails } from '../support/notices.js';
import { signedInOperator } from '../support/operator.js';
import { staffMember, staffSession } from '../support/staff.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 14: the money and approval notifications are e-mailed too, through one path — notify()
 * marks them pending in the deciding transaction, the mail sweep sends them after the commit to
 * the users who may act on them and have not turned that kind off, and a failed mail is tried
 * again for the recipients it missed, never lost.
 */

describe.each(storeKinds())('the notifications e-mail on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  /** An agency: its owner and staff holding each rule's permission, and some who never get mail. */
  async function agencyWithStaff() {
    const owner = await bookingAgent(t);
    const member = (permissions: Permission[]) => staffMember(t, owner.companyId, permissions);
    const payments = await member(['payments.view']);
    const refunds = await member(['bookings.refund', 'bookings.view']);
    const nobody = await member(['flights.search']);
    const inactive = await member(['payments.view', 'bookings.refund']);
    const deleted = await member(['payments.view', 'bookings.refund']);
    const invited = await member(['payments.view', 'bookings.refund']);
    const users = t.store.db.updateTable('users');
    await users.set({ is_active: false }).where('id', '=', inactive.id).execute();
    await users.set({ deleted_at: t.clock.now(), is_active: false }).where('id', '=', deleted.id).execute();
    // An invitation not accepted yet: no account to mail.
    await users.set({ password_hash: null }).where('id', '=', invited.id).execute();
    return { owner, payments, refunds, nobody, inactive, deleted, invited };
  }
  type Staffed = Awaited<ReturnType<typeof agencyWithStaff>>;
  const everyone = (agency: Staffed) => [
    agency.owner.email,
    agency.payments.email,
    agency.refunds.email,
    agency.nobody.email,
    agency.inactive.email,
    agency.deleted.email,
    agency.invited.email,
  ];

  /** A notification of this kind, committed; answers its unique title. */
  async function tell(companyId: string, notificationKind: NotificationKind, userId: string | null = null) {
    const title = `${notificationKind} ${randomUUID()}`;
    await notify(t.store.db, {
      companyId,
      userId,
      kind: notificationKind,
      title,
      body: 'First paragraph.\n\nReason: checked by SkyDesk',
      link: '/dashboard/transactions',
      at: t.clock.now(),
    });
    return title;
  }

  /** Who was mailed this title, among these addresses. */
  async function mailedTo(addresses: string[], title: string) {
    const mailed: string[] = [];
    for (const address of addresses) {
      const mails = (await outbox(t, address)).filter((mail) => mail.subject === `SkyDesk: ${title}`);
      if (mails.length > 1) throw new Error(`${address} got ${title} ${mails.length} times`);
      if (mails.length === 1) mailed.push(address);
    }
    return mailed;
  }

  const stateOf = async (title: string) =>
    (
      await t.store.db
        .selectFrom('notifications')
        .select('mail_state')
        .where('title', '=', title)
        .executeTakeFirstOrThrow()
    ).mail_state;

  it('mails each kind to the users who may act on it: approval to the owner, money to payments.view, refunds to bookings.refund', async () => {
    const agency = await agencyWithStaff();
    const { owner, payments, refunds } = agency;
    const approval = await tell(owner.companyId, 'company_approved');
    const suspension = await tell(owner.companyId, 'company_suspended');
    const deposit = await tell(owner.companyId, 'deposit_approved');
    const limit = await tell(owner.companyId, 'credit_limit_changed');
    const refund = await tell(owner.companyId, 'refund_rejected');
    expect(await stateOf(deposit)).toBe('pending');
    // Nothing is mailed before the sweep: the decision's request never waits on a mail server.
    expect(await mailedTo(everyone(agency), deposit)).toEqual([]);

    await sendMails(t);
    expect(await mailedTo(everyone(agency), approval)).toEqual([owner.email]);
    expect(await mailedTo(everyone(agency), suspension)).toEqual([owner.email]);
    expect(await mailedTo(everyone(agency), deposit)).toEqual([owner.email, payments.email]);
    expect(await mailedTo(everyone(agency), limit)).toEqual([owner.email, payments.email]);
    expect(await mailedTo(everyone(agency), refund)).toEqual([owner.email, refunds.email]);
    for (const title of [approval, suspension, deposit, limit, refund])
      expect(await stateOf(title)).toBe('sent');

    // Sent: the next run mails nothing again (mailedTo fails on a second copy).
    await sendMails(t);
    expect(await mailedTo(everyone(agency), deposit)).toEqual([owner.email, payments.email]);
  });

  it("mails a one user's notification to that user alone, and never another agency's users", async () => {
    const agency = await agencyWithStaff();
    const other = await bookingAgent(t);
    const lowBalance = await tell(agency.owner.companyId, 'low_balance', agency.nobody.id);
    await sendMails(t);
    expect(await mailedTo([...everyone(agency), other.email], lowBalance)).toEqual([agency.nobody.email]);
    // A deactivated user's own notification is not mailed, and is done with.
    const theirs = await tell(agency.owner.companyId, 'low_balance', agency.inactive.id);
    await sendMails(t);
    expect(await mailedTo(everyone(agency), theirs)).toEqual([]);
    expect(await stateOf(theirs)).toBe('sent');
  });

  it('mails nothing of the kinds that are not e-mailed', async () => {
    const agency = await agencyWithStaff();
    const ticketed = await tell(agency.owner.companyId, 'booking_ticketed');
    const news = await tell(agency.owner.companyId, 'announcement');
    expect(await stateOf(ticketed)).toBeNull();
    await sendMails(t);
    expect(await mailedTo(everyone(agency), ticketed)).toEqual([]);
    expect(await mailedTo(everyone(agency), news)).toEqual([]);
  });

  it('says what happened and links to the portal, with a way to turn it off', async () => {
    const agency = await agencyWithStaff();
    const title = await tell(agency.owner.companyId, 'deposit_rejected');
    await sendMails(t);
    const [mail] = (await outbox(t, agency.payments.email)).filter((m) => m.subject === `SkyDesk: ${title}`);
    expect(mail?.text).toContain('Hello Staff Member,');
    expect(mail?.text).toContain('Reason: checked by SkyDesk');
    expect(mail?.text).toContain(`${PORTAL_URL}/dashboard/transactions`);
    expect(mail?.text).toContain(`${PORTAL_URL}/dashboard/settings`);
    expect(mail?.html).toContain('See your transactions');
    expect(mail?.html).toContain(`href="${PORTAL_URL}/dashboard/transactions"`);
  });

  it('leaves out a user who turned that kind off, and only that kind', async () => {
    const agency = await agencyWithStaff();
    const session = await staffSession(t, agency.payments);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/notification-settings',
      headers: { authorization: `Bearer ${session.token}` },
      payload: { email: { deposit_approved: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const deposit = await tell(agency.owner.companyId, 'deposit_approved');
    const rejected = await tell(agency.owner.companyId, 'deposit_rejected');
    await sendMails(t);
    expect(await mailedTo(everyone(agency), deposit)).toEqual([agency.owner.email]);
    expect(await mailedTo(everyone(agency), rejected)).toEqual([agency.owner.email, agency.payments.email]);
  });

  it('tries a failed mail again later for the recipients it missed only, and loses none', async () => {
    const agency = await agencyWithStaff();
    const deposit = await tell(agency.owner.companyId, 'deposit_approved');
    const first = await sendMails(t, failingFor(t, [agency.payments.email]));
    expect(first.failed).toBe(1);
    expect(await mailedTo(everyone(agency), deposit)).toEqual([agency.owner.email]);
    expect(await stateOf(deposit)).toBe('pending');

    // Not at once (the mail server asked to wait), but a minute later.
    expect((await sendMails(t)).sent).toBe(0);
    t.clock.advance(61_000);
    // Failing again: the wait doubles.
    expect((await sendMails(t, failingFor(t, [agency.payments.email]))).failed).toBe(1);
    t.clock.advance(61_000);
    expect((await sendMails(t)).sent).toBe(0);
    t.clock.advance(61_000);
    await sendMails(t);
    expect(await mailedTo(everyone(agency), deposit)).toEqual([agency.owner.email, agency.payments.email]);
    expect(await stateOf(deposit)).toBe('sent');
  });

  it('mails nothing for a decision that rolled back', async () => {
    const agency = await agencyWithStaff();
    const title = `Rolled back ${randomUUID()}`;
    await expect(
      t.store.db.transaction().execute(async (trx) => {
        await notify(trx, {
          companyId: agency.owner.companyId,
          userId: null,
          kind: 'deposit_approved',
          title,
          body: 'Never',
          link: null,
          at: t.clock.now(),
        });
        throw new Error('the decision failed after notifying');
      }),
    ).rejects.toThrow('the decision failed');
    await sendMails(t);
    expect(await mailedTo(everyone(agency), title)).toEqual([]);
    const rows = await t.store.db
      .selectFrom('notifications')
      .select('id')
      .where('title', '=', title)
      .execute();
    expect(rows).toEqual([]);
  });

  it('mails each recipient once when two sweeps run at once', async () => {
    const agency = await agencyWithStaff();
    const titles = [];
    for (let index = 0; index < 6; index++)
      titles.push(await tell(agency.owner.companyId, 'credits_adjusted'));
    await Promise.all([sendMails(t), sendMails(t), sendMails(t)]);
    for (const title of titles) {
      expect(await mailedTo(everyone(agency), title)).toEqual([agency.owner.email, agency.payments.email]);
    }
  });

  it('mails an approved deposit to the agency after the operator decides it', async () => {
    const agency = await agencyWithStaff();
    const operator = await signedInOperator(t);
    const deposit = await pendingDeposit(t, agency.owner.companyId, { amountMinor: 25_000 });
    await ok(asOperator(t, operator, 'POST', `/api/admin/transactions/${deposit.id}/approve`));
    await sendMails(t);
    const title = `Deposit ${deposit.referenceNo} approved`;
    expect(await mailedTo(everyone(agency), title)).toEqual([agency.owner.email, agency.payments.email]);
  });

  describe('the settings', () => {
    const settingsOf = (who: { token: string }) =>
      ok<NotificationSettings>(get(t, '/api/user/notification-settings', { token: who.token }));
    const change = (who: { token: string }, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/notification-settings',
        headers: { authorization: `Bearer ${who.token}` },
        remoteAddress: randomIp(),
        payload: payload as Record<string, unknown>,
      });

    it('has every e-mailed kind on until turned off, each user for themselves', async () => {
      const owner: Agent = await bookingAgent(t);
      const colleague = await staffSession(t, await staffMember(t, owner.companyId, []));
      const all = await settingsOf(owner);
      expect(Object.keys(all.email).sort()).toEqual([...MAILED_NOTIFICATION_KINDS].sort());
      expect(Object.values(all.email).every(Boolean)).toBe(true);

      const off = await ok<NotificationSettings>(
        change(owner, { email: { low_balance: false, refund_approved: false } }),
      );
      expect(off.email).toMatchObject({ low_balance: false, refund_approved: false, deposit_approved: true });
      expect(await settingsOf(owner)).toEqual(off);
      // Saying it twice changes nothing; turning one on again leaves the other off.
      await ok(change(owner, { email: { low_balance: false } }));
      const back = await ok<NotificationSettings>(change(owner, { email: { low_balance: true } }));
      expect(back.email).toMatchObject({ low_balance: true, refund_approved: false });
      expect(Object.values((await settingsOf(colleague)).email).every(Boolean)).toBe(true);
    });

    it.each([
      [{ email: { announcement: false } }],
      [{ email: { nope: true } }],
      [{ email: { low_balance: 'no' } }],
      [{}],
      [{ email: {}, extra: 1 }],
    ])('refuses %j (422)', async (payload) => {
      const owner = await bookingAgent(t);
      const res = await change(owner, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().data.errors).length).toBeGreaterThan(0);
    });
  });
});
