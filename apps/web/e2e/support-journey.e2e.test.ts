import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUCCESS } from '@skydesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseFlight, confirmBooking, fillAdult } from './support/booking.js';
import { launchBrowser, openPage, type TrackedPage } from './support/browser.js';
import { signInAsDemo } from './support/demo.js';
import { TINY_PNG } from './support/files.js';
import { signInAsOperator } from './support/operator.js';
import { photographer } from './support/photograph.js';

/*
 * Issue 14 "Done when", in two browser contexts side by side: an agent opens a ticket about one of
 * the agency's bookings (a picture attached), the operator takes it from the queue and replies,
 * each sees the other's messages — and typing — live without a reload, the agent reloads and the
 * conversation is intact with the replies read; then the operator publishes an announcement and
 * the agent's bell counts it without a reload, and the announcement screen shows it.
 */

const photograph = photographer(process.env.SCREENSHOT_DIR ?? '/tmp/skydesk-support-screens');
const stamp = Date.now().toString(36);
const subject = `Name correction before ticketing ${stamp}`;
const question = 'The surname should read HASSAN, as on the passport attached. Can you correct it?';
const reply = 'Thanks, looking at it now: HASSAN it will be.';
const followUp = 'Great, thank you! We will issue once it is done.';
const done = 'Done: the name is corrected on the booking. You can issue it now.';
const announcement = {
  title: `Holiday desk hours ${stamp}`,
  body: 'Our desk answers **24/7** from 20 December.',
};

const traveller = {
  title: 'Mrs',
  first: 'Layla',
  last: 'Hasan',
  gender: 'Female',
  born: '1988-04-12',
  nationality: 'United Arab Emirates',
  passport: 'P7712345',
  expiry: '2033-01-15',
};

/** The conversation's log on either side. */
const chatLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** Writes a message and sends it with Enter, as people do. */
async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/** The bell's unread count, from its accessible name ("Notifications, 3 unread"). */
async function bellCount(page: Page): Promise<number> {
  const name = (await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

describe('support chat and announcements in two browsers (issue 14)', () => {
  let browser: Browser;
  let agent: TrackedPage;
  let operator: TrackedPage;
  let ticketUrl = '';
  let ticketId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    agent = await openPage(browser);
    operator = await openPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('(a) the agent opens a ticket about a held booking, from the booking, with a picture', async () => {
    const { page } = agent;
    await signInAsDemo(page);
    await chooseFlight(page, 45);
    await fillAdult(page, traveller);
    const pnr = await confirmBooking(page);

    await page.getByRole('link', { name: 'Ask support about this booking' }).click();
    await page.waitForURL('**/dashboard/create-ticket?pnr=*');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Priority').selectOption({ label: 'High' });
    await page.getByLabel('Message').fill(question);
    const picture = join(tmpdir(), `passport-${stamp}.png`);
    writeFileSync(picture, TINY_PNG);
    await page.getByLabel('Add files').setInputFiles(picture);
    await photograph(page, 'create-ticket');
    await page.getByRole('button', { name: 'Open ticket' }).click();

    await page.waitForURL('**/dashboard/support-chat?id=*');
    await page.getByText(SUCCESS.ticketCreated).first().waitFor();
    ticketUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    ticketId = new URL(page.url()).searchParams.get('id') ?? '';
    await chatLog(page).getByText(question).waitFor();
    await chatLog(page).getByText(`passport-${stamp}.png`).waitFor();
    await expect(page.getByText(`PNR ${pnr}`).first().isVisible()).resolves.toBe(true);
  });

  it('(b) the operator takes it and replies; each sees the other live, typing too', async () => {
    const { page } = operator;
    await signInAsOperator(page);
    await page.goto('/admin/support');
    const queued = page.getByRole('link', { name: new RegExp(subject) });
    await queued.waitFor();
    await photograph(page, 'admin-support-queue');
    await queued.click();
    await page.waitForURL(`**/admin/support/${ticketId}`);
    await chatLog(page).getByText(question).waitFor();
    await page.getByRole('button', { name: 'Take ticket' }).click();
    await page.getByRole('button', { name: 'Close ticket' }).waitFor();

    // The operator writes: the agent sees it being written, then the message, with no reload.
    await composer(page).pressSequentially('Thanks, looking', { delay: 40 });
    await agent.page.getByText('SkyDesk support is typing…').waitFor({ timeout: 5_000 });
    await send(page, reply);
    await chatLog(agent.page).getByText(reply).waitFor({ timeout: 5_000 });

    // The agent answers: the operator sees it, and the agent's message is read once it shows.
    await composer(agent.page).pressSequentially('Great', { delay: 40 });
    await page.getByText(/is typing…/).waitFor({ timeout: 5_000 });
    await send(agent.page, followUp);
    await chatLog(page).getByText(followUp).waitFor({ timeout: 5_000 });
    await send(page, done);
    await chatLog(agent.page).getByText(done).waitFor({ timeout: 5_000 });
    await chatLog(agent.page).getByText('Read').last().waitFor({ timeout: 5_000 });
    await photograph(page, 'admin-ticket');
    await photograph(agent.page, 'support-chat');
  });

  it('(c) the agent reloads and the conversation is intact, each message once', async () => {
    const { page } = agent;
    await page.goto(ticketUrl);
    await chatLog(page).getByText(done).waitFor();
    await page.reload();
    for (const text of [question, reply, followUp, done]) {
      await chatLog(page).getByText(text).waitFor();
      expect(await chatLog(page).getByText(text, { exact: true }).count(), text).toBe(1);
    }
    await page.goto('/dashboard/view-tickets');
    await page
      .getByRole('link', { name: new RegExp(subject) })
      .first()
      .waitFor();
    await photograph(page, 'view-tickets');
  });

  it("(d) the operator publishes an announcement and the agent's bell counts it without a reload", async () => {
    const { page } = agent;
    await page.goto('/dashboard');
    // From a known count: everything read so far (the tickets' replies and other journeys' news).
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bellCount(page), { timeout: 5_000, interval: 100 }).toBe(0);
    await page.keyboard.press('Escape');

    const console = operator.page;
    await console.goto('/admin/announcements/new');
    await console.getByLabel('Title', { exact: true }).fill(announcement.title);
    await console.getByLabel('Text', { exact: true }).fill(announcement.body);
    await console.getByRole('region', { name: 'Preview' }).getByText('24/7').waitFor();
    await photograph(console, 'admin-announcement-editor');
    await console.getByRole('button', { name: 'Publish now' }).click();
    await console.waitForURL((url) => url.pathname === '/admin/announcements');
    await console.getByText(announcement.title).first().waitFor();

    // The agent's page was left open: its bell counts one more, with no reload.
    await expect.poll(() => bellCount(page), { timeout: 5_000, interval: 100 }).toBe(1);
    await bell.click();
    await page.getByText(`New announcement: ${announcement.title}`).first().waitFor();
    await photograph(page, 'bell-open');
    await page.goto('/dashboard/announcement');
    await page.getByRole('heading', { name: announcement.title }).waitFor();
    await photograph(page, 'announcement');

    expect(agent.problems).toEqual([]);
    expect(operator.problems).toEqual([]);
  });
});
