import { SESSION, SUCCESS } from '@skydesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, type TrackedPage } from './support/browser.js';
import { signInAsDemo } from './support/demo.js';
import { waitForMail } from './support/mail.js';
import { photographer } from './support/photograph.js';
import { freshTotp } from './support/totp.js';

/**
 * Issue 13 "Done when", in a real browser: the owner makes a role without booking permissions,
 * invites a colleague with it; the colleague accepts, confirms the e-mail, enrols an authenticator
 * and signs in, sees no booking actions, meets the 403 screen on a booking route and a 403 from the
 * API; the owner deactivates them, and their open page falls back to sign-in on its next call.
 */

const photograph = photographer(process.env.SCREENSHOT_DIR ?? '/tmp/skydesk-staff-screens');
const stamp = Date.now().toString(36);
const role = { name: `Accounts ${stamp}`, description: 'Deposits and statements, no bookings.' };
const colleague = {
  name: 'Noor Rahman',
  email: `noor.${stamp}@demo-travels.example`,
  phone: '+44 20 7946 0321',
  password: 'Ledger-Lines-Balance-42',
};

/** Every access token the colleague's page received, to call the API as them. */
const tokensOf = (page: Page) => {
  const tokens: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/api/') || !response.ok()) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    const body = (await response.json().catch(() => null)) as { data?: { token?: unknown } } | null;
    if (typeof body?.data?.token === 'string') tokens.push(body.data.token);
  });
  return tokens;
};

describe('staff, roles and permissions in Chromium (issue 13)', () => {
  let browser: Browser;
  let owner: TrackedPage;
  let staff: TrackedPage;
  let staffTokens: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await openPage(browser);
    staff = await openPage(browser);
    staffTokens = tokensOf(staff.page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('(a) the owner creates a role without booking permissions and invites a colleague with it', async () => {
    const { page } = owner;
    await signInAsDemo(page);
    await page.goto('/dashboard/create-role');
    await page.getByLabel('Role name').fill(role.name);
    await page.getByLabel('Description').fill(role.description);
    for (const permission of ['See payments', 'Make deposits', 'Use support']) {
      await page.getByRole('checkbox', { name: new RegExp(`^${permission}`) }).check();
    }
    await photograph(page, 'create-role');
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.getByText(SUCCESS.roleCreated).first().waitFor();
    await page.waitForURL('**/dashboard/roles');
    await page.getByRole('heading', { name: role.name }).waitFor();
    await photograph(page, 'roles');

    await page.goto('/dashboard/create-user');
    await page.getByLabel('Full name').waitFor();
    await photograph(page, 'create-user');
    await page.getByLabel('Full name').fill(colleague.name);
    await page.getByLabel('E-mail address').fill(colleague.email);
    await page.getByLabel('Phone').fill(colleague.phone);
    await page.getByRole('radio', { name: new RegExp(role.name) }).check();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(SUCCESS.userCreated).first().waitFor();
    await page.waitForURL('**/dashboard/users**');
    await page.getByRole('listitem', { name: colleague.name }).getByText('Invited').waitFor();
    await photograph(page, 'users');
  });

  it('(b) the colleague accepts the invitation, confirms the e-mail and enrols an authenticator', async () => {
    const { page } = staff;
    const link = await waitForMail(colleague.email, /(\/accept-invitation\?token=[\w-]+)/);
    await page.goto(link);
    await page.getByText(colleague.email).first().waitFor();
    await photograph(page, 'accept-invitation');
    await page.getByLabel('Password', { exact: true }).fill(colleague.password);
    await page.getByLabel('Confirm password').fill(colleague.password);
    await page.getByRole('button', { name: 'Set password and join' }).click();
    await page.getByRole('heading', { name: "You're on the team" }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();

    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('E-mail').inputValue()).toBe(colleague.email);
    await page.getByLabel('Password', { exact: true }).fill(colleague.password);
    const signInAt = Date.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/verification-login');
    const code = await waitForMail(colleague.email, /Your code: (\d{6})/, { since: signInAt });
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL((url) => url.pathname === '/qr-code-scan');
    const secret = ((await page.getByTestId('setup-key').textContent()) ?? '').replace(/\s+/g, '');
    await page.getByLabel('Authenticator code').fill(await freshTotp(secret));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('(c) the colleague sees no booking actions, a 403 screen on a booking route and a 403 from the API', async () => {
    const { page } = staff;
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Transactions' }).waitFor();
    for (const hidden of ['Search flights', 'Flight bookings', 'Booking history', 'Users', 'Roles']) {
      expect(await nav.getByRole('link', { name: hidden }).count(), hidden).toBe(0);
    }

    await page.goto('/dashboard/settings');
    await page.getByText('This device').first().waitFor();
    await photograph(page, 'settings');

    await page.goto('/dashboard/search-flights');
    await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
    await page.getByRole('link', { name: /home/i }).first().waitFor();
    await photograph(page, 'forbidden');

    const token = staffTokens.at(-1);
    expect(token).toBeTruthy();
    const refused = await fetch(`${baseUrl()}/api/booking-all-active-routes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(403);
  });

  it('(d) the owner deactivates the colleague, whose open page falls back to sign-in on its next call', async () => {
    const { page } = owner;
    await page.goto('/dashboard/users');
    const row = page.getByRole('listitem', { name: colleague.name });
    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: `Deactivate ${colleague.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText(SUCCESS.userUpdated).first().waitFor();
    await row.getByText('Deactivated').waitFor();

    // The colleague's page is still open on the 403 screen: its next call answers 401.
    await staff.page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Transactions' })
      .click();
    await staff.page.waitForURL((url) => url.pathname === '/');
    await staff.page.getByText(SESSION.unauthorized).first().waitFor();

    expect(owner.problems).toEqual([]);
    expect(staff.problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  });
});
