import { randomUUID } from 'node:crypto';
import { ACCESS, STATEMENT_PDF_MAX_LINES, type Statement } from '@skydesk/contract';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendSyntheticLedger } from '../../bench/ledger-lines.js';
import { postLedgerEntry } from '../../src/modules/payments/ledger.js';
import { ledgerSum, readBalance } from '../../src/modules/payments/ledger-repo.js';
import { asOperator, ok } from '../support/admin.js';
import { createTestApp, testConfig } from '../support/app.js';
import { get, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  agentWithPermissions,
  bookingAgent,
  bookingBody,
  bookOk,
  FAMILY,
  issueOk,
  ONE_ADULT,
  searchOffer,
} from '../support/bookings.js';
import { type Operator, signedInOperator } from '../support/operator.js';
import { expectRunningBalances, minorOf, readCsvStatement } from '../support/statement.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 12's statement over HTTP: the agency's ledger, oldest first, each line linked to what it
 * paid for (booking, tickets, deposit), with opening and closing balances that reconcile to the
 * cent; paged, and exported as CSV and PDF; the operators' view of any agency's. The arithmetic
 * over random ledgers and ranges is src/modules/payments/statement/statement-property.test.ts's.
 */

const INJECTION = '=HYPERLINK("http://evil.test","click")';

