import { randomUUID } from 'node:crypto';
import { EMPTY_RESULT, SERVER, SUCCESS, Transaction } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEPOSIT_MESSAGES } from '../../src/modules/payments/deposits.js';
import { IDEMPOTENCY_MESSAGES, REPLAYED_HEADER } from '../../src/platform/http/idempotency.js';
import { ok } from '../support/admin.js';
import { createTestApp } from '../support/app.js';
import {
  type FilePart,
  formData,
  get,
  postForm,
  type SignedIn,
  sampleFiles,
  type TestApp,
} from '../support/auth-flow.js';
import { type Agent, agentWithPermissions, bookingAgent, errorFields } from '../support/bookings.js';
import { pendingDeposit, testBank } from '../support/deposit-desk.js';
import { storeKinds } from '../support/stores.js';

/**
 * The agency's side of deposits (issue 12): the bank accounts it may pay into, a deposit recorded
 * with its receipt (checked by content, ≤ 5 MB), one live deposit per bank reference, Idempotency-Key
 * over the whole form, the list of its own deposits and their receipts. The test clock stands at
 * 2026-11-22T12:00Z.
 */

const TODAY = '2026-11-22';
const CREATE = '/api/company/create-transaction';
const LIST = '/api/company/user-transactions';
/** The list streams past the registrar's answer check: checked against the contract here. */
const TransactionList = z.array(Transaction);

let referenceCounter = 0;
const nextReference = () => `TT-${Date.now().toString(36)}-${++referenceCounter}`;

