import type { OutboxMail } from '@skydesk/contract';
import { baseUrl } from './browser.js';

/** docs/api.md dev helper: the mails sent to an address, newest first (outbox mode only). */
export async function outbox(to: string, base = baseUrl()): Promise<OutboxMail[]> {
  const response = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`outbox answered ${response.status}`);
  const body = (await response.json()) as { data: OutboxMail[] };
  return body.data;
}

/**
 * Waits for a mail to `to` that matches `pattern`, sent after `since` (epoch ms), and answers
 * the pattern's first group. Mails are written after the answer in some flows (forgot-password
 * answers first, then mails), so this polls.
 */
export async function waitForMail(
  to: string,
  pattern: RegExp,
  {
    since = 0,
    timeoutMs = 15_000,
    base = baseUrl(),
  }: { since?: number; timeoutMs?: number; base?: string } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of await outbox(to, base)) {
      // The outbox keeps whole seconds apart, give a second of slack.
      if (new Date(mail.created_at).getTime() < since - 1000) continue;
      const match = pattern.exec(mail.text);
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}
