import { readFile } from 'node:fs/promises';
import { SUCCESS } from '@skydesk/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseFlight,
  confirmFromPriceSummary,
  fillAdult,
  issueTicket,
  openPriceSummary,
} from './support/booking.js';
import { launchBrowser, openPage, type TrackedPage } from './support/browser.js';
import { signInAsDemo } from './support/demo.js';
import { cents, signedAmountOf, usd } from './support/money.js';
import { signInAsOperator } from './support/operator.js';
import { photographer } from './support/photograph.js';
import { type RunningServer, startServer } from './support/server.js';

/*
 * Payments and credits end to end (issue 12, "Done when"): the demo agency records a deposit with
 * its receipt; the operator opens it on the deposit desk, sees the receipt in the page and approves
 * it, and the agency's statement, left open, shows the new balance within a second (the live push);
 * a second deposit is rejected with a reason the agency reads; the operator takes the balance down
 * by an adjustment and grants a credit limit, the agency tickets a flight dearer than its balance,
 * goes below zero within the limit, and its statement reconciles to the cent. Every screen is
 * photographed at 1366 and 390 px.
 *
 * Its own server: the journey moves the demo agency's money, which the other files count on.
 */

const photograph = photographer(process.env.SCREENSHOT_DIR ?? '/tmp/skydesk-payment-screens');

/** The demo agency's credits on a fresh store (seed-demo), and the demo's second bank account. */
const OPENING_BALANCE = 10_000;
const BARCLAYS = {
  bank: 'Barclays Bank UK',
  title: 'SkyDesk Travel Technologies Ltd',
  number: '20-32-06 53149876',
  iban: 'GB33BUKB20201555555555',
};
const SILICON_VALLEY = 'Silicon Valley Commerce Bank';

const approved = { amount: 2_500, reference: 'FT2611180042', note: 'Top-up for the winter season' };
const rejected = { amount: 1_200, reference: 'BARC-7731-0093' };
const REJECTION = 'The receipt shows 1,000.00, not 1,200.00: record the deposit again with the right amount.';
/** What the operator leaves the agency after the adjustment, and the overdraft granted it. */
const LEFT_AFTER_DEBIT = 25;
const CREDIT_LIMIT = 5_000;

const traveller = {
  title: 'Mr',
  first: 'Omar',
  last: 'Farouk',
  gender: 'Male',
  born: '1979-11-02',
  nationality: 'United Arab Emirates',
  passport: 'P5551234',
  expiry: '2033-01-15',
};

/**
 * A bank's transfer confirmation, drawn by the browser itself: a PNG picture or a PDF, as the
 * agency would scan or save one.
 */
async function bankReceipt(
  browser: Browser,
  format: 'png' | 'pdf',
  { bank, amount, reference }: { bank: string; amount: number; reference: string },
): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 560, height: 360 } });
  const page = await context.newPage();
  await page.setContent(`<!doctype html>
    <body style="margin:0;font:15px/1.5 sans-serif;color:#1e293b;background:#f8fafc">
      <div style="margin:20px;padding:20px 24px;background:#fff;border:1px solid #cbd5e1;border-radius:8px">
        <h1 style="margin:0 0 4px;font-size:20px">${bank}</h1>
        <p style="margin:0 0 16px;color:#64748b">Outward transfer confirmation</p>
        <table style="width:100%;border-collapse:collapse">
          <tr><td>Beneficiary</td><td style="text-align:right">SkyDesk Travel Technologies</td></tr>
          <tr><td>Amount</td><td style="text-align:right"><b>USD ${amount.toFixed(2)}</b></td></tr>
          <tr><td>Reference</td><td style="text-align:right;font-family:monospace">${reference}</td></tr>
          <tr><td>Status</td><td style="text-align:right;color:#047857">Completed</td></tr>
        </table>
      </div>
    </body>`);
  const file = format === 'png' ? await page.screenshot({ type: 'png' }) : await page.pdf({ format: 'A5' });
  await context.close();
  return file;
}

