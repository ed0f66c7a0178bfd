import type { Page } from 'playwright-core';
import { freshTotp, STEP_MS } from './totp.js';

/** The demo agency's owner, seeded on an empty store (README). */
export const DEMO = {
  email: 'demo@skydesk.local',
  password: 'SkyDesk-demo-2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

/** An earlier file of the run may have used the demo's current TOTP step: start on a fresh one. */
export async function nextTotpStep(): Promise<void> {
  const wait = STEP_MS - (Date.now() % STEP_MS) + 250;
  await new Promise((resolve) => setTimeout(resolve, wait));
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
  await nextTotpStep();
  await page.getByLabel('Authenticator code').fill(await freshTotp(DEMO.totpSecret));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** Picks an airport in the search form's From or To combobox by typing and choosing its code. */
export async function chooseAirport(page: Page, label: 'From' | 'To', query: string, code: string) {
  await page.getByRole('combobox', { name: label }).fill(query);
  await page.getByRole('option', { name: new RegExp(`^${code} · `) }).click();
}
