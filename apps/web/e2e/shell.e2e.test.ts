import { CRASH_SCREEN, NEW_VERSION_SCREEN } from '@skydesk/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';

describe('the SPA shell in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves the sign-in screen at / with a clean console under the strict CSP', async () => {
    const { page, context, problems } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('main').waitFor();
    expect(await page.title()).toMatch(/SkyDesk/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the not-found screen for an unknown path, with the way back to sign in', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/no/such/screen');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('sends a visitor without a session from the dashboard to sign in', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/dashboard/search-flights');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('reloads once when a screen chunk is gone after a deployment, then offers a manual reload', async () => {
    const { page, context } = await openPage(browser);
    let documentLoads = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads += 1;
    });
    // The registration screen's chunk no longer exists on the server (a new version was deployed).
    await page.route(/\/assets\/registration-page-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 404, body: '' }),
    );
    await page.goto('/registration');
    await page.getByRole('heading', { name: NEW_VERSION_SCREEN.title }).waitFor();
    await page.getByRole('button', { name: NEW_VERSION_SCREEN.reload }).waitFor();
    await page.getByRole('button', { name: NEW_VERSION_SCREEN.logout }).waitFor();
    // Give a looping reload every chance to show itself.
    await page.waitForTimeout(1500);
    expect(documentLoads).toBe(2);
    expect(await page.getByText(CRASH_SCREEN.title).count()).toBe(0);
    await context.close();
  });
});