describe.each(storeKinds())('deposits on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let bankId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t);
    bankId = await testBank(t.store.db, 'Emirates NBD');
  });
  afterAll(async () => t?.close());

  const fields = (overrides: Record<string, string | undefined> = {}) => {
    const all: Record<string, string | undefined> = {
      bank_id: bankId,
      amount: '1250.50',
      deposit_date: TODAY,
      reference_no: nextReference(),
      note: 'November top-up',
      ...overrides,
    };
    return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined)) as Record<
      string,
      string
    >;
  };
  const receipt = (overrides: Partial<FilePart> = {}): FilePart => ({
    name: 'receipt',
    content: sampleFiles.pdf(),
    filename: 'transfer receipt.pdf',
    type: 'application/pdf',
    ...overrides,
  });
  const create = (
    who: Pick<SignedIn, 'token'>,
    formFields: Record<string, string>,
    files: FilePart[] = [receipt()],
    headers: Record<string, string> = {},
  ) => postForm(t, CREATE, formData(formFields, files), { token: who.token, headers });
  const list = (who: Pick<SignedIn, 'token'>, query = '') =>
    get(t, `${LIST}${query ? `?${query}` : ''}`, { token: who.token });
  const listOk = async (who: Pick<SignedIn, 'token'>, query = '') => {
    const res = await list(who, query);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, message: 'Transactions' });
    return TransactionList.parse(body.data);
  };
  const depositCount = async (companyId: string) =>
    (
      await t.store.db
        .selectFrom('deposit_transactions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n;

  describe('bank accounts', () => {
    it("answers 404 'No Banks Found' while there is no live account", async () => {
      const retired = await testBank(t.store.db, 'Retired Bank');
      await t.store.db
        .updateTable('banks')
        .set({ retired_at: new Date() })
        .where('id', '=', retired)
        .execute();
      // The live account of the other tests, retired for this one and back after it.
      await t.store.db
        .updateTable('banks')
        .set({ retired_at: new Date() })
        .where('id', '=', bankId)
        .execute();
      try {
        const res = await get(t, '/api/bank', { token: agent.token });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ status: false, message: EMPTY_RESULT.noBanks });
      } finally {
        await t.store.db.updateTable('banks').set({ retired_at: null }).where('id', '=', bankId).execute();
      }
    });

    it('lists the live accounts as [ Bank[] ], retired ones left out', async () => {
      const data = await ok(get(t, '/api/bank', { token: agent.token }));
      expect(data).toHaveLength(1);
      expect(data[0]).toHaveLength(1);
      expect(data[0][0]).toEqual({
        id: bankId,
        bank: 'Emirates NBD',
        account_title: 'SkyDesk Travel Technologies LLC',
        account_number: expect.any(String),
        iban: null,
      });
    });
  });

  describe('recording a deposit', () => {
    it('records a pending deposit with its receipt: 201, the Transaction, listed and served', async () => {
      const sent = fields({ reference_no: 'FT2611220042', amount: '1250.5' });
      const file = receipt();
      const res = await create(agent, sent, [file]);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body.message).toBe(SUCCESS.transactionCreated);
      const deposit: Transaction = body.data;
      expect(deposit).toEqual({
        id: expect.any(String),
        bank: { id: bankId, bank: 'Emirates NBD' },
        amount: 1250.5,
        currency: 'USD',
        deposit_date: TODAY,
        reference_no: 'FT2611220042',
        note: 'November top-up',
        status: 'pending',
        rejection_reason: null,
        receipt_url: `/api/company/transactions/${deposit.id}/receipt`,
        receipt_file_name: 'transfer receipt.pdf',
        created_by: { id: agent.user.id, name: expect.any(String) },
        created_at: t.clock.now().toISOString(),
        decided_at: null,
      });
      expect((await listOk(agent)).find((row) => row.id === deposit.id)).toEqual(deposit);

      const served = await get(t, deposit.receipt_url, { token: agent.token });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['content-disposition']).toBe('inline; filename="transfer_receipt.pdf"');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.rawPayload.equals(file.content)).toBe(true);

      // Pending deposits show in the credits, not in the balance.
      const credits = await ok(get(t, '/api/booking-credits', { token: agent.token }));
      expect(credits).toMatchObject({ balance: 0, pending_deposits: 1250.5 });
    });

    it('takes a deposit dated a day already begun somewhere (UTC+14) and refuses one still to come', async () => {
      // 12:00Z on the 22nd is 02:00 on the 23rd in Kiribati, and nowhere yet the 24th.
      const tomorrow = await create(agent, fields({ deposit_date: '2026-11-24' }));
      expect(tomorrow.statusCode).toBe(422);
      expect(tomorrow.json().data.errors).toEqual({ deposit_date: [DEPOSIT_MESSAGES.futureDate] });
      const eastOfUtc = await create(agent, fields({ deposit_date: '2026-11-23' }));
      expect(eastOfUtc.statusCode, eastOfUtc.body).toBe(201);
      const lastWeek = await create(agent, fields({ deposit_date: '2026-11-15' }));
      expect(lastWeek.statusCode, lastWeek.body).toBe(201);
    });

    it.each([
      ['bank_id', { bank_id: 'not-a-uuid' }],
      ['bank_id', { bank_id: undefined }],
      ['amount', { amount: 'abc' }],
      ['amount', { amount: '0' }],
      ['amount', { amount: '10.005' }],
      ['amount', { amount: '-5' }],
      ['amount', { amount: '10000000.01' }],
      ['amount', { amount: undefined }],
      ['deposit_date', { deposit_date: '22/11/2026' }],
      ['deposit_date', { deposit_date: '2026-02-30' }],
      ['deposit_date', { deposit_date: undefined }],
      ['reference_no', { reference_no: 'ab' }],
      ['reference_no', { reference_no: 'x'.repeat(61) }],
      ['reference_no', { reference_no: undefined }],
      ['note', { note: 'n'.repeat(501) }],
      ['surprise', { surprise: 'yes' }],
    ])('refuses a bad %s (422 on that field only): %j', async (field, overrides) => {
      const before = await depositCount(agent.companyId);
      const res = await create(agent, fields(overrides));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(SERVER.validationFailed);
      expect(errorFields(res)).toEqual([field]);
      expect(await depositCount(agent.companyId)).toBe(before);
    });

    it('reports every field error of a form at once, the receipt included', async () => {
      const res = await create(agent, { amount: 'x', deposit_date: 'soon' }, []);
      expect(res.statusCode).toBe(422);
      expect(errorFields(res).sort()).toEqual([
        'amount',
        'bank_id',
        'deposit_date',
        'receipt',
        'reference_no',
      ]);
    });

    it('refuses an unknown or retired bank account (422 on bank_id)', async () => {
      const retired = await testBank(t.store.db, 'Old Bank');
      await t.store.db
        .updateTable('banks')
        .set({ retired_at: new Date() })
        .where('id', '=', retired)
        .execute();
      for (const id of [retired, randomUUID()]) {
        const res = await create(agent, fields({ bank_id: id }));
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().data.errors).toEqual({ bank_id: [DEPOSIT_MESSAGES.noSuchBank] });
      }
    });

    it('reads the receipt type from its content: a PNG named .pdf is a PNG; text named .pdf is refused', async () => {
      const png = sampleFiles.png();
      const res = await create(agent, fields(), [receipt({ content: png, filename: 'scan.pdf' })]);
      expect(res.statusCode, res.body).toBe(201);
      const served = await get(t, res.json().data.receipt_url, { token: agent.token });
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(png)).toBe(true);

      for (const content of [
        Buffer.from('just text, not a PDF at all'),
        sampleFiles.exe(),
        Buffer.alloc(0),
      ]) {
        const refused = await create(agent, fields(), [receipt({ content, filename: 'receipt.pdf' })]);
        expect(refused.statusCode).toBe(422);
        expect(errorFields(refused)).toEqual(['receipt']);
      }
    });

    it('refuses a receipt over 5 MB and takes one of exactly 5 MB', async () => {
      const big = Buffer.concat([sampleFiles.pdf(), Buffer.alloc(5 * 1024 * 1024)]);
      const res = await create(agent, fields(), [receipt({ content: big })]);
      expect(res.statusCode).toBe(422);
      expect(res.json().data.errors).toEqual({ receipt: ['The file is larger than 5 MB'] });
      const limit = await create(agent, fields(), [receipt({ content: big.subarray(0, 5 * 1024 * 1024) })]);
      expect(limit.statusCode, limit.body).toBe(201);
    });

    it('refuses a form without its receipt, and files under other names', async () => {
      const missing = await create(agent, fields(), []);
      expect(missing.statusCode).toBe(422);
      expect(missing.json().data.errors).toEqual({ receipt: ['Attach the receipt'] });
      const renamed = await create(agent, fields(), [receipt({ name: 'trade_license' })]);
      expect(renamed.json().data.errors).toEqual({
        trade_license: ['Unknown field'],
        receipt: ['Attach the receipt'],
      });
    });

    it('answers 415 to a JSON body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: CREATE,
        headers: { authorization: `Bearer ${agent.token}` },
        payload: fields(),
      });
      expect(res.statusCode).toBe(415);
    });
  });

  describe('bank references', () => {
    it('refuses the same reference twice for one agency (409, any case), not for another agency', async () => {
      const reference = nextReference();
      expect((await create(agent, fields({ reference_no: reference }))).statusCode).toBe(201);
      const again = await create(agent, fields({ reference_no: reference.toLowerCase(), amount: '99' }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        status: false,
        message: DEPOSIT_MESSAGES.duplicateReference,
        data: { errors: { reference_no: [DEPOSIT_MESSAGES.duplicateReference] } },
      });
      const other = await bookingAgent(t);
      expect((await create(other, fields({ reference_no: reference }))).statusCode).toBe(201);
    });

    it('takes a reference again once the deposit that carried it was rejected', async () => {
      const reference = nextReference();
      const first: Transaction = (await create(agent, fields({ reference_no: reference }))).json().data;
      await t.store.db
        .updateTable('deposit_transactions')
        .set({
          status: 'rejected',
          rejection_reason: 'No such transfer on the statement',
          decided_at: new Date(),
        })
        .where('id', '=', first.id)
        .execute();
      const again = await create(agent, fields({ reference_no: reference }));
      expect(again.statusCode, again.body).toBe(201);
      // …and the new live deposit holds it again.
      expect((await create(agent, fields({ reference_no: reference }))).statusCode).toBe(409);
    });

    it('records one of two deposits with one reference sent at once; the other is 409, never 500', async () => {
      const owner = await bookingAgent(t);
      const reference = nextReference();
      const answers = await Promise.all(
        [1, 2, 3].map(() => create(owner, fields({ reference_no: reference }))),
      );
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await depositCount(owner.companyId)).toBe(1);
    });
  });

  describe('Idempotency-Key', () => {
    it('replays the first answer to a retry of the same form: one deposit', async () => {
      const owner = await bookingAgent(t);
      const sent = fields();
      const file = receipt();
      const key = { 'idempotency-key': `deposit-${randomUUID()}` };
      const first = await create(owner, sent, [file], key);
      expect(first.statusCode, first.body).toBe(201);
      const retry = await create(owner, sent, [{ ...file }], key);
      expect(retry.statusCode).toBe(201);
      expect(retry.headers[REPLAYED_HEADER.toLowerCase()]).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(await depositCount(owner.companyId)).toBe(1);
    });

    it('refuses the key with another receipt or other fields (422), and records nothing more', async () => {
      const owner = await bookingAgent(t);
      const sent = fields();
      const key = { 'idempotency-key': `deposit-${randomUUID()}` };
      expect((await create(owner, sent, [receipt()], key)).statusCode).toBe(201);
      const otherFile = await create(owner, sent, [receipt()], key);
      expect(otherFile.statusCode).toBe(422);
      expect(otherFile.json().message).toBe(IDEMPOTENCY_MESSAGES.otherRequest);
      const otherAmount = await create(owner, { ...sent, amount: '1' }, [receipt()], key);
      expect(otherAmount.statusCode).toBe(422);
      expect(await depositCount(owner.companyId)).toBe(1);
    });
  });

  describe('the list and the receipts', () => {
    it("lists the agency's own deposits newest first, filtered by status and deposit dates, paged", async () => {
      const owner = await bookingAgent(t);
      const made: Transaction[] = [];
      for (const [date, amount] of [
        ['2026-11-01', '100'],
        ['2026-11-10', '200'],
        ['2026-11-20', '300'],
        ['2026-11-21', '400'],
      ] as const) {
        t.clock.advance(60_000);
        const res = await create(owner, fields({ deposit_date: date, amount }));
        expect(res.statusCode, res.body).toBe(201);
        made.push(res.json().data);
      }
      await t.store.db
        .updateTable('deposit_transactions')
        .set({ status: 'rejected', rejection_reason: 'Unreadable receipt', decided_at: new Date() })
        .where('id', '=', made[1]!.id)
        .execute();
      const other = await bookingAgent(t);
      const foreign: Transaction = (await create(other, fields())).json().data;

      const all = await listOk(owner);
      expect(all.map((row) => row.id)).toEqual(made.map((row) => row.id).reverse());
      expect(all.map((row) => row.id)).not.toContain(foreign.id);
      expect(all.find((row) => row.id === made[1]!.id)).toMatchObject({
        status: 'rejected',
        rejection_reason: 'Unreadable receipt',
      });

      const ids = async (query: string) => (await listOk(owner, query)).map((row) => row.amount);
      expect(await ids('status=rejected')).toEqual([200]);
      expect(await ids('status=pending')).toEqual([400, 300, 100]);
      expect(await ids('status=approved')).toEqual([]);
      expect(await ids('from=2026-11-10&to=2026-11-20')).toEqual([300, 200]);
      expect(await ids('from=2026-11-21')).toEqual([400]);
      expect(await ids('page=0&limit=3')).toEqual([400, 300, 200]);
      expect(await ids('page=1&limit=3')).toEqual([100]);
      expect(await ids('page=1&limit=2')).toEqual([200, 100]);
      expect(await ids('page=5&limit=2')).toEqual([]);
      expect(await ids('status=pending&page=1&limit=2')).toEqual([100]);

      for (const query of ['limit=0', 'page=-1', 'status=lost', 'from=2026-11-20&to=2026-11-10', 'x=1']) {
        expect((await list(owner, query)).statusCode, query).toBe(422);
      }
    });

    it("serves a receipt to its own agency only: another agency's is 404", async () => {
      const owner = await bookingAgent(t);
      const deposit: Transaction = (await create(owner, fields())).json().data;
      const stranger = await bookingAgent(t);
      const foreign = await get(t, deposit.receipt_url, { token: stranger.token });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ status: false, message: SERVER.notFound });
      const missing = await get(t, `/api/company/transactions/${randomUUID()}/receipt`, {
        token: owner.token,
      });
      expect(missing.json()).toEqual(foreign.json());
      expect((await get(t, deposit.receipt_url)).statusCode).toBe(401);
      expect((await listOk(stranger)).map((row) => row.id)).not.toContain(deposit.id);
    });
  });

  describe('permissions', () => {
    it('needs payments.create to see banks and record deposits, payments.view to list them and see receipts', async () => {
      const viewer = await agentWithPermissions(t, ['payments.view']);
      const creator = await agentWithPermissions(t, ['payments.create']);
      const viewersDeposit = await pendingDeposit(t, viewer.companyId, { amountMinor: 5_000, bankId });
      const creatorsDeposit = await pendingDeposit(t, creator.companyId, { amountMinor: 5_000, bankId });
      const receiptOf = (id: string) => `/api/company/transactions/${id}/receipt`;

      expect((await get(t, '/api/bank', { token: viewer.token })).statusCode).toBe(403);
      expect((await create(viewer, fields())).statusCode).toBe(403);
      expect((await listOk(viewer)).map((row) => row.id)).toEqual([viewersDeposit.id]);
      expect((await get(t, receiptOf(viewersDeposit.id), { token: viewer.token })).statusCode).toBe(200);

      expect((await get(t, '/api/bank', { token: creator.token })).statusCode).toBe(200);
      expect((await create(creator, fields())).statusCode).toBe(201);
      expect((await list(creator)).statusCode).toBe(403);
      expect((await get(t, receiptOf(creatorsDeposit.id), { token: creator.token })).statusCode).toBe(403);
      expect(await depositCount(viewer.companyId)).toBe(1);
    });
  });
});
