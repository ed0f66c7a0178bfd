import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDuffelTestServer,
  type DuffelTestServer,
} from '../../server/test/support/duffel/duffel-test-server.js';
import { bookingStatus, fillAdult, openPriceSummary, type Traveller } from './support/booking.js';
import { launchBrowser, openPage } from './support/browser.js';
import { chooseAirport, inDays, seededPersonTotp, signInAsDemo } from './support/demo.js';
import { OPERATOR } from './support/operator.js';
import { photographer } from './support/photograph.js';
import { REFUNDS_AT_ONCE, type RunningServer, startServer } from './support/server.js';

/**
 * Issue 29 in a real browser: the server sells Duffel's offers beside the sandbox's, through the
 * local Duffel test server (apps/server/test/support/duffel: no network). The operator sets the
 * GBP rate and Duffel's markup in the console; the agent books a Duffel Airways offer, holds it at
 * the airline (its PNR shown), issues it (one order, one payment at Duffel) — and, with Duffel
 * failing, is told that some airlines did not answer.
 */

const TOKEN = 'duffel_test_local';
const photograph = photographer(process.env.SCREENSHOT_DIR ?? '/tmp/skydesk-duffel-screens');

const traveller: Traveller = {
  title: 'Mr',
  first: 'Karim',
  last: 'Nasser',
  gender: 'Male',
  born: '1979-02-14',
  nationality: 'United Arab Emirates',
  passport: 'N7654321',
  expiry: '2032-06-30',
};

/** Today in UTC, the day rates take effect by. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

async function signInToConsole(page: Page) {
  await page.goto('/admin');
  await page.getByRole('heading', { level: 1, name: 'Operator sign-in' }).waitFor();
  await page.getByLabel('E-mail').fill(OPERATOR.email);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Two-step verification' }).waitFor();
  await page.getByLabel('Authenticator code').fill(await seededPersonTotp(page, OPERATOR.email));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.getByRole('navigation', { name: 'Console navigation' }).first().waitFor();
}

/** Searches LHR → JFK one-way `days` ahead for one adult, and waits for the results. */
async function searchLondonNewYork(page: Page, days: number) {
  await page.goto('/dashboard/search-flights');
  await page.getByRole('radio', { name: 'One-way' }).check({ force: true });
  await chooseAirport(page, 'From', 'Heathrow', 'LHR');
  await chooseAirport(page, 'To', 'JFK', 'JFK');
  await page.getByLabel('Departure').fill(inDays(days));
  await page.getByRole('button', { name: 'Search flights' }).click();
  await page.waitForURL('**/dashboard/flight-results?*');
  await page.getByRole('article').first().waitFor({ timeout: 30_000 });
}

/** The results' filter for Duffel's test airline (ZZ). */
const duffelAirways = (page: Page) =>
  page.getByRole('complementary', { name: 'Filters' }).getByRole('checkbox', { name: /Duffel Airways/ });

