/**
 * Live fan-out benchmark (docs/benchmarks.md, issue 14): one server process on the embedded store
 * with 1,000 authenticated sockets of one agency (125 users with 8 tabs each), held by a second
 * process; a company-wide notification is committed and the time until each socket has it is
 * measured — the whole path: pg_notify at the commit, the listener reading the row back, the hub's
 * one encoding sent to every socket, the client reading it. Then a support chat message written
 * through the API (POST /api/ticket/{id}/messages), from the request to each socket: stored, then
 * announced, read back and pushed the same way. The baseline, in the same run, is the same
 * notification or message to another agency with 10 sockets; rounds alternate between the two.
 *
 *   npm run bench:live -w @skydesk/server
 *
 * BENCH_LIVE_SOCKETS changes the count (default 1,000), BENCH_LIVE_ROUNDS the rounds (30). Bounded:
 * the rounds of each kind run one at a time.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_PATH } from '@skydesk/contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { DEMO, seedDemoData } from '../src/db/seed-demo.js';
import { createSessionTokens } from '../src/modules/auth/session-tokens.js';
import { notify } from '../src/modules/notices/notify.js';
import { migrate } from '../src/platform/db/migrate.js';
import { openStore } from '../src/platform/db/store.js';
import { createSecretBox } from '../src/platform/security/encryption.js';
import { createPasswordHasher } from '../src/platform/security/password.js';
import type { SocketsJob, SocketsMessage } from './live-sockets.js';

const SOCKETS = Number(process.env.BENCH_LIVE_SOCKETS ?? 1_000);
const BASELINE_SOCKETS = 10;
const TABS_PER_USER = 8;
const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 30);
const WARM_UP = 3;
const TARGET_P95_MS = 100;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const now = () => performance.timeOrigin + performance.now();

async function main() {
  const store = await openStore({ kind: 'pglite' });
  await migrate(store.db);
  const secrets = { jwtSecret: randomBytes(48).toString('base64url'), dataEncryptionKey: randomBytes(32) };
  const hasher = createPasswordHasher(10);
  await seedDemoData(store.db, {
    hasher,
    secretBox: createSecretBox(secrets.dataEncryptionKey),
    currency: 'USD',
    now: new Date(),
  });
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'skydesk-bench-')),
    LOG_LEVEL: 'silent',
    SEARCH_WORKERS: '0',
  });
  const app = await buildApp({ config, store, secrets, logger: false, webDistDir: null });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  const owner = await store.db
    .selectFrom('users')
    .select(['company_id', 'role_id'])
    .where('email', '=', DEMO.ownerEmail)
    .executeTakeFirstOrThrow();
  const other = await store.db
    .insertInto('companies')
    .values({
      name: 'Baseline Travels',
      contact_name: 'Bea Baseline',
      email: 'baseline@skydesk.local',
      phone: '+441234567890',
      country: 'GB',
      city: 'London',
      address: '1 Baseline Street',
      currency: 'USD',
      verification_status: 'approved',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const sessionTokens = createSessionTokens({
    db: store.db,
    config,
    clock: app.skydesk.clock,
    platform: app.skydesk.platform,
    log: app.log,
  });
  /** `count` sockets' tokens: users of the agency (with the owner's role), 8 tabs each. */
  async function tokensOf(companyId: string, count: number): Promise<string[]> {
    const tokens: string[] = [];
    for (let user = 0; tokens.length < count; user++) {
      const row = await store.db
        .insertInto('users')
        .values({
          company_id: companyId,
          role_id: owner.role_id,
          name: `Agent ${user}`,
          email: `agent.${user}.${randomUUID()}@bench.local`,
        })
        .returning(['id', 'session_version'])
        .executeTakeFirstOrThrow();
      const session = await sessionTokens.open('user', row.id);
      const token = await app.skydesk.platform.tokens.signAccess(
        {
          kind: 'company',
          subjectId: row.id,
          sessionId: session.sessionId,
          sessionVersion: row.session_version,
          // Staff who read the money notices and use support: every socket gets both kinds below.
          permissions: ['payments.view', 'support.use'],
          companyId,
        },
        3_600,
      );
      for (let tab = 0; tab < TABS_PER_USER && tokens.length < count; tab++) tokens.push(token);
    }
    return tokens;
  }
  const bigTokens = await tokensOf(owner.company_id, SOCKETS);
  const baselineTokens = await tokensOf(other.id, BASELINE_SOCKETS);

  const received = new Map<string, number[]>();
  const sockets: ChildProcess = fork(new URL('./live-sockets.ts', import.meta.url).pathname, {
    execArgv: ['--import', 'tsx'],
  });
  const ready = new Promise<number>((resolve, reject) => {
    sockets.on('message', (message: SocketsMessage) => {
      if (message.type === 'ready') resolve(message.sockets);
      else {
        const times = received.get(message.title) ?? [];
        times.push(message.at);
        received.set(message.title, times);
      }
    });
    sockets.once('exit', (code) => reject(new Error(`the sockets' process exited (${code})`)));
  });
  const openedAt = performance.now();
  sockets.send({
    url: `${address.replace(/^http/, 'ws')}${LIVE_PATH}`,
    origin: address,
    tokens: [...bigTokens, ...baselineTokens],
  } satisfies SocketsJob);
  const open = await ready;
  const rssWithSockets = process.memoryUsage().rss;
  console.log(
    `${open} sockets open and authenticated in ${ms(performance.now() - openedAt)} (hub: ${app.live.size()}); server RSS ${mb(rssWithSockets)}`,
  );

  /** Every socket's delay from `startedAt` once `expected` of them have received `title`. */
  async function receipts(title: string, expected: number, startedAt: number): Promise<number[]> {
    const deadline = Date.now() + 10_000;
    while ((received.get(title)?.length ?? 0) < expected) {
      if (Date.now() > deadline)
        throw new Error(`${title}: ${received.get(title)?.length ?? 0} of ${expected}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return (received.get(title) ?? []).map((at) => at - startedAt);
  }

  /** One company-wide notification; each socket's delay from before its commit. */
  async function notificationRound(companyId: string, expected: number, title: string): Promise<number[]> {
    const startedAt = now();
    await notify(store.db, {
      companyId,
      userId: null,
      kind: 'credits_adjusted',
      title,
      body: 'A benchmark notification, as long as a real one: your balance was adjusted by SkyDesk.',
      link: '/dashboard/statement',
      at: new Date(),
    });
    return receipts(title, expected, startedAt);
  }

  /**
   * A support ticket of the agency, opened by the user of `token`: its messages reach every
   * socket of the agency whose user may use support (all of them here), the writer's own tabs too.
   */
  async function ticketOf(token: string): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: { authorization: `Bearer ${token}` },
      payload: { subject: 'Benchmark ticket', category: 'technical', message: 'Opened by the live bench.' },
    });
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`POST /api/ticket: ${res.body}`);
    return (res.json() as { data: { id: string } }).data.id;
  }

  /** One chat message written through the API; each socket's delay from the request. */
  async function messageRound(ticket: { id: string; token: string }, expected: number, text: string) {
    const startedAt = now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/ticket/${ticket.id}/messages`,
      headers: { authorization: `Bearer ${ticket.token}` },
      payload: { body: text },
    });
    if (res.statusCode >= 300) throw new Error(`POST /api/ticket/{id}/messages: ${res.body}`);
    return receipts(text, expected, startedAt);
  }

  type Round = (audience: 'big' | 'baseline', index: number) => Promise<number[]>;
  const percentiles = (times: number[]) => {
    const sorted = [...times].sort((x, y) => x - y);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  };
  /** Rounds alternating between the two agencies; prints each one's delays and answers the big one's p95. */
  async function measure(heading: string, round: Round): Promise<number> {
    const times = { big: [] as number[], baseline: [] as number[] };
    const last = { big: [] as number[], baseline: [] as number[] };
    for (let index = 0; index < WARM_UP + ROUNDS; index++) {
      for (const audience of ['big', 'baseline'] as const) {
        const delays = await round(audience, index);
        if (index < WARM_UP) continue;
        times[audience].push(...delays);
        last[audience].push(Math.max(...delays));
      }
    }
    console.log(`\n${heading} (${ROUNDS} rounds each, alternating):`);
    const report = (label: string, audience: 'big' | 'baseline') => {
      const each = percentiles(times[audience]);
      console.log(
        `  ${label.padEnd(34)} per socket p50 ${ms(each.p50)}  p95 ${ms(each.p95)}  p99 ${ms(each.p99)};  last socket p95 ${ms(percentiles(last[audience]).p95)}`,
      );
      return each.p95;
    };
    const p95 = report(`${SOCKETS} sockets of one agency`, 'big');
    const baseP95 = report(`baseline: ${BASELINE_SOCKETS} sockets`, 'baseline');
    console.log(
      `  ratio p95 ${SOCKETS} / ${BASELINE_SOCKETS} sockets: ×${(p95 / baseP95).toFixed(2)};  target p95 ≤ ${TARGET_P95_MS} ms ${p95 <= TARGET_P95_MS ? '✓' : '✗'}`,
    );
    return p95;
  }

  const companies = { big: owner.company_id, baseline: other.id };
  const expected = { big: SOCKETS, baseline: BASELINE_SOCKETS };
  await measure('A company-wide notification, commit to receipt', (audience, index) =>
    notificationRound(companies[audience], expected[audience], `${audience} ${index}`),
  );
  const tickets = {
    big: { id: await ticketOf(bigTokens[0]!), token: bigTokens[0]! },
    baseline: { id: await ticketOf(baselineTokens[0]!), token: baselineTokens[0]! },
  };
  await measure('A support chat message, request to receipt', (audience, index) =>
    messageRound(tickets[audience], expected[audience], `${audience} message ${index}`),
  );
  console.log(`server RSS after the rounds ${mb(process.memoryUsage().rss)}`);

  sockets.disconnect();
  await app.close();
  await store.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
