import { randomUUID } from 'node:crypto';
import {
  ACCESS,
  type AdminCompany,
  type AdminCompanyDetails,
  type AdminCompanyList,
} from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOperator, auditOf, notificationsOf, ok, submitVendorForm } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import {
  get,
  login,
  onboardedOwner,
  outbox,
  registerCompany,
  type SignedIn,
  setCompanyStatus,
  signIn,
  type TestApp,
} from '../support/auth-flow.js';
import { addCredits, bookingAgent } from '../support/bookings.js';
import { sendMails } from '../support/notices.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * Agency review in the back office (docs/api.md#back-office, docs/architecture.md §5): the queue, the agency
 * page with its documents, approve and reject with the owner told by e-mail and in the portal,
 * resubmission back into the queue, suspension and reactivation.
 */

const REASON = 'The trade licence is expired; send the renewed one';

describe.each(storeKinds())('agency review on %s', (kind) => {
  let t: TestApp;
  let operator: Operator;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  /** As the operator, with a fresh session: the tests move the clock past a token's 30 minutes. */
  const admin = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    operator = await signInAgainAsOperator(t, operator);
    return asOperator(t, operator, method, url, payload);
  };
  const queue = async (query: Record<string, string>) =>
    ok<AdminCompanyList>(admin('GET', `/api/admin/companies?${new URLSearchParams(query)}`));
  const page = (id: string) => ok<AdminCompanyDetails>(admin('GET', `/api/admin/companies/${id}`));
  const me = async (owner: SignedIn) => ok(get(t, '/api/me', { token: owner.token }));

  it('reviews an agency: documents, rejection with a reason, resubmission, approval', async () => {
    const owner = await onboardedOwner(t, { company_name: 'Nile Horizon Tours' });
    const companyId = owner.user.company_id;
    const waiting = await queue({ status: 'email_verified', q: 'Nile Horizon' });
    expect(waiting.companies.map((company) => company.id)).toEqual([companyId]);
    // Nothing to review yet: the vendor form is missing.
    const early = await admin('POST', `/api/admin/companies/${companyId}/approve`);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toMatch(/only an agency under review/);

    t.clock.advance(60_000);
    const sent = await submitVendorForm(t, owner);
    t.clock.advance(600_000);
    const pending = await queue({ status: 'pending_review', q: 'Nile Horizon' });
    expect(pending.companies).toHaveLength(1);
    const listed = pending.companies[0] as AdminCompany;
    expect(listed).toMatchObject({
      id: companyId,
      verification_status: 'pending_review',
      balance: 0,
      currency: 'USD',
      user_count: 1,
      country: 'AE',
    });
    expect(listed.submitted_at).not.toBeNull();
    expect(listed.waiting_since).toBe(listed.submitted_at);

    const details = await page(companyId);
    expect(details.company).toMatchObject({
      id: companyId,
      name: 'Nile Horizon Tours',
      contact_name: 'Amira Haddad',
    });
    expect(details.vendor_form).toMatchObject({
      trade_license_number: 'TL-2026-00931',
      submitted_by: { id: owner.user.id },
    });
    expect(details.submissions).toBe(1);
    expect(details.users).toEqual([
      expect.objectContaining({
        id: owner.user.id,
        is_owner: true,
        email_verified: true,
        two_factor_enabled: true,
      }),
    ]);
    expect(details.bookings_count).toBe(0);
    expect(details.history).toEqual([]);

    // Both documents, inline to view and as attachments to save, exactly as sent.
    const documents = details.vendor_form!.documents;
    expect(documents.map((document) => document.kind).sort()).toEqual(['owner_id_document', 'trade_license']);
    for (const document of documents) {
      const expected = document.kind === 'trade_license' ? sent.tradeLicense : sent.ownerId;
      const inline = await admin('GET', document.url);
      expect(inline.statusCode).toBe(200);
      expect(inline.rawPayload.equals(expected)).toBe(true);
      expect(inline.headers['content-type']).toBe(document.content_type);
      expect(inline.headers['content-disposition']).toMatch(/^inline; filename="/);
      expect(inline.headers['x-content-type-options']).toBe('nosniff');
      expect(inline.headers['cache-control']).toBe('private, no-store');
      const saved = await admin('GET', document.download_url);
      expect(saved.statusCode).toBe(200);
      expect(saved.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(saved.rawPayload.equals(expected)).toBe(true);
    }
    // Another agency's document id, or none, answers as missing.
    const stranger = await onboardedOwner(t);
    const foreign = await admin(
      'GET',
      `/api/admin/companies/${stranger.user.company_id}/documents/${documents[0]!.id}`,
    );
    expect(foreign.statusCode).toBe(404);

    // Reject: the reason is required and bounded.
    for (const [body, field] of [
      [{}, 'reason'],
      [{ reason: ' ' }, 'reason'],
      [{ reason: 'x'.repeat(1_001) }, 'reason'],
    ] as const) {
      const bad = await admin('POST', `/api/admin/companies/${companyId}/reject`, body);
      expect(bad.statusCode, bad.body).toBe(422);
      expect(Object.keys(bad.json().data.errors)).toEqual([field]);
    }
    const rejected = await ok<AdminCompanyDetails>(
      admin('POST', `/api/admin/companies/${companyId}/reject`, { reason: REASON }),
    );
    expect(rejected.company).toMatchObject({ verification_status: 'rejected', rejection_reason: REASON });
    expect(rejected.history).toEqual([
      expect.objectContaining({
        action: 'reject',
        from_status: 'pending_review',
        to_status: 'rejected',
        reason: REASON,
        operator: { id: operator.id, name: operator.name },
      }),
    ]);
    const again = await admin('POST', `/api/admin/companies/${companyId}/reject`, { reason: REASON });
    expect(again.statusCode).toBe(409);
    expect((await admin('POST', `/api/admin/companies/${companyId}/approve`)).statusCode).toBe(409);

    // The owner is told by e-mail (the notification's, by the mail sweep) and in the portal, and
    // sees the reason.
    await sendMails(t);
    const [rejectionMail] = await outbox(t, owner.email);
    expect(rejectionMail?.subject).toBe('SkyDesk: Nile Horizon Tours could not be approved yet');
    expect(rejectionMail?.text).toContain(REASON);
    const [rejection] = await notificationsOf(t, owner);
    expect(rejection).toMatchObject({ kind: 'company_rejected', read_at: null, link: '/dashboard' });
    expect(rejection?.body).toContain(REASON);
    expect((await me(owner)).company).toMatchObject({
      verification_status: 'rejected',
      rejection_reason: REASON,
    });

    // The owner sends the form again: back in the queue.
    t.clock.advance(60_000);
    await submitVendorForm(t, owner);
    const back = await queue({ status: 'pending_review', q: 'Nile Horizon' });
    expect(back.companies.map((company) => company.id)).toEqual([companyId]);
    expect(back.companies[0]?.rejection_reason).toBeNull();
    expect((await page(companyId)).submissions).toBe(2);

    const approved = await ok<AdminCompanyDetails>(
      admin('POST', `/api/admin/companies/${companyId}/approve`),
    );
    expect(approved.company.verification_status).toBe('approved');
    expect(approved.history.map((decision) => decision.action)).toEqual(['approve', 'reject']);
    const twice = await admin('POST', `/api/admin/companies/${companyId}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'Nile Horizon Tours is already approved; only an agency under review can be approved',
    );

    await sendMails(t);
    const [approvalMail] = await outbox(t, owner.email);
    expect(approvalMail?.subject).toBe('SkyDesk: Nile Horizon Tours is approved');
    expect((await notificationsOf(t, owner)).map((notice) => notice.kind)).toEqual([
      'company_approved',
      'company_rejected',
    ]);
    // Approved: the agency's calls open (its token is checked against the store on every call).
    expect((await get(t, '/api/booking-credits', { token: owner.token })).statusCode).toBe(200);

    // Each decision is in the audit log, newest first.
    const entries = await auditOf(t, await signInAgainAsOperator(t, operator), companyId);
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'company.approve',
      'company.reject',
    ]);
    expect(entries[1]).toMatchObject({
      actor: { id: operator.id, name: operator.name, email: operator.email },
      target_type: 'company',
      target_id: companyId,
      before: { verification_status: 'pending_review', rejection_reason: null },
      after: { verification_status: 'rejected', rejection_reason: REASON, reason: REASON },
    });
  });

  it('searches the queue by name, e-mail or country, in pages, longest waiting first', async () => {
    const tag = randomUUID().slice(0, 8);
    const made: string[] = [];
    for (const [name, country] of [
      [`Atlas ${tag} Travel`, 'MA'],
      [`Fjord ${tag} Reisen`, 'NO'],
      [`Coral ${tag} Trips`, 'MA'],
    ] as const) {
      const { email } = await registerCompany(t, { company_name: name, country });
      const row = await t.store.db
        .selectFrom('users')
        .select('company_id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      made.push(row.company_id);
      t.clock.advance(60_000);
    }
    const all = await queue({ q: tag, limit: '2' });
    expect(all).toMatchObject({ total: 3, totalPages: 2 });
    expect(all.companies.map((company) => company.id)).toEqual(made.slice(0, 2));
    expect((await queue({ q: tag, limit: '2', page: '1' })).companies.map((company) => company.id)).toEqual([
      made[2],
    ]);
    expect((await queue({ q: `fjord ${tag}` })).companies.map((company) => company.id)).toEqual([made[1]]);
    const byCode = await queue({ q: 'ma', status: 'registered' });
    expect(byCode.companies.map((company) => company.id)).toEqual(expect.arrayContaining([made[0], made[2]]));
    expect(byCode.companies.every((company) => company.country === 'MA')).toBe(true);
    const byName = await queue({ q: 'Morocco', status: 'registered' });
    expect(byName.companies.map((company) => company.id)).toEqual(expect.arrayContaining([made[0], made[2]]));
    const email = (await page(made[1]!)).company.email;
    expect((await queue({ q: email.toUpperCase() })).companies.map((company) => company.id)).toEqual([
      made[1],
    ]);
    // Wildcards are text, not patterns.
    expect((await queue({ q: '%' })).total).toBe(0);

    const bad = await admin('GET', '/api/admin/companies?status=lost&page=-1&limit=500&extra=1');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().data.errors).sort()).toEqual(['extra', 'limit', 'page', 'status']);
  });

  it('suspends an agency: its sessions end, its users are refused, nothing is deleted; reactivation restores it', async () => {
    const owner = await bookingAgent(t, { creditsMinor: 25_000 });
    const second = await signIn(t, owner);
    const companyId = owner.companyId;

    const missing = await admin('POST', `/api/admin/companies/${companyId}/suspend`, {});
    expect(missing.statusCode).toBe(422);
    const suspended = await ok<AdminCompanyDetails>(
      admin('POST', `/api/admin/companies/${companyId}/suspend`, {
        reason: 'Chargebacks under investigation',
      }),
    );
    expect(suspended.company).toMatchObject({ verification_status: 'suspended', balance: 250 });
    expect(
      (await admin('POST', `/api/admin/companies/${companyId}/suspend`, { reason: 'Again' })).statusCode,
    ).toBe(409);

    // Every session ended at once: the next call is a 401, whichever session.
    for (const session of [owner, second]) {
      const res = await get(t, '/api/me', { token: session.token });
      expect(res.statusCode).toBe(401);
    }
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: owner.cookie },
    });
    expect(refresh.statusCode).toBe(401);
    // Signing in again is refused with a message that says why.
    const again = await login(t, owner.email, owner.password);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(ACCESS.agencySuspended);
    await sendMails(t);
    const [mail] = await outbox(t, owner.email);
    expect(mail?.subject).toBe(`SkyDesk: ${suspended.company.name} is suspended`);
    expect(mail?.text).toContain('Chargebacks under investigation');
    t.clock.advance(1_000);

    const reactivated = await ok<AdminCompanyDetails>(
      admin('POST', `/api/admin/companies/${companyId}/reactivate`, { reason: 'Cleared by the bank' }),
    );
    expect(reactivated.company.verification_status).toBe('approved');
    expect(reactivated.company.balance).toBe(250);
    expect(reactivated.users).toHaveLength(1);
    expect(reactivated.history.map((decision) => [decision.action, decision.to_status])).toEqual([
      ['reactivate', 'approved'],
      ['suspend', 'suspended'],
    ]);
    expect(
      (await admin('POST', `/api/admin/companies/${companyId}/reactivate`, { reason: 'Again' })).statusCode,
    ).toBe(409);
    const back = await signIn(t, owner);
    expect((await get(t, '/api/booking-credits', { token: back.token })).json().data.balance).toBe(250);
    expect((await notificationsOf(t, back)).map((notice) => notice.kind)).toEqual([
      'company_reactivated',
      'company_suspended',
    ]);
    const entries = await auditOf(t, await signInAgainAsOperator(t, operator), companyId);
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'company.reactivate',
      'company.suspend',
    ]);
    expect(entries[1].after).toMatchObject({ verification_status: 'suspended', sessions_ended: 2 });
  });

  it('refuses a suspended agency on every call, whatever session it holds', async () => {
    const owner = await bookingAgent(t);
    // A session that outlived the suspension (e.g. a sign-in finishing meanwhile).
    await setCompanyStatus(t.store.db, owner.companyId, 'suspended');
    for (const url of ['/api/me', '/api/vendor-form', '/api/notification', '/api/booking-credits']) {
      const res = await get(t, url, { token: owner.token });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(ACCESS.agencySuspended);
    }
  });

  it('reactivates an agency to the state it was suspended from', async () => {
    const owner = await onboardedOwner(t);
    await submitVendorForm(t, owner);
    const companyId = owner.user.company_id;
    await ok(admin('POST', `/api/admin/companies/${companyId}/suspend`, { reason: 'Suspicious documents' }));
    t.clock.advance(1_000);
    expect((await admin('POST', `/api/admin/companies/${companyId}/approve`)).statusCode).toBe(409);
    const back = await ok<AdminCompanyDetails>(
      admin('POST', `/api/admin/companies/${companyId}/reactivate`, { reason: 'Documents checked' }),
    );
    expect(back.company.verification_status).toBe('pending_review');
  });

  it('answers 404 for an agency that does not exist', async () => {
    const id = randomUUID();
    for (const [method, url, body] of [
      ['GET', `/api/admin/companies/${id}`, undefined],
      ['GET', `/api/admin/companies/${id}/documents/${randomUUID()}`, undefined],
      ['POST', `/api/admin/companies/${id}/approve`, undefined],
      ['POST', `/api/admin/companies/${id}/reject`, { reason: REASON }],
      ['POST', `/api/admin/companies/${id}/suspend`, { reason: REASON }],
      ['POST', `/api/admin/companies/${id}/reactivate`, { reason: REASON }],
      ['POST', `/api/admin/companies/${id}/adjustments`, { amount: 10, reason: REASON }],
    ] as const) {
      const res = await admin(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await admin('GET', '/api/admin/companies/not-a-uuid')).statusCode).toBe(422);
  });

  it('adjusts credits both ways, never below zero', async () => {
    const owner = await bookingAgent(t);
    const companyId = owner.companyId;
    await addCredits(t.store.db, companyId, 10_000);
    const url = `/api/admin/companies/${companyId}/adjustments`;

    const credit = await ok(
      admin('POST', url, { amount: 100.5, reason: 'Goodwill for the delayed refund' }),
      201,
    );
    expect(credit).toMatchObject({
      kind: 'adjustment',
      amount: 100.5,
      balance_after: 200.5,
      currency: 'USD',
    });
    t.clock.advance(1_000);
    const debit = await ok(admin('POST', url, { amount: -0.5, reason: 'Bank fee' }), 201);
    expect(debit).toMatchObject({ amount: -0.5, balance_after: 200 });
    const tooMuch = await admin('POST', url, { amount: -200.01, reason: 'Reverse the deposit' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toMatch(/would take .* balance of US\$200\.00 below zero/);
    // To zero exactly is allowed.
    t.clock.advance(1_000);
    await ok(admin('POST', url, { amount: -200, reason: 'Close the balance' }), 201);

    for (const body of [
      { amount: 0, reason: 'Nothing' },
      { amount: 5 },
      { amount: 1.005, reason: 'Cents' },
      { reason: 'No amount' },
    ]) {
      const bad = await admin('POST', url, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
    }
    const ledger = await t.store.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_minor', 'balance_after_minor', 'note'])
      .where('company_id', '=', companyId)
      .orderBy('created_at')
      .execute();
    expect(ledger.slice(1)).toEqual([
      {
        kind: 'adjustment',
        amount_minor: 10_050,
        balance_after_minor: 20_050,
        note: 'Goodwill for the delayed refund',
      },
      { kind: 'adjustment', amount_minor: -50, balance_after_minor: 20_000, note: 'Bank fee' },
      { kind: 'adjustment', amount_minor: -20_000, balance_after_minor: 0, note: 'Close the balance' },
    ]);
    const notices = await notificationsOf(t, owner);
    expect(notices.map((notice) => notice.title)).toEqual([
      'US$200.00 debited',
      'US$0.50 debited',
      'US$100.50 credited',
    ]);
    const entries = await auditOf(t, await signInAgainAsOperator(t, operator), companyId, 'credits.adjust');
    expect(entries).toHaveLength(3);
    expect(entries[2]).toMatchObject({
      before: { balance: 100, currency: 'USD' },
      after: { balance: 200.5, amount: 100.5, reason: 'Goodwill for the delayed refund' },
    });
  });
});