describe('a Duffel offer from the console to the e-ticket, in Chromium', () => {
  let duffel: DuffelTestServer;
  let server: RunningServer;
  let browser: Browser;
  let operator: Page;
  let agent: Page;
  let problems: string[];

  beforeAll(async () => {
    duffel = await createDuffelTestServer({ token: TOKEN, seed: 29 });
    server = await startServer({
      ...REFUNDS_AT_ONCE,
      DUFFEL_ACCESS_TOKEN: TOKEN,
      DUFFEL_API_URL: duffel.url,
    });
    browser = await launchBrowser();
    ({ page: operator } = await openPage(browser, undefined, server.baseUrl));
    ({ page: agent, problems } = await openPage(browser, undefined, server.baseUrl));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await duffel?.close();
  });

  it('the operator sets the GBP rate (the platform currency refused) and Duffel’s markup', async () => {
    await signInToConsole(operator);

    await operator.goto('/admin/rates');
    await operator.getByRole('heading', { name: 'No rate set yet' }).waitFor();
    const form = operator.getByRole('region', { name: 'Set a rate' });
    await form.getByLabel('Currency').fill('usd');
    await form.getByLabel('USD for one unit').fill('1');
    await form.getByRole('button', { name: 'Set rate' }).click();
    await form.getByText('USD is the platform currency: its rate is always 1').waitFor();
    await form.getByLabel('Currency').fill('GBP');
    await form.getByLabel('USD for one unit').fill('1.27');
    await form.getByLabel('From (UTC day)').fill(todayUtc());
    await form.getByRole('button', { name: 'Set rate' }).click();
    const gbp = operator.getByRole('region', { name: 'GBP' });
    await gbp.getByText('1 GBP = 1.27 USD').waitFor();
    await gbp.getByText('In force').waitFor();
    await photograph(operator, 'rates');

    await operator.goto('/admin/suppliers');
    const card = operator.getByTestId('supplier-duffel');
    await card.getByText('On', { exact: true }).waitFor();
    await card.getByRole('button', { name: "Edit Duffel's markup" }).click();
    const dialog = operator.getByRole('dialog', { name: "Duffel's markup" });
    await dialog.getByLabel('Percent of the price').fill('3');
    await dialog.getByLabel('Fixed per passenger (USD)').fill('10');
    await dialog.getByRole('button', { name: 'Save markup' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('3 %').waitFor();
    await card.getByText('US$10.00').waitFor();
  });

  it('the agent books a Duffel Airways offer, held at the airline with its PNR, and issues it once', async () => {
    await signInAsDemo(agent);
    await searchLondonNewYork(agent, 21);
    // Duffel's offers among the sandbox's: the airline filter shows them alone.
    await duffelAirways(agent).check();
    const offer = agent.getByRole('article', { name: /^Duffel Airways / }).first();
    await offer.waitFor();
    await offer.getByRole('button', { name: 'View details' }).click();
    await agent.waitForURL('**/dashboard/flight-details');
    await agent.getByRole('button', { name: /Continue to travellers/ }).click();
    await agent.waitForURL('**/dashboard/travelers-details');
    await fillAdult(agent, traveller);
    await openPriceSummary(agent);
    await agent.getByRole('button', { name: /Continue to confirm/ }).click();
    await agent.waitForURL('**/dashboard/confirm-booking');
    await agent.getByRole('button', { name: 'Confirm booking' }).click();
    await agent.waitForURL('**/dashboard/booking-details?id=*');
    await bookingStatus(agent).getByText('Booked', { exact: true }).waitFor();

    // Held at the airline: its own reference beside SkyDesk's, once it confirmed the hold.
    const reference = agent.getByTestId('airline-reference');
    await reference.waitFor({ timeout: 20_000 });
    const pnr = (await reference.textContent())?.trim();
    expect(pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(duffel.state.orders()).toHaveLength(1);
    expect(duffel.state.orders()[0]?.booking_reference).toBe(pnr);
    await photograph(agent, 'duffel-booking-held');

    await agent.getByRole('button', { name: 'Issue ticket' }).click();
    await agent
      .getByRole('region', { name: /^Issue 1 ticket/ })
      .getByRole('button', { name: /^Issue for / })
      .click();
    await agent.waitForURL('**/dashboard/e-ticket?id=*', { timeout: 20_000 });
    await agent.getByRole('article', { name: 'Electronic ticket' }).waitFor();
    expect(duffel.state.orders()).toHaveLength(1);
    expect(duffel.state.payments()).toHaveLength(1);
    expect(duffel.state.payments()[0]?.amount).toBe(duffel.state.orders()[0]?.total_amount);

    await agent.goBack();
    await bookingStatus(agent).getByText('Ticketed', { exact: true }).waitFor();
    await agent.getByTestId('airline-reference').waitFor();
    await photograph(agent, 'duffel-booking-ticketed');
  });

  it('says that some airlines did not answer when Duffel fails, and searching again brings them back', async () => {
    duffel.failures.next('POST /air/offer_requests', { kind: 'server_error', when: 'before' });
    await searchLondonNewYork(agent, 22);
    const notice = agent.getByText('Some airlines did not answer in time — search again to include them');
    await notice.waitFor();
    expect(await duffelAirways(agent).count()).toBe(0);
    await photograph(agent, 'results-missing-suppliers');

    await agent.getByRole('button', { name: 'Search again' }).click();
    await duffelAirways(agent).waitFor({ timeout: 30_000 });
    expect(await notice.count()).toBe(0);
  });

  it('shows the supplier’s health to the operator after those calls', async () => {
    await operator.goto('/admin/suppliers');
    const card = operator.getByTestId('supplier-duffel');
    await card.getByText('Server errors (5xx)', { exact: true }).waitFor();
    await photograph(operator, 'suppliers');
    await card.getByText('p95 latency').waitFor();
    // Nothing went wrong in the agent's browser along the way.
    expect(problems).toEqual([]);
  });
});