/** A figure's amount in a list of named figures (`<dt>` label, `<dd>` amount): "Balance" → -412.5. */
async function figure(scope: Locator, label: string): Promise<number> {
  const term = scope.locator('dt').filter({ hasText: new RegExp(`^${label}$`) });
  return signedAmountOf(await term.locator('xpath=following-sibling::dd[1]').textContent());
}

/** The agency's credits as its screens name them: available, balance, credit limit. */
const creditFigures = (scope: Page | Locator) => scope.getByLabel('Credit figures', { exact: true });

/** Records a deposit through the agency's form; answers when the transactions list shows it. */
async function recordDeposit(
  page: Page,
  deposit: { bank: string; amount: number; reference: string; note?: string },
  receipt: { name: string; mimeType: string; buffer: Buffer },
  photo?: string,
) {
  await page.goto('/dashboard/transactions');
  await page.getByRole('link', { name: 'Record a deposit' }).first().click();
  await page.waitForURL('**/dashboard/create-transaction');
  await page.getByLabel('Bank you paid into').selectOption({ label: deposit.bank });
  await page.getByLabel('Amount deposited').fill(deposit.amount.toFixed(2));
  await page.getByLabel('Bank reference').fill(deposit.reference);
  if (deposit.note) await page.getByLabel(/^Note/).fill(deposit.note);
  await page.getByLabel('Receipt', { exact: true }).setInputFiles(receipt);
  await page.getByText(receipt.name).waitFor();
  if (photo) await photograph(page, photo);
  await page.getByRole('button', { name: 'Record the deposit' }).click();
  await page.getByText(SUCCESS.transactionCreated).first().waitFor();
  await page.waitForURL((url) => url.pathname === '/dashboard/transactions');
  await page.getByRole('listitem', { name: `Deposit ${deposit.reference}` }).waitFor();
}

/** Opens a pending deposit on the operator's desk by its reference. */
async function openOnDesk(page: Page, reference: string) {
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Deposit desk' })
    .click();
  await page.waitForURL((url) => url.pathname === '/admin/deposits');
  const row = page
    .getByRole('list', { name: 'Pending deposits' })
    .getByRole('link', { name: new RegExp(`reference ${reference}$`) });
  await row.waitFor();
  return row;
}

