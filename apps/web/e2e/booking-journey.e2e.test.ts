import { readFile } from 'node:fs/promises';
import { BOOKING_MESSAGES, EMPTY_RESULT, SUCCESS } from '@skydesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingStatus,
  chooseFlight,
  confirmBooking,
  confirmFromPriceSummary,
  eTicketTotal,
  fillAdult,
  issueTicket,
  openPriceSummary,
  type Traveller,
} from './support/booking.js';
import { launchBrowser, openPage } from './support/browser.js';
import { inDays, signInAsDemo } from './support/demo.js';
import { outbox } from './support/mail.js';
import { usd } from './support/money.js';
import { REFUNDS_AT_ONCE, type RunningServer, startServer } from './support/server.js';

/**
 * The demo agency starts with US$10,000.00 of credits (seed-demo) and no bookings. The journey
 * counts money and bookings from there, so it runs a server of its own: on the suite's, the
 * journeys that ran before it (the support journey's held booking, the shopping journey's
 * fares) changed both, depending on the order the files ran in.
 */
const OPENING_BALANCE = 10_000;

const passenger: Traveller = {
  title: 'Mrs',
  first: 'Layla',
  last: 'Hassan',
  gender: 'Female',
  born: '1988-04-12',
  nationality: 'United Arab Emirates',
  passport: 'P1234567',
  expiry: '2031-03-01',
};

