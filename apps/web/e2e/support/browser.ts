import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export const baseUrl = (): string => inject('baseUrl');

export type TrackedPage = { page: Page; context: BrowserContext; problems: string[] };

/**
 * A page in a fresh context (empty storage) that records uncaught errors and console errors,
 * such as CSP violations, so a journey can assert the console stayed clean.
 */
export async function openPage(
  browser: Browser,
  viewport = { width: 1366, height: 900 },
  /** The server to open pages of: the suite's, unless a journey runs one of its own. */
  url = baseUrl(),
): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL: url, viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return { page, context, problems };
}