describe.each(storeKinds())('the ledger statement on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let operator: Operator;
  const ids: Record<string, string> = {};
  const tickets: Record<string, string[]> = {};

  const statement = (query = '', who: Pick<Agent, 'token'> = agent) =>
    get(t, `/api/company/statement${query ? `?${query}` : ''}`, { token: who.token });
  const statementOk = async (query = '', who: Pick<Agent, 'token'> = agent): Promise<Statement> =>
    ok(statement(query, who));

  /** A deposit the way the desk approves one: the entry and the decided deposit in one transaction. */
  async function approvedDeposit(companyId: string, amountMinor: number, reference: string) {
    const db = t.store.db;
    const bank = await db
      .insertInto('banks')
      .values({ bank: 'Emirates NBD', account_title: 'SkyDesk FZ LLC', account_number: '1010101010' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return db.transaction().execute(async (trx) => {
      const deposit = await trx
        .insertInto('deposit_transactions')
        .values({
          company_id: companyId,
          bank_id: bank.id,
          amount_minor: amountMinor,
          currency: 'USD',
          deposit_date: '2026-11-20',
          reference_no: reference,
          receipt_key: randomUUID(),
          receipt_file_name: 'receipt.pdf',
          receipt_content_type: 'application/pdf',
          receipt_size_bytes: 1000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const entry = await postLedgerEntry(trx, {
        companyId,
        kind: 'deposit',
        amountMinor,
        transactionId: deposit.id,
        note: `Deposit ${reference}`,
      });
      await trx
        .updateTable('deposit_transactions')
        .set({ status: 'approved', ledger_entry_id: entry.id, decided_at: new Date() })
        .where('id', '=', deposit.id)
        .execute();
      return deposit.id;
    });
  }

  beforeAll(async () => {
    // Refund requests settle at once (the test-setting timer), so a refund posts its line here.
    t = await createTestApp(kind, { config: testConfig({ refundApprovalDelaySeconds: 0 }) });
    operator = await signedInOperator(t);
    agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
    ids.deposit = await approvedDeposit(agent.companyId, 250_000, 'TT-2026-1120');

    // A family ticketed, then one of them refunded; a single traveller ticketed, then voided.
    const family = await bookOk(t, agent, bookingBody(await searchOffer(t, agent, { mix: FAMILY }), FAMILY));
    t.clock.advance(60_000);
    const issued = await issueOk(t, agent, family.pnr);
    ids.family = family.id;
    tickets.family = issued.tickets.map((ticket) => ticket.ticket_number);
    tickets.refunded = [tickets.family[1]!];
    const refund = await post(
      t,
      '/api/request-ticket-refund',
      { booking_id: family.id, reason: 'The traveller cannot go', ticket_numbers: tickets.refunded },
      { token: agent.token },
    );
    expect(refund.statusCode, refund.body).toBe(200);

    const single = await bookOk(
      t,
      agent,
      bookingBody(await searchOffer(t, agent, { mix: ONE_ADULT, date: '2026-12-18' }), ONE_ADULT),
    );
    t.clock.advance(60_000);
    tickets.single = (await issueOk(t, agent, single.pnr)).tickets.map((ticket) => ticket.ticket_number);
    ids.single = single.id;
    const voided = await post(
      t,
      '/api/request-cancel-booking',
      { booking_id: single.id, reason: 'Plans changed' },
      { token: agent.token },
    );
    expect(voided.statusCode, voided.body).toBe(200);

    // An operator's debit whose reason a spreadsheet would run as a formula.
    await t.store.db.transaction().execute((trx) =>
      postLedgerEntry(trx, {
        companyId: agent.companyId,
        kind: 'adjustment',
        amountMinor: -1_000,
        note: INJECTION,
      }),
    );
  });
  afterAll(async () => t?.close());

  it('lists every line oldest first with its running balance, and reconciles to the balance', async () => {
    const answer = await statementOk();
    expect(answer.entries.map((entry) => entry.kind)).toEqual([
      'adjustment',
      'deposit',
      'ticket',
      'refund',
      'ticket',
      'void',
      'adjustment',
    ]);
    expect(answer.entries.map((entry) => entry.line)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(answer).toMatchObject({ currency: 'USD', opening_balance: 0, total: 7, totalPages: 1 });
    const closing = expectRunningBalances(0, answer.entries);
    const { balanceMinor } = await readBalance(t.store.db, agent.companyId);
    expect(minorOf(answer.closing_balance)).toBe(closing);
    expect(closing).toBe(balanceMinor);
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(balanceMinor);
    const credits = answer.entries
      .filter((entry) => entry.amount > 0)
      .reduce((sum, e) => sum + minorOf(e.amount), 0);
    const debits = answer.entries
      .filter((entry) => entry.amount < 0)
      .reduce((sum, e) => sum + minorOf(e.amount), 0);
    expect(minorOf(answer.total_credits)).toBe(credits);
    expect(minorOf(answer.total_debits)).toBe(debits);
    // The credits screen and the statement tell the same balance.
    const credited = await ok(get(t, '/api/booking-credits', { token: agent.token }));
    expect(credited.balance).toBe(answer.closing_balance);
  });

  it('links each line to its booking and tickets, or its deposit', async () => {
    const [, deposit, ticket, refund, single, voided, adjustment] = (await statementOk()).entries;
    const pnrOf = async (id: string) =>
      (await t.store.db.selectFrom('bookings').select('pnr').where('id', '=', id).executeTakeFirstOrThrow())
        .pnr;
    expect(deposit).toMatchObject({
      transaction_id: ids.deposit,
      reference_no: 'TT-2026-1120',
      booking_id: null,
      ticket_numbers: [],
      amount: 2500,
    });
    expect(ticket).toMatchObject({ booking_id: ids.family, pnr: await pnrOf(ids.family!) });
    expect(ticket?.ticket_numbers).toEqual(tickets.family);
    expect(refund).toMatchObject({
      booking_id: ids.family,
      ticket_numbers: tickets.refunded,
      transaction_id: null,
    });
    expect(single).toMatchObject({ booking_id: ids.single, ticket_numbers: tickets.single });
    expect(voided).toMatchObject({ booking_id: ids.single, pnr: await pnrOf(ids.single!) });
    expect(voided?.ticket_numbers).toEqual(tickets.single);
    expect(adjustment).toMatchObject({ note: INJECTION, booking_id: null, pnr: null, reference_no: null });
  });

  it('pages by line number: every line exactly once, with the same balances on every page', async () => {
    const whole = await statementOk();
    const seen: number[] = [];
    for (let page = 0; page < 4; page += 1) {
      const answer = await statementOk(`page=${page}&limit=3`);
      expect(answer).toMatchObject({
        total: 7,
        totalPages: 3,
        opening_balance: whole.opening_balance,
        closing_balance: whole.closing_balance,
        total_credits: whole.total_credits,
      });
      expect(answer.entries).toEqual(whole.entries.slice(page * 3, page * 3 + 3));
      seen.push(...answer.entries.map((entry) => entry.line));
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('takes UTC days: a range after the last line is empty at the closing balance, one before the first at zero', async () => {
    const whole = await statementOk();
    const today = whole.entries[0]!.created_at.slice(0, 10);
    const next = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    expect(await statementOk(`fromDate=${today}&toDate=${today}`)).toEqual(whole);
    const after = await statementOk(`fromDate=${next(1)}`);
    expect(after).toMatchObject({ entries: [], total: 0, totalPages: 0, total_credits: 0, total_debits: 0 });
    expect(after.opening_balance).toBe(whole.closing_balance);
    expect(after.closing_balance).toBe(whole.closing_balance);
    expect(await statementOk(`toDate=${next(-1)}`)).toMatchObject({
      entries: [],
      total: 0,
      opening_balance: 0,
      closing_balance: 0,
    });
    const reversed = await statement(`fromDate=${today}&toDate=${next(-1)}`);
    expect(reversed.statusCode).toBe(422);
    expect(Object.keys(reversed.json().data.errors)).toEqual(['toDate']);
  });

  it('exports CSV: the same lines and numbers, opening and closing rows, formulas defused', async () => {
    const whole = await statementOk();
    const res = await statement('format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = whole.entries[0]!.created_at.slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statement-${today}-${today > '2026-11-22' ? today : '2026-11-22'}.csv"`,
    );
    expect(res.body.startsWith('\uFEFFline,date,kind,amount,running_balance,currency,')).toBe(true);
    const csv = readCsvStatement(res.body);
    expect(csv.openingMinor).toBe(0);
    expect(csv.closingMinor).toBe(minorOf(whole.closing_balance));
    expect(csv.lines).toHaveLength(7);
    let balance = csv.openingMinor;
    csv.lines.forEach((line, index) => {
      const entry = whole.entries[index]!;
      balance += minorOf(Number(line.amount));
      expect(line).toMatchObject({
        line: String(entry.line),
        date: entry.created_at,
        kind: entry.kind,
        running_balance: entry.running_balance.toFixed(2),
        currency: 'USD',
        booking_id: entry.booking_id ?? '',
        pnr: entry.pnr ?? '',
        ticket_numbers: entry.ticket_numbers.join(' '),
        transaction_id: entry.transaction_id ?? '',
        reference_no: entry.reference_no ?? '',
      });
      expect(minorOf(Number(line.running_balance))).toBe(balance);
    });
    expect(balance).toBe(csv.closingMinor);
    // OWASP: a cell that starts like a formula is text, behind an apostrophe, quoted.
    expect(csv.lines[6]!.note).toBe(`'${INJECTION}`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(csv.lines[6]!.amount).toBe('-10.00');
  });

  it('exports a PDF with the lines, their links and the balances', async () => {
    const whole = await statementOk();
    const res = await statement('format=pdf');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="statement-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.pdf"$/,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const document = await getDocumentProxy(new Uint8Array(pdf));
    let text = '';
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      text += ` ${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}`;
    }
    text = text.replace(/\s+/g, ' ');
    expect(text).toContain('Statement of account');
    expect(text).toContain(`PNR ${whole.entries[2]!.pnr}`);
    expect(text).toContain('Ref TT-2026-1120');
    expect(text).toContain(tickets.refunded![0]);
    const usd = (amount: number) => `USD ${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(text).toContain(`Closing balance ${usd(whole.closing_balance)}`);
    expect(text).toContain('Page 1');
  });

  it('refuses a PDF longer than it prints (422, CSV still served)', async () => {
    const big = await bookingAgent(t);
    await appendSyntheticLedger(t.store.db, big.companyId, {
      lines: STATEMENT_PDF_MAX_LINES + 1,
      from: new Date('2026-01-01T00:00:00Z'),
      stepSeconds: 600,
    });
    const res = await statement('format=pdf', big);
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json().message).toBe(
      'This statement has 20,001 lines; a PDF prints at most 20,000. Choose a shorter period, or export CSV.',
    );
    expect(res.json().data.errors).toEqual({ format: [res.json().message] });
    // A shorter period prints; the whole range exports as CSV.
    expect((await statement('format=pdf&fromDate=2026-01-01&toDate=2026-01-02', big)).statusCode).toBe(200);
    const csv = readCsvStatement((await statement('format=csv', big)).body);
    expect(csv.lines).toHaveLength(STATEMENT_PDF_MAX_LINES + 1);
    const sum = csv.lines.reduce((total, line) => total + minorOf(Number(line.amount)), 0);
    expect(csv.openingMinor + sum).toBe(csv.closingMinor);
    expect(csv.closingMinor).toBe((await readBalance(t.store.db, big.companyId)).balanceMinor);
  });

  it("is the caller's own: another agency sees only its lines, and no company can be named", async () => {
    const other = await bookingAgent(t, { creditsMinor: 12_345 });
    const answer = await statementOk('', other);
    expect(answer.entries).toHaveLength(1);
    expect(answer.entries[0]).toMatchObject({ kind: 'adjustment', amount: 123.45, line: 1 });
    const named = await statement(`company_id=${agent.companyId}`, other);
    expect(named.statusCode).toBe(422);
  });

  it('needs payments.view (403) and a session (401)', async () => {
    const clerk = await agentWithPermissions(t, ['bookings.view', 'bookings.create']);
    const refused = await statement('', clerk);
    expect(refused.statusCode).toBe(403);
    expect((await statement('format=csv', clerk)).statusCode).toBe(403);
    const viewer = await agentWithPermissions(t, ['payments.view']);
    expect((await statement('', viewer)).statusCode).toBe(200);
    expect((await get(t, '/api/company/statement')).statusCode).toBe(401);
  });

  it("shows operators any agency's statement, exports included; 404 for an unknown agency", async () => {
    const own = await statementOk('limit=5&page=1');
    const seen = await ok(
      asOperator(t, operator, 'GET', `/api/admin/companies/${agent.companyId}/statement?limit=5&page=1`),
    );
    expect(seen).toEqual(own);
    const csv = await asOperator(
      t,
      operator,
      'GET',
      `/api/admin/companies/${agent.companyId}/statement?format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe((await statement('format=csv')).body);

    const unknown = await asOperator(t, operator, 'GET', `/api/admin/companies/${randomUUID()}/statement`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Agency not found');
    const unknownCsv = await asOperator(
      t,
      operator,
      'GET',
      `/api/admin/companies/${randomUUID()}/statement?format=csv`,
    );
    expect(unknownCsv.statusCode).toBe(404);
    expect(unknownCsv.headers['content-disposition']).toBeUndefined();

    const asAgency = await get(t, `/api/admin/companies/${agent.companyId}/statement`, {
      token: agent.token,
    });
    expect(asAgency.statusCode).toBe(403);
    expect(asAgency.json().message).toBe(ACCESS.operatorsOnly);
    expect((await get(t, `/api/admin/companies/${agent.companyId}/statement`)).statusCode).toBe(401);
    expect(
      (await asOperator(t, operator, 'GET', '/api/admin/companies/not-an-id/statement')).statusCode,
    ).toBe(422);
  });
});