describe('booking, ticketing and after-sales in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let ticketed: { pnr: string; url: string; total: number };
  let cancelled: string;
  let held: string;
  let heldTotal: number;

  beforeAll(async () => {
    server = await startServer(REFUNDS_AT_ONCE);
    browser = await launchBrowser();
    ({ page, problems } = await openPage(browser, undefined, server.baseUrl));
    await signInAsDemo(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('books a flight for a traveller, issues it from the credits and downloads the PDF e-ticket', async () => {
    await chooseFlight(page, 14);
    const adult = page.getByRole('group', { name: /^Adult 1/ });
    // An adult's date of birth for a child's age first: the screen says so before anything is sent.
    await fillAdult(page, { ...passenger, born: inDays(-365 * 5) });
    await page.getByRole('checkbox', { name: /Save travellers for next time/ }).check();
    await page.getByRole('button', { name: /Continue to seats/ }).click();
    await adult.getByText('An adult is at least 12 on the travel date').waitFor();
    await adult.getByLabel('Date of birth').fill(passenger.born);

    // The price summary weighs the total against the agency's balance.
    await openPriceSummary(page);
    // Available, balance and credit limit, each named (issue 12): no credit limit, so available = balance.
    const balance = page.getByRole('region', { name: 'Your credits' });
    await balance.getByText(usd(OPENING_BALANCE)).first().waitFor();
    await balance.getByText(/^Covers the /).waitFor();
    const pnr = await confirmFromPriceSummary(page);
    expect(await page.getByText(/^Ticket by /).count()).toBe(1);

    const total = await issueTicket(page);
    expect(total).toBeGreaterThan(0);
    const eTicket = page.getByRole('article', { name: 'Electronic ticket' });
    await page.getByText('Tickets issued').waitFor();
    expect(await eTicket.getByText(pnr).count()).toBe(1);
    expect(await eTicket.getByText(/^\d{13}$/).count()).toBe(1);
    expect(await eTicket.getByText('LAYLA HASSAN', { exact: false }).count()).toBeGreaterThan(0);

    const [pdf, download] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/ticket.pdf')),
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    // What the browser saved: the file itself, not just the answer's headers.
    expect(download.suggestedFilename()).toBe(`e-ticket-${pnr}.pdf`);
    const saved = await readFile(await download.path());
    expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(saved.length).toBeGreaterThan(1000);

    // The e-ticket to the traveller, by e-mail with the PDF attached (the contact unticked).
    const traveller = `layla.${pnr.toLowerCase()}@example.com`;
    await page.getByRole('button', { name: 'E-mail e-ticket' }).click();
    const dialog = page.getByRole('dialog', { name: `E-mail the e-ticket ${pnr}` });
    await dialog.getByRole('checkbox', { name: /Booking contact/ }).uncheck();
    await dialog.getByLabel(/Other addresses/).fill(traveller);
    await dialog.getByRole('button', { name: 'Send e-ticket' }).click();
    await page.getByText(BOOKING_MESSAGES.ticketEmailed(1)).first().waitFor();
    const [mail] = await outbox(traveller, server.baseUrl);
    expect(mail?.subject).toContain(`E-ticket ${pnr}`);
    expect(mail?.attachments.map((file) => file.filename)).toEqual([`e-ticket-${pnr}.pdf`]);
    expect(
      Buffer.from(mail!.attachments[0]!.content_base64, 'base64').subarray(0, 5).toString('latin1'),
    ).toBe('%PDF-');

    await page.getByRole('link', { name: 'Booking details' }).click();
    await page.waitForURL('**/dashboard/booking-details?id=*');
    await bookingStatus(page).getByText('Ticketed', { exact: true }).waitFor();
    ticketed = { pnr, url: page.url(), total };
  });

  it('holds a second booking with the saved traveller and cancels the hold', async () => {
    await chooseFlight(page, 21);
    const adult = page.getByRole('group', { name: /^Adult 1/ });
    await adult.getByRole('button', { name: /Pick a saved traveller/ }).click();
    await page
      .getByRole('list', { name: 'Saved travellers for Adult 1' })
      .getByRole('button', { name: /LAYLA HASSAN/ })
      .click();
    expect(await adult.getByLabel('Passport number').inputValue()).toBe(passenger.passport);

    // The first ticket was paid from the credits.
    await openPriceSummary(page);
    await page
      .getByRole('region', { name: 'Your credits' })
      .getByText(usd(OPENING_BALANCE - ticketed.total))
      .first()
      .waitFor();
    cancelled = await confirmFromPriceSummary(page);

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const panel = page.getByRole('region', { name: 'Cancel this booking' });
    await panel.getByText(/the seats are released and nothing is charged/).waitFor();
    await panel.getByLabel('Reason').fill('The traveller changed plans');
    await panel.getByRole('button', { name: 'Cancel booking' }).click();
    await bookingStatus(page).getByText('Cancelled', { exact: true }).waitFor();
    await page.getByRole('main').getByText(SUCCESS.bookingCancelled).waitFor();
    await page
      .getByRole('region', { name: 'History' })
      .getByText(/The traveller changed plans/)
      .waitFor();
  });

  it('leaves a third booking held, with its deadline counting down in the flight bookings', async () => {
    await chooseFlight(page, 28);
    const adult = page.getByRole('group', { name: /^Adult 1/ });
    await adult.getByRole('button', { name: /Pick a saved traveller/ }).click();
    await page
      .getByRole('list', { name: 'Saved travellers for Adult 1' })
      .getByRole('button', { name: /LAYLA HASSAN/ })
      .click();
    held = await confirmBooking(page);

    await page.goto('/dashboard/flight-bookings');
    const heldGroup = page.getByRole('region', { name: /^Held/ });
    await heldGroup.getByText(held).waitFor();
    expect(await heldGroup.getByText(/^Ticket by /).count()).toBe(1);
    const ticketedGroup = page.getByRole('region', { name: /^Ticketed/ });
    await ticketedGroup.getByText(ticketed.pnr).waitFor();
    expect(await page.getByText(cancelled).count()).toBe(0);

    // The PNR look-up opens the booking.
    await page.getByLabel('Find by PNR').fill(held.toLowerCase());
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByText(SUCCESS.pnrFetched).waitFor();
    await page.waitForURL('**/dashboard/booking-details?id=*');
    await bookingStatus(page).getByText(held).waitFor();
  });

  it('voids the ticketed booking for a full refund to the credits', async () => {
    await page.goto(ticketed.url);
    await page.getByText(/^Free void until /).waitFor();
    await page.getByRole('button', { name: 'Void tickets' }).click();
    const panel = page.getByRole('region', { name: 'Void the tickets' });
    await panel
      .getByText(`${usd(ticketed.total)} goes back to your credits in full`, { exact: false })
      .waitFor();
    await panel.getByLabel('Reason').fill('Ticketed on the wrong date');
    await panel.getByRole('button', { name: 'Void tickets' }).click();
    await bookingStatus(page).getByText('Voided', { exact: true }).waitFor();
    // Said as what happened: a void, not a cancelled hold.
    await page.getByRole('main').getByText(BOOKING_MESSAGES.ticketsVoided).waitFor();
    expect(await page.getByRole('main').getByText(SUCCESS.bookingCancelled).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Void tickets' }).count()).toBe(0);
    // Its e-ticket is kept for the record, stamped, and no longer offered by e-mail.
    await page.getByRole('link', { name: 'View e-ticket (void)' }).click();
    await page.getByRole('region', { name: /^Tickets voided on / }).waitFor();
    expect(await page.getByText(/Total paid/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'E-mail e-ticket' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Download PDF (marked VOID)' }).waitFor();
  });

  it('issues the held booking and, inside its void window, offers the void as the one way out', async () => {
    await page.goto('/dashboard/booking-history');
    await page.getByRole('link', { name: new RegExp(held) }).click();
    await page.getByRole('button', { name: 'Issue ticket' }).click();
    const issue = page.getByRole('region', { name: /^Issue 1 ticket/ });
    // The void of the first booking gave back what its ticket took: the balance is whole again.
    await issue.getByText(usd(OPENING_BALANCE)).waitFor();
    await issue.getByRole('button', { name: /^Issue for / }).click();
    await page.waitForURL('**/dashboard/e-ticket?id=*');
    await page.getByRole('article', { name: 'Electronic ticket' }).waitFor();
    heldTotal = await eTicketTotal(page);
    await page.getByRole('link', { name: 'Booking details' }).click();
    await bookingStatus(page).getByText('Ticketed', { exact: true }).waitFor();

    // Issue 30: inside the void window no refund is offered beside the void; everything comes back.
    expect(await page.getByRole('button', { name: 'Request refund' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Void tickets' }).click();
    const panel = page.getByRole('region', { name: 'Void the tickets' });
    await panel.getByText(`${usd(heldTotal)} goes back to your credits in full`, { exact: false }).waitFor();
    await panel.getByLabel('Reason').fill('The traveller cannot fly');
    await panel.getByRole('button', { name: 'Void tickets' }).click();
    await bookingStatus(page).getByText('Voided', { exact: true }).waitFor();
  });

  it('shows every booking in the history, filters it, and lists the orders with the balance restored', async () => {
    await page.goto('/dashboard/booking-history');
    const list = page.getByRole('region', { name: 'Bookings' });
    for (const pnr of [ticketed.pnr, cancelled, held]) await list.getByText(pnr).waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Voided' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL('**/dashboard/booking-history?status=voided');
    for (const pnr of [ticketed.pnr, held]) await list.getByText(pnr).waitFor();
    await expect.poll(() => list.getByRole('link').count()).toBe(2);
    await page.getByLabel('Status').selectOption({ label: 'Expired' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('heading', { name: EMPTY_RESULT.noBookings }).waitFor();
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByLabel('PNR or passenger').fill(cancelled);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => list.getByRole('link').count()).toBe(1);
    await list.getByText('Cancelled', { exact: true }).waitFor();

    // Flight bookings list what is still to fly: nothing of these three.
    await page.goto('/dashboard/flight-bookings');
    await page.getByRole('heading', { name: EMPTY_RESULT.noBookings }).waitFor();

    await page.goto('/dashboard/order-history');
    const totals = page.getByRole('region', { name: 'Totals' });
    // Available now, with the balance and credit limit under it (the same figure without a limit).
    await totals.getByText(usd(OPENING_BALANCE)).first().waitFor();
    const text = (await totals.textContent()) ?? '';
    expect(text).toContain(`Tickets2−${usd(ticketed.total + heldTotal)}`);
    expect(text).toContain(`Voids2+${usd(ticketed.total + heldTotal)}`);
    await expect.poll(() => page.getByRole('row').filter({ hasText: ticketed.pnr }).count()).toBe(2);
    await expect.poll(() => page.getByRole('row').filter({ hasText: held }).count()).toBe(2);
    expect(problems).toEqual([]);
  });
});
