import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { chooseAirport, inDays, signInAsDemo } from './support/demo.js';

describe('flight search in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page, problems } = await openPage(browser));
    await signInAsDemo(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('searches LHR → JFK one-way a week ahead, filters the results and opens the details', async () => {
    await page.goto('/dashboard/search-flights');
    await page.getByRole('radio', { name: 'One-way' }).check({ force: true });
    await chooseAirport(page, 'From', 'Heathrow', 'LHR');
    await chooseAirport(page, 'To', 'JFK', 'JFK');
    await page.getByLabel('Departure').fill(inDays(7));
    await page.getByRole('button', { name: 'Search flights' }).click();

    await page.waitForURL('**/dashboard/flight-results?*');
    const cards = page.getByRole('article');
    await cards.first().waitFor({ timeout: 30_000 });
    const heading = page.getByRole('heading', { name: /flights$/ });
    const before = (await heading.textContent()) ?? '';
    const total = Number(before.match(/(\d+) flights?$/)?.[1]);
    expect(total).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Fares on nearby dates' }).getByRole('button').count())
      .toBe(7);

    // A filter narrows the list at once, on the client.
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('checkbox', { name: /Nonstop/ }).check();
    await expect
      .poll(async () => (await page.getByRole('heading', { name: /flights$/ }).textContent()) ?? '')
      .toMatch(new RegExp(`(of ${total} flights|^${total} flights)$`));
    // No nonstop on the day: the filter still worked; widen again to open one.
    if ((await cards.count()) === 0) await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('button', { name: 'Cheapest' }).click();

    await cards.first().getByRole('button', { name: 'View details' }).click();
    await page.waitForURL('**/dashboard/flight-details');
    await page.getByText(/Offer valid for/).waitFor();
    expect(await page.getByRole('heading', { name: /LHR → JFK/ }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('rowheader', { name: /Adult × 1/ }).count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
