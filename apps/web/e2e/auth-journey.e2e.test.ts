import { SUCCESS } from '@skydesk/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { DEMO } from './support/demo.js';
import { TINY_PDF, TINY_PNG } from './support/files.js';
import { waitForMail } from './support/mail.js';
import { freshTotp } from './support/totp.js';

const agency = {
  company: 'Horizon Voyages',
  contact: 'Leila Haddad',
  email: `leila.${Date.now()}@horizon-voyages.example`,
  phone: '+971 4 555 0199',
  city: 'Dubai',
  address: '12 Sheikh Zayed Road',
  password: 'Horizon-Voyages-2026!',
  newPassword: 'Fresh-Skies-Over-Dubai-7',
};

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function enterAuthenticatorCode(page: Page, secret: string) {
  await page.getByLabel('Authenticator code').fill(await freshTotp(secret));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}

/** Every key and value of both web storages, to look for credentials in. */
const webStorage = (page: Page) =>
  page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((storage) =>
      Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`),
    ),
  );

describe('agency onboarding and sign-in in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  /** Every token the server handed the page: access tokens and sign-in challenges. */
  const tokensSeen = new Set<string>();
  let totpSecret = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page, context, problems } = await openPage(browser));
    page.on('response', async (response) => {
      if (!response.url().includes('/api/') || !response.ok()) return;
      if (!(response.headers()['content-type'] ?? '').includes('json')) return;
      const body = (await response.json().catch(() => null)) as { data?: Record<string, unknown> } | null;
      for (const key of ['token', 'challenge_token']) {
        const value = body?.data?.[key];
        if (typeof value === 'string') tokensSeen.add(value);
      }
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('(a) registers an agency, verifies it, enrols the authenticator and sends the vendor documents', async () => {
    await page.goto('/registration');
    await page.getByLabel('Company name').fill(agency.company);
    await page.getByLabel('Country').selectOption('AE');
    await page.getByLabel('City').fill(agency.city);
    await page.getByLabel('Address').fill(agency.address);
    await page.getByLabel('Contact name').fill(agency.contact);
    await page.getByLabel('E-mail').fill(agency.email);
    await page.getByLabel('Phone').fill(agency.phone);
    await page.getByLabel('Password', { exact: true }).fill(agency.password);
    await page.getByLabel('Confirm password').fill(agency.password);
    const registeredAt = Date.now();
    await page.getByRole('button', { name: 'Create agency account' }).click();

    await page.getByText(SUCCESS.registered).waitFor();
    await page.waitForURL((url) => url.pathname === '/verification');
    expect(new URL(page.url()).searchParams.get('email')).toBe(agency.email);
    // The e-mailed code has just been sent: 'Resend code' waits a minute.
    expect(await page.getByRole('button', { name: 'Resend code' }).isDisabled()).toBe(true);

    const code = await waitForMail(agency.email, /Your code: (\d{6})/, { since: registeredAt });
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify e-mail' }).click();

    // Sign in, the address already filled in: the e-mail is verified, so the authenticator is next.
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('E-mail').inputValue()).toBe(agency.email);
    await page.getByLabel('Password', { exact: true }).fill(agency.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL((url) => url.pathname === '/qr-code-scan');
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await page.getByText(SUCCESS.checkAuthenticator).first().waitFor();
    totpSecret = ((await page.getByTestId('setup-key').textContent()) ?? '').replace(/\s+/g, '');
    expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    await enterAuthenticatorCode(page, totpSecret);

    // Signed in, not approved yet: the dashboard is the verification page.
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Agency verification' }).waitFor();
    await page.getByRole('heading', { name: 'Send your documents' }).waitFor();

    await page.getByLabel('Trade licence number').fill('TL-2026-55120');
    await page.getByLabel('Tax number').fill('100234567800003');
    await page
      .getByLabel('Trade licence', { exact: true })
      .setInputFiles({ name: 'trade-licence.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page
      .getByLabel("Owner's ID document", { exact: true })
      .setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await page.getByRole('img', { name: 'Preview of trade-licence.png' }).waitFor();
    await page.getByText('passport.pdf').waitFor();
    await page.getByRole('button', { name: 'Submit for review' }).click();

    await page.getByText(SUCCESS.verificationSent).waitFor();
    await page.getByRole('heading', { name: 'Your documents are under review' }).waitFor();
    await page.getByText('TL-2026-55120').waitFor();

    // A document needs the Bearer header: it opens in a new tab from an object URL.
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: "Open Owner's ID document" }).click();
    const tab = await popup;
    await tab.waitForURL(/^blob:/);
    await tab.close();

    expect(problems).toEqual([]);
  });

  it('(b) keeps no token in localStorage or sessionStorage', async () => {
    expect(tokensSeen.size).toBeGreaterThanOrEqual(2);
    const stored = await webStorage(page);
    expect(stored.length).toBeGreaterThan(0);
    for (const entry of stored) {
      expect(entry).not.toContain('eyJ');
      for (const token of tokensSeen) expect(entry).not.toContain(token);
    }
  });

  it('(c) stays signed in across a reload (refresh cookie), still on the pending page', async () => {
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await page.getByRole('heading', { name: 'Your documents are under review' }).waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    for (const entry of await webStorage(page)) expect(entry).not.toContain('eyJ');
  });

  it('(d) logs out to sign in, and the ended session cannot be brought back by a reload', async () => {
    const cookies = await context.cookies();
    expect(cookies.some((cookie) => cookie.httpOnly && cookie.path === '/api/auth')).toBe(true);
    const savedState = await page.evaluate(() => localStorage.getItem('persist:skydesk'));

    await page.getByRole('button', { name: `Account menu for ${agency.contact}` }).click();
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await loggedOut).status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(pathOf(page)).toBe('/');

    // Put back the old refresh cookie and the saved user, as if nothing had happened: the
    // server has revoked the session, so the start-up refresh fails and sign-in shows.
    await context.addCookies(cookies);
    await page.evaluate((state) => {
      if (state) localStorage.setItem('persist:skydesk', state);
    }, savedState);
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
    await page.goto('/dashboard');
    expect((await refreshed).status()).toBe(401);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(pathOf(page)).toBe('/');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  });

  it('(e) resets the password, then signs in with the authenticator code only', async () => {
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The sign-in screen has an "E-mail" field too: fill only once the lazy screen has replaced it.
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('E-mail').fill(agency.email);
    const askedAt = Date.now();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(SUCCESS.resetLinkSent).waitFor();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    const token = await waitForMail(agency.email, /reset-password\?token=([\w%-]+)/, { since: askedAt });
    await page.goto(`/reset-password?token=${token}`);
    await page.getByLabel('New password', { exact: true }).fill(agency.newPassword);
    await page.getByLabel('Confirm new password').fill(agency.newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText(SUCCESS.passwordReset).waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    await signIn(page, agency.email, agency.newPassword);
    await page.waitForURL((url) => url.pathname === '/qr-code-scan');
    await page.getByText(SUCCESS.checkAuthenticator).first().waitFor();
    await page.getByRole('heading', { level: 1, name: 'Two-step verification' }).waitFor();
    expect(await page.getByTestId('setup-key').count()).toBe(0);
    await enterAuthenticatorCode(page, totpSecret);

    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Your documents are under review' }).waitFor();
  });

  it('(f) the demo owner signs in and reaches the approved dashboard home', async () => {
    const demo = await openPage(browser);
    await demo.page.goto('/');
    await signIn(demo.page, DEMO.email, DEMO.password);
    await demo.page.waitForURL((url) => url.pathname === '/qr-code-scan');
    await enterAuthenticatorCode(demo.page, DEMO.totpSecret);

    await demo.page.waitForURL((url) => url.pathname === '/dashboard');
    await demo.page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    // Issue 15: the home's blocks (the credits show to every role).
    await demo.page.getByRole('region', { name: 'Credits' }).waitFor();
    expect(await demo.page.getByText('Agency verification').count()).toBe(0);
    expect(demo.problems).toEqual([]);
    await demo.context.close();
  });
});
