import type { Page } from 'playwright-core';
import { DEMO, seededPersonTotp } from './demo.js';

/** The demo operator, seeded with the demo agency (the same password and authenticator secret). */
export const OPERATOR = { email: 'ops@skydesk.local', password: DEMO.password, totpSecret: DEMO.totpSecret };

/** The two screens of the console's sign-in, named for a journey that photographs them. */
export type OperatorSignInScreen = 'login' | 'authenticator';

/**
 * Signs the demo operator in to /admin through the password and authenticator screens; the
 * console opens on its work queue (issue 30). `onScreen` is called on each screen once it shows (a
 * journey photographs them there).
 */
export async function signInAsOperator(
  page: Page,
  { onScreen }: { onScreen?: (screen: OperatorSignInScreen) => Promise<void> } = {},
): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('heading', { level: 1, name: 'Operator sign-in' }).waitFor();
  await onScreen?.('login');
  await page.getByLabel('E-mail').fill(OPERATOR.email);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Two-step verification' }).waitFor();
  await onScreen?.('authenticator');
  await page.getByLabel('Authenticator code').fill(await seededPersonTotp(page, OPERATOR.email));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('heading', { level: 1, name: 'Work queue' }).waitFor();
}
