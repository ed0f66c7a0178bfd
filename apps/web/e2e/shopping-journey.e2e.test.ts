import { SUCCESS } from '@skydesk/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingStatus,
  confirmFromPriceSummary,
  eTicketTotal,
  fillAdult,
  issueTicket,
  openPriceSummary,
  type Traveller,
} from './support/booking.js';
import { launchBrowser, openPage } from './support/browser.js';
import { chooseAirport, inDays, signInAsDemo } from './support/demo.js';
import { amountOf, cents, usd } from './support/money.js';
import { photographer } from './support/photograph.js';
import { REFUNDS_AT_ONCE, type RunningServer, startServer } from './support/server.js';

const VOID_WINDOW_SECONDS = 10;

/** Where the journey's pictures go, at 1366 and 390 px, for a person to look at. */
const photograph = photographer(process.env.SCREENSHOT_DIR ?? '/tmp/skydesk-shopping-screens');

const traveller: Traveller = {
  title: 'Mr',
  first: 'Tomas',
  last: 'Lindqvist',
  gender: 'Male',
  born: '1979-09-03',
  nationality: 'Sweden',
  passport: 'SE7788123',
  expiry: '2032-06-30',
};

/** A result card's figure, read as the agent reads it: "+US$45.00" → 45, "same price" → 0. */
const difference = async (card: Locator): Promise<number> => {
  const text = (await card.getByText(/^(\+US\$[\d,.]+|same price)$/).textContent()) ?? '';
  return text === 'same price' ? 0 : amountOf(text);
};
const tripTotal = async (card: Locator): Promise<number> =>
  amountOf(await card.getByText(/^trip from /).textContent());

/**
 * Issue 16's journey in a real browser against the real server: a London ⇄ New York return
 * searched, the outbound picked (each with its cheapest whole trip), then the inbound (each with
 * its difference to that cheapest), Basic, Standard and Flex compared side by side, the refundable
 * Flex fare held, issued from the credits and refunded — Flex's penalty being none.
 */
