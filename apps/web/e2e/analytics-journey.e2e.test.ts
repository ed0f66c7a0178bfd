import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type TrackedPage } from './support/browser.js';
import { signInAsDemo } from './support/demo.js';
import { signInAsOperator } from './support/operator.js';
import { PHOTO_WIDTHS, photographer } from './support/photograph.js';
import { type RunningServer, startServer } from './support/server.js';

/*
 * Issue 15 "Done when", in a real browser: the demo agency, started as `npm start` starts it (its
 * four months of history seeded), opens on a dashboard home of real figures; its analytics and the
 * operator's platform figures draw their charts at a laptop's and a phone's width, each chart
 * inside the window, its table view holding the same figures. Every screen is photographed.
 *
 * Its own server: the suite's starts the bare demo (the other journeys count money from it).
 */

const photograph = photographer(process.env.SCREENSHOT_DIR ?? '/tmp/skydesk-analytics-screens');

/** A KPI card's figure, by its name ("Bookings"): the number under its name. */
async function figureOf(scope: Page | Locator, name: string): Promise<number> {
  const card = scope.getByRole('article', { name, exact: true }).first();
  const figure = /[\d,]+(?:\.\d+)?/.exec((await card.locator('p').nth(1).textContent()) ?? '');
  return figure ? Number(figure[0].replaceAll(',', '')) : Number.NaN;
}

/**
 * Each named chart is drawn — an SVG with marks in it, of a readable size — and fits the window at
 * every width (nothing cut off on a phone); the first one's table view has rows.
 */
async function expectChartsDrawn(page: Page, titles: string[]) {
  for (const width of PHOTO_WIDTHS) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    for (const title of titles) {
      const chart = page.getByRole('img', { name: title, exact: true });
      const svg = chart.locator('svg.recharts-surface').first();
      await svg.waitFor();
      await expect
        .poll(() => svg.locator('path, rect').count(), { message: `${title} at ${width} px` })
        .toBeGreaterThan(0);
      const box = await svg.boundingBox();
      expect(box, `${title} at ${width} px`).not.toBeNull();
      // A donut is 200 px across; the other charts span their card.
      expect(box!.width, `${title} at ${width} px`).toBeGreaterThanOrEqual(Math.min(200, width / 4));
      expect(box!.x + box!.width, `${title} at ${width} px`).toBeLessThanOrEqual(width);
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  const [first] = titles;
  const card = page.getByRole('region', { name: first, exact: true });
  await card.getByRole('button', { name: 'Table' }).click();
  expect(await card.getByRole('row').count()).toBeGreaterThan(2);
  await card.getByRole('button', { name: 'Table' }).click();
}

describe('the dashboard home, analytics and platform figures in Chromium (issue 15)', () => {
  let server: RunningServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let agent: TrackedPage;
  let ops: TrackedPage;

  beforeAll(async () => {
    server = await startServer({ DEMO_HISTORY: 'true' });
    browser = await launchBrowser();
    agent = await openPage(browser, undefined, server.baseUrl);
    ops = await openPage(browser, undefined, server.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("(a) the demo agency's home shows its last 30 days, holds, departures and bookings from its history", async () => {
    const { page } = agent;
    await signInAsDemo(page);
    const month = page.getByRole('region', { name: 'Last 30 days' });
    await month.getByRole('article', { name: 'Bookings', exact: true }).waitFor();
    expect(await figureOf(month, 'Bookings')).toBeGreaterThan(0);
    expect(await figureOf(month, 'Tickets issued')).toBeGreaterThan(0);
    expect(await figureOf(month, 'Searches')).toBeGreaterThan(0);
    // The history leaves two holds due within hours and passengers flying today and tomorrow.
    const holds = page.getByRole('region', { name: 'Holds to ticket' });
    await expect.poll(() => holds.getByRole('button', { name: /^Issue/ }).count()).toBeGreaterThan(0);
    await page
      .getByRole('region', { name: 'Departures today and tomorrow' })
      .getByRole('listitem')
      .first()
      .waitFor();
    await page.getByRole('region', { name: 'Recent bookings' }).getByRole('link').first().waitFor();
    await photograph(page, 'dashboard-home');
    expect(agent.problems).toEqual([]);
  });

  it('(b) its analytics draw the daily, ranking and outcome charts at both widths', async () => {
    const { page } = agent;
    await page.getByRole('link', { name: 'Open analytics' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/analytics');
    expect(await figureOf(page, 'Spend')).toBeGreaterThan(0);
    await expectChartsDrawn(page, [
      'Daily spend and tickets',
      'Top routes',
      'Top airlines',
      'Booking outcomes',
    ]);
    await photograph(page, 'analytics');
    expect(agent.problems).toEqual([]);
  });

  it("(c) the operator's platform figures draw theirs, the demo agency among the top agencies", async () => {
    const { page } = ops;
    await signInAsOperator(page);
    await page.goto('/admin/kpi');
    await expectChartsDrawn(page, ['Daily bookings and sales', 'Top agencies', 'Agencies by status']);
    await page.getByRole('region', { name: 'Top agencies' }).getByText('Demo Travels').first().waitFor();
    await photograph(page, 'platform-figures');
    expect(ops.problems).toEqual([]);
  });
});
