import type { Page } from 'playwright-core';
import { baseUrl } from './browser.js';
import { freshTotp, STEP_MS } from './totp.js';

/** The demo agency's owner, seeded on an empty store (README). */
export const DEMO = {
  email: 'demo@skydesk.local',
  password: 'SkyDesk-demo-2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

/** An earlier file of the run may have used the demo's current TOTP step: start on a fresh one. */
async function nextTotpStep(): Promise<void> {
  const wait = STEP_MS - (Date.now() % STEP_MS) + 250;
  await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * A code for one of the seeded people (the demo owner, the demo operator: one secret) that the
 * page's server has not seen used. On the suite's server, shared by every file of the run, another
 * file may have used the current step, so it waits for the next; a journey's own server knows only
 * this file's sign-ins, which freshTotp tracks per user and server.
 */
export async function seededPersonTotp(page: Page, email: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  if (origin === new URL(baseUrl()).origin) await nextTotpStep();
  return freshTotp(DEMO.totpSecret, `${email} on ${origin}`);
}

/** The local date `days` from today, 'YYYY-MM-DD', as a date input takes it. */
export const inDays = (days: number): string => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
};

/** Signs the demo owner in through the sign-in screen and the authenticator step. */
export async function signInAsDemo(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authenticator code').fill(await seededPersonTotp(page, DEMO.email));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** Picks an airport in the search form's From or To combobox by typing and choosing its code. */
export async function chooseAirport(page: Page, label: 'From' | 'To', query: string, code: string) {
  await page.getByRole('combobox', { name: label }).fill(query);
  await page.getByRole('option', { name: new RegExp(`^${code} · `) }).click();
}