describe('shopping a return trip in fare families, in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let resultsUrl: string;
  let flexTotal: number;
  let pnr: string;

  let server: RunningServer;

  beforeAll(async () => {
    // Its own server: refunds approved at once, and a void window of seconds (a test hook), so the
    // refund this journey ends on is the one a ticket gets after the window (issue 30).
    server = await startServer({
      ...REFUNDS_AT_ONCE,
      SKYDESK_TEST_HOOKS: 'true',
      SKYDESK_VOID_WINDOW_SECONDS: String(VOID_WINDOW_SECONDS),
    });
    browser = await launchBrowser();
    ({ page, problems } = await openPage(browser, undefined, server.baseUrl));
    await signInAsDemo(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('searches London ⇄ New York and keeps the search in the address', async () => {
    await page.goto('/dashboard/search-flights');
    await page.getByRole('radio', { name: 'Return' }).check({ force: true });
    await chooseAirport(page, 'From', 'Heathrow', 'LHR');
    await chooseAirport(page, 'To', 'JFK', 'JFK');
    await page.getByLabel('Departure').fill(inDays(30));
    await page.getByRole('textbox', { name: 'Return' }).fill(inDays(37));
    await page.getByRole('button', { name: 'Search flights' }).click();
    await page.waitForURL('**/dashboard/flight-results?*');
    resultsUrl = page.url();
    expect(resultsUrl).toContain(`leg=LHR.JFK.${inDays(30)}`);
    expect(resultsUrl).toContain(`leg=JFK.LHR.${inDays(37)}`);
    await page.getByRole('heading', { name: /^\d+ outbound flights?$/ }).waitFor({ timeout: 30_000 });
    await photograph(page, '1-outbound');

    // The same address in a new tab (nothing saved there yet) runs the same search: no empty form.
    const tab = await page.context().newPage();
    await tab.goto(resultsUrl);
    await tab.getByRole('heading', { name: /^\d+ outbound flights?$/ }).waitFor({ timeout: 30_000 });
    expect(await tab.getByText('Choose a date').count()).toBe(0);
    await tab.close();
  });

  it('picks the outbound, then the inbound priced against the outbound’s cheapest trip', async () => {
    await page.getByRole('button', { name: 'Cheapest' }).click();
    const outbound = page.getByRole('article').first();
    // The card's price first; its net line under it says an amount too (issue 33).
    const cheapestTrip = amountOf(
      await outbound
        .getByText(/^US\$[\d,]+\.\d{2}$/)
        .first()
        .textContent(),
    );
    await outbound.getByRole('button', { name: 'Flight details' }).click();
    // Aircraft by name, not by code.
    await outbound
      .getByText(/(Airbus|Boeing|Embraer|ATR|Dash|CRJ)/)
      .first()
      .waitFor();
    await outbound.getByRole('button', { name: 'Choose outbound' }).click();

    await page.getByRole('heading', { name: /^\d+ return flights?$/ }).waitFor();
    expect(page.url()).toContain('pick=');
    await page.getByRole('button', { name: 'Cheapest' }).click();
    const inbounds = page.getByRole('article');
    // The cheapest inbound makes the outbound's cheapest trip; every other adds its difference.
    expect(await difference(inbounds.nth(0))).toBe(0);
    expect(cents(await tripTotal(inbounds.nth(0)))).toBe(cents(cheapestTrip));
    const count = await inbounds.count();
    for (const index of [1, Math.floor(count / 2), count - 1].filter((i) => i > 0 && i < count)) {
      const card = inbounds.nth(index);
      expect(cents(await tripTotal(card)) - cents(cheapestTrip)).toBe(cents(await difference(card)));
    }
    await photograph(page, '2-inbound');

    // Back to the outbound with the browser, and forward again: the steps are in the address.
    await page.goBack();
    await page.getByRole('heading', { name: /^\d+ outbound flights?$/ }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: /^\d+ return flights?$/ }).waitFor();
    await page.getByRole('button', { name: 'Cheapest' }).click();
    await page.getByRole('article').first().getByRole('button', { name: 'Choose return' }).click();
  });

  it('compares Basic, Standard and Flex side by side and takes the refundable Flex fare', async () => {
    const table = page.getByRole('table', { name: 'Fares for LHR ⇄ JFK' });
    await table.waitFor();
    const brands = await table.getByRole('columnheader').allTextContents();
    expect(brands.map((text) => text.match(/^(Basic|Standard|Flex)/)?.[1])).toEqual([
      'Basic',
      'Standard',
      'Flex',
    ]);
    const row = async (name: string) =>
      (await table.getByRole('row', { name: new RegExp(`^${name}`) }).textContent()) ?? '';
    expect(await row('Refundable')).toMatch(/No.*Yes.*Yes/);
    // Flex: no change fee, no cancel fee.
    expect(await row('Cancel fee')).toMatch(/No fee$/);
    expect(await row('Change fee')).toMatch(/No fee$/);
    const flexHeader = table.getByRole('columnheader', { name: /^Flex/ });
    flexTotal = amountOf((await flexHeader.textContent())?.match(/US\$[\d,]+\.\d{2}/)?.[0] ?? '');
    const basicTotal = amountOf(
      (await table.getByRole('columnheader', { name: /^Basic/ }).textContent())?.match(
        /US\$[\d,]+\.\d{2}/,
      )?.[0] ?? '',
    );
    expect(flexTotal).toBeGreaterThan(basicTotal);
    await photograph(page, '3-fares');

    await table.getByRole('button', { name: 'Select Flex' }).click();
    expect(page.url()).toContain('brand=Flex');
    await page.getByRole('button', { name: /Continue with Flex/ }).click();
    await page.waitForURL('**/dashboard/travelers-details');
    await page.getByRole('group', { name: /^Adult 1/ }).waitFor();
  });

  it('holds the Flex fare, then issues it from the credits at the price compared', async () => {
    await fillAdult(page, traveller);
    await openPriceSummary(page);
    await page.getByText(usd(flexTotal)).first().waitFor();
    pnr = await confirmFromPriceSummary(page);
    const issued = await issueTicket(page);
    expect(cents(issued)).toBe(cents(flexTotal));
    expect(cents(await eTicketTotal(page))).toBe(cents(flexTotal));
    await photograph(page, '4-e-ticket');
  });

  it('refunds the Flex ticket in full: Flex has no cancel fee', async () => {
    await page.getByRole('link', { name: 'Booking details' }).click();
    await bookingStatus(page).getByText(pnr).waitFor();
    await bookingStatus(page).getByText('Ticketed', { exact: true }).waitFor();
    // The booking's fare rules are Flex's: refundable, no cancellation penalty.
    await page.getByText('Flex (', { exact: false }).first().waitFor();
    const penaltyRow = page
      .getByRole('listitem')
      .filter({ hasText: 'Cancellation penalty (per adult)' })
      .first();
    expect(await penaltyRow.textContent()).toContain(usd(0));

    // Inside the void window the void is the one way out (issue 30); this journey's server closes
    // the window after seconds, and the open page offers the refund once it has closed.
    await page
      .getByRole('button', { name: 'Request refund' })
      .click({ timeout: (VOID_WINDOW_SECONDS + 30) * 1000 });
    const panel = page.getByRole('region', { name: 'Request a refund' });
    const ticket = panel.getByRole('checkbox', { name: /LINDQVIST/ });
    await ticket.waitFor();
    // The terms are Flex's: no cancel fee (a Standard fare would name its fee, a Basic one return
    // taxes only), so after the void window everything still comes back.
    await panel.getByText('Refundable: fare and taxes are returned in full').waitFor();
    const quote = (await panel.getByRole('listitem').filter({ hasText: 'LINDQVIST' }).textContent()) ?? '';
    expect(quote).toContain(`Paid${usd(flexTotal)}`);
    expect(quote).toContain(`Penalty${usd(0)}`);
    await panel.getByTestId('refund-total').getByText(usd(flexTotal)).waitFor();
    await photograph(page, '5-refund');
    await panel.getByLabel('Reason').fill('The client’s trip was cancelled');
    await panel.getByRole('button', { name: 'Request refund' }).click();
    await page.getByText(SUCCESS.refundRequestedShort).first().waitFor();
    // This journey's server approves refunds at once (REFUNDS_AT_ONCE).
    await bookingStatus(page).getByText('Refunded', { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });
});