describe('payments and credits in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let agency: TrackedPage;
  let ops: TrackedPage;
  let agencyUrl = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    agency = await openPage(browser, undefined, server.baseUrl);
    ops = await openPage(browser, undefined, server.baseUrl);
    await signInAsDemo(agency.page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('(a) the agency records a deposit with a PNG receipt and sees it pending, its receipt openable', async () => {
    const { page } = agency;
    await page.goto('/dashboard/transactions');
    await page.getByRole('heading', { name: 'No deposits yet' }).waitFor();
    await photograph(page, 'agency-transactions-empty');

    await page.getByRole('link', { name: 'Record a deposit' }).first().click();
    await page.waitForURL('**/dashboard/create-transaction');
    const payInto = page.getByRole('region', { name: 'Pay into' });
    await payInto.getByText(/Choose the bank you paid into/).waitFor();
    await photograph(page, 'agency-deposit-form-empty');
    // The chosen account's details, to pay into: title, number and IBAN.
    await page.getByLabel('Bank you paid into').selectOption({ label: BARCLAYS.bank });
    for (const detail of [BARCLAYS.title, BARCLAYS.number, BARCLAYS.iban])
      await payInto.getByText(detail, { exact: true }).waitFor();

    const png = await bankReceipt(browser, 'png', { bank: SILICON_VALLEY, ...approved });
    await recordDeposit(
      page,
      { bank: SILICON_VALLEY, ...approved },
      { name: 'transfer-confirmation.png', mimeType: 'image/png', buffer: png },
      'agency-deposit-form',
    );
    const row = page.getByRole('listitem', { name: `Deposit ${approved.reference}` });
    await row.getByText('Awaiting approval').waitFor();
    await row.getByText(usd(approved.amount)).waitFor();
    await row.getByText(approved.note).waitFor();
    // Not in the balance yet, and said so.
    await page.getByText(`${usd(approved.amount)} in deposits awaiting approval`).waitFor();
    await photograph(page, 'agency-transactions-pending');

    await row.getByRole('button', { name: `Receipt of ${approved.reference}` }).click();
    const dialog = page.getByRole('dialog', { name: `Receipt of ${approved.reference}` });
    const picture = dialog.getByRole('img', { name: 'Receipt' });
    await picture.waitFor();
    // The very picture sent, decoded by the browser.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(560);
    await photograph(page, 'agency-receipt-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(agency.problems).toEqual([]);
  }, 120_000);

  it('(b) the operator approves it beside its receipt; the open statement shows the new balance within a second', async () => {
    const agent = agency.page;
    const newBalance = OPENING_BALANCE + approved.amount;
    // The agency's statement stays open from here on: no reload, no navigation.
    await agent.goto('/dashboard/statement');
    const figures = creditFigures(agent);
    await figures.getByText(usd(OPENING_BALANCE)).first().waitFor();
    expect(await figure(figures, 'Available')).toBe(OPENING_BALANCE);
    await agent.getByText(`${usd(approved.amount)} in deposits awaiting approval`).waitFor();

    const { page } = ops;
    await signInAsOperator(page);
    const row = await openOnDesk(page, approved.reference);
    await photograph(page, 'admin-deposit-desk');
    await row.click();
    await page.waitForURL('**/admin/deposits/*');
    await page.getByRole('heading', { name: 'Deposit by Demo Travels' }).waitFor();
    // The receipt in the page beside the amount and the reference.
    const picture = page.getByRole('img', { name: 'Receipt' });
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(560);
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByText(approved.reference).waitFor();
    await details.getByText(`${usd(newBalance)} once approved`).waitFor();
    agencyUrl = new URL(
      (await page.getByRole('link', { name: 'Demo Travels' }).getAttribute('href')) ?? '',
      server.baseUrl,
    ).pathname;
    await photograph(page, 'admin-deposit-pending');

    await page.getByRole('button', { name: 'Approve deposit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve the deposit' });
    await confirm.getByText(`from ${usd(OPENING_BALANCE)} to ${usd(newBalance)}`).waitFor();
    await photograph(page, 'admin-deposit-approve-dialog');
    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /\/approve$/.test(new URL(response.url()).pathname),
    );
    await confirm.getByRole('button', { name: `Approve ${usd(approved.amount)}` }).click();
    expect((await answer).status()).toBe(200);
    const approvedAt = Date.now();

    // The agency's page, left as it was, follows within a second of the operator's approval.
    const deadline = () => Math.max(1, approvedAt + 1_000 - Date.now());
    const line = agent.getByRole('row').filter({ hasText: approved.reference });
    await Promise.all([
      figures.getByText(usd(newBalance)).first().waitFor({ timeout: deadline() }),
      line.waitFor({ timeout: deadline() }),
    ]);
    expect(await figure(figures, 'Available')).toBe(newBalance);
    expect(await figure(figures, 'Balance')).toBe(newBalance);
    // The deposit's line: its bank reference, its amount and the balance after it.
    const cells = line.getByRole('cell');
    expect(signedAmountOf(await cells.nth(3).textContent())).toBe(approved.amount);
    expect(signedAmountOf(await cells.nth(4).textContent())).toBe(newBalance);
    expect(await cells.nth(1).textContent()).toMatch(/^Deposit\b/);
    await photograph(agent, 'agency-statement-after-deposit');

    await page.getByText('Approved: ').first().waitFor();
    await photograph(page, 'admin-deposit-approved');

    await agent.goto('/dashboard/notifications');
    await agent.getByRole('listitem', { name: `Deposit ${approved.reference} approved (unread)` }).waitFor();
    await photograph(agent, 'agency-notifications-approved');
    await agent.goto('/dashboard/transactions');
    await agent
      .getByRole('listitem', { name: `Deposit ${approved.reference}` })
      .getByText('Approved', { exact: true })
      .waitFor();
    expect(agency.problems).toEqual([]);
    expect(ops.problems).toEqual([]);
  }, 180_000);

  it('(c) a second deposit, with a PDF receipt, is rejected with a reason the agency reads', async () => {
    const agent = agency.page;
    const pdf = await bankReceipt(browser, 'pdf', { bank: BARCLAYS.bank, ...rejected });
    await recordDeposit(
      agent,
      { bank: BARCLAYS.bank, ...rejected },
      { name: 'barclays-transfer.pdf', mimeType: 'application/pdf', buffer: pdf },
    );

    const { page } = ops;
    await (await openOnDesk(page, rejected.reference)).click();
    await page.waitForURL('**/admin/deposits/*');
    // A PDF receipt in the browser's viewer.
    const frame = page.getByTitle('Receipt');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Reject deposit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject the deposit' });
    await dialog.getByLabel('Reason').fill(REJECTION);
    await photograph(page, 'admin-deposit-reject-dialog');
    await dialog.getByRole('button', { name: 'Reject deposit' }).click();
    await page.getByText('Rejected: nothing credited').waitFor();
    await page.getByText(REJECTION).waitFor();
    await photograph(page, 'admin-deposit-rejected');

    await agent.goto('/dashboard/transactions');
    const row = agent.getByRole('listitem', { name: `Deposit ${rejected.reference}` });
    await row.getByText('Rejected', { exact: true }).waitFor();
    await row.getByText(REJECTION).waitFor();
    await photograph(agent, 'agency-transactions-rejected');
    await agent.goto('/dashboard/notifications');
    await agent.getByRole('listitem', { name: `Deposit ${rejected.reference} rejected (unread)` }).waitFor();
    expect(agency.problems).toEqual([]);
    expect(ops.problems).toEqual([]);
  }, 120_000);

  it('(d) with a credit limit the agency tickets past zero, and its statement reconciles', async () => {
    const { page } = ops;
    const balance = OPENING_BALANCE + approved.amount;
    const debit = balance - LEFT_AFTER_DEBIT;
    await page.goto(agencyUrl);
    const adjustment = page.getByRole('form', { name: 'Manual adjustment' });
    await adjustment.getByLabel('Amount (USD)').fill(`-${debit.toFixed(2)}`);
    await adjustment.getByLabel('Reason').fill('Correction: the demo credits were a trial allowance');
    await adjustment.getByRole('button', { name: 'Record adjustment' }).click();
    await page
      .getByText(`Balance adjusted: ${usd(LEFT_AFTER_DEBIT)}`)
      .first()
      .waitFor();

    const credits = page.getByRole('region', { name: 'Credits' });
    await credits.getByRole('button', { name: 'Set credit limit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set credit limit' });
    await dialog.getByLabel('Credit limit (USD)').fill(String(CREDIT_LIMIT));
    await dialog.getByLabel('Reason').fill('Overdraft agreed for the winter season');
    await dialog.getByText(`Available becomes ${usd(LEFT_AFTER_DEBIT + CREDIT_LIMIT)}`).waitFor();
    await photograph(page, 'admin-credit-limit-dialog');
    await dialog.getByRole('button', { name: 'Set limit' }).click();
    await page
      .getByText(`Credit limit set: ${usd(CREDIT_LIMIT)}`)
      .first()
      .waitFor();
    expect(await figure(credits, 'Balance')).toBe(LEFT_AFTER_DEBIT);
    expect(await figure(credits, 'Credit limit')).toBe(CREDIT_LIMIT);
    expect(await figure(credits, 'Available')).toBe(LEFT_AFTER_DEBIT + CREDIT_LIMIT);
    await credits.getByText('Overdraft agreed for the winter season').waitFor();
    await photograph(page, 'admin-agency-credits');

    // The agency books a flight that costs more than its balance: available covers it.
    const agent = agency.page;
    await chooseFlight(agent, 14);
    await fillAdult(agent, traveller);
    await openPriceSummary(agent);
    const yourCredits = agent.getByRole('region', { name: 'Your credits' });
    await yourCredits.getByText(/^Covers the /).waitFor();
    expect(await figure(yourCredits, 'Available')).toBe(LEFT_AFTER_DEBIT + CREDIT_LIMIT);
    expect(await figure(yourCredits, 'Balance')).toBe(LEFT_AFTER_DEBIT);
    expect(await figure(yourCredits, 'Credit limit')).toBe(CREDIT_LIMIT);
    await photograph(agent, 'agency-price-summary-credit-limit');
    const pnr = await confirmFromPriceSummary(agent);
    const total = await issueTicket(agent);
    expect(total).toBeGreaterThan(LEFT_AFTER_DEBIT);

    // The balance is below zero, within the limit; available = balance + limit.
    await agent.goto('/dashboard/statement');
    const figures = creditFigures(agent);
    const closing = (cents(LEFT_AFTER_DEBIT) - cents(total)) / 100;
    await figures
      .getByText(`\u2212${usd(-closing)}`)
      .first()
      .waitFor();
    const shownBalance = await figure(figures, 'Balance');
    const shownLimit = await figure(figures, 'Credit limit');
    const shownAvailable = await figure(figures, 'Available');
    expect(shownBalance).toBe(closing);
    expect(shownBalance).toBeLessThan(0);
    expect(shownLimit).toBe(CREDIT_LIMIT);
    expect(cents(shownAvailable)).toBe(cents(shownBalance) + cents(shownLimit));

    // Opening + credits + debits = closing = the balance shown, as the page writes them.
    const summary = agent.getByRole('region', { name: 'Statement summary' });
    const opening = await figure(summary, 'Opening balance');
    const totalCredits = await figure(summary, 'Credits');
    const totalDebits = await figure(summary, 'Debits');
    const closingShown = await figure(summary, 'Closing balance');
    expect(cents(opening) + cents(totalCredits) + cents(totalDebits)).toBe(cents(closingShown));
    expect(closingShown).toBe(shownBalance);
    expect(totalCredits).toBe(OPENING_BALANCE + approved.amount);
    expect(cents(totalDebits)).toBe(-(cents(debit) + cents(total)));
    // The ticket's line ends the ledger at that balance.
    const ticketLine = agent.getByRole('row').filter({ hasText: pnr });
    expect(signedAmountOf(await ticketLine.getByRole('cell').nth(3).textContent())).toBe(-total);
    expect(signedAmountOf(await ticketLine.getByRole('cell').nth(4).textContent())).toBe(closing);
    await photograph(agent, 'agency-statement-overdrawn');

    const [download] = await Promise.all([
      agent.waitForEvent('download'),
      agent.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statement-.*\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const rows = csv
      .trim()
      .split('\r\n')
      .map((text) => text.split(','));
    expect(rows[0]?.slice(0, 5)).toEqual(['line', 'date', 'kind', 'amount', 'running_balance']);
    const closingRow = rows.find((cells) => cells[2] === 'closing_balance');
    expect(Number(closingRow?.[4])).toBe(closing);
    expect(rows.filter((cells) => cells[2] === 'deposit').map((cells) => cells[10])).toEqual([
      approved.reference,
    ]);

    await agent.goto('/dashboard/notifications');
    const notices = agent.getByRole('list', { name: 'Notifications' });
    await notices.getByRole('listitem', { name: 'Credit limit raised: US$5,000.00 (unread)' }).waitFor();
    // The adjustment left less available than a tenth of the last deposit: the owner was warned.
    await notices
      .getByRole('listitem', { name: 'Your available credits are running low (unread)' })
      .waitFor();
    await photograph(agent, 'agency-notifications');
    await agent.goto('/dashboard/transactions');
    await photograph(agent, 'agency-transactions');

    // The console's view of the same ledger.
    await page.getByRole('region', { name: 'Credits' }).getByRole('link', { name: 'Statement' }).click();
    await page.getByRole('heading', { name: 'Statement of Demo Travels' }).waitFor();
    const consoleSummary = page.getByRole('region', { name: 'Statement summary' });
    await consoleSummary.waitFor();
    expect(await figure(consoleSummary, 'Closing balance')).toBe(closing);
    await photograph(page, 'admin-agency-statement');
    expect(agency.problems).toEqual([]);
    expect(ops.problems).toEqual([]);
  }, 240_000);
});
