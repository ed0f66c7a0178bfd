import type { AddressInfo } from 'node:net';
import { LIVE_PATH } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/modules/notices/notify.js';
import { createTestApp } from '../support/app.js';
import {
  makeApprovedCompany,
  onboardedOwner,
  outbox,
  type SignedIn,
  type TestApp,
} from '../support/auth-flow.js';
import { LiveTestClient } from '../support/live-client.js';
import { createPost } from '../support/notice-posts.js';
import { signedInOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 14's "done when", on a listening server: an operator publishes an announcement and the
 * agent's open portal is told at once over the live channel (the bell counts it without a
 * reload); a committed money notification is mailed at once, no sweep tick waited for.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await pause(20);
  }
}

describe.each(storeKinds())('notices on a listening server on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let origin: string;
  let agent: SignedIn;
  const sockets: LiveTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    base = `ws://127.0.0.1:${port}${LIVE_PATH}`;
    origin = `http://127.0.0.1:${port}`;
    agent = await onboardedOwner(t, { country: 'KE' });
    await makeApprovedCompany(t.store.db, agent.user.company_id);
  });
  afterAll(async () => {
    for (const client of sockets) client.socket.terminate();
    await t?.close();
  });

  it("tells the agent's open portal of an announcement as it is published", async () => {
    const client = await LiveTestClient.connect(base, origin);
    sockets.push(client);
    await client.signIn(agent.token);
    const operator = await signedInOperator(t);
    const post = await createPost(t, operator, 'announcement', {
      title: 'Nairobi hub opens',
      publish_at: new Date(t.clock.now().getTime() - 60_000).toISOString(),
      countries: ['KE'],
    });
    const pushed = await client.next(
      (frame) => frame.type === 'notification' && frame.notification.kind === 'announcement',
    );
    expect(pushed).toMatchObject({
      type: 'notification',
      notification: {
        title: 'New announcement: Nairobi hub opens',
        link: '/dashboard/announcement',
        read_at: null,
      },
    });
    const stored = await t.store.db
      .selectFrom('notifications')
      .select('id')
      .where('notice_post_id', '=', post.id)
      .where('company_id', '=', agent.user.company_id)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('mails a committed money notification at once', async () => {
    const title = `Deposit DEP-${Date.now()} approved`;
    await notify(t.store.db, {
      companyId: agent.user.company_id,
      userId: null,
      kind: 'deposit_approved',
      title,
      body: 'US$250.00 credited to your balance.',
      link: '/dashboard/transactions',
      at: t.clock.now(),
    });
    const mail = await until('the e-mail', async () =>
      (await outbox(t, agent.email)).find((sent) => sent.subject === `SkyDesk: ${title}`),
    );
    expect(mail.text).toContain('US$250.00 credited');
  });
});
