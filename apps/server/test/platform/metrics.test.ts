import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_PATH } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLedgerEntry } from '../../src/modules/payments/ledger.js';
import { onCommittedWrite } from '../../src/platform/db/committed-writes.js';
import { createTestApp, testConfig } from '../support/app.js';
import type { TestApp } from '../support/auth-flow.js';
import { bookingAgent, bookingBody, bookOk, issueOk, searchOffer } from '../support/bookings.js';
import { LiveTestClient } from '../support/live-client.js';
import { storeKinds } from '../support/stores.js';

/** Issue 17: Prometheus metrics, never open to the public, labelled by route pattern. */

const TOKEN = 'metrics-token-0123456789abcdef';

const scrape = (t: TestApp, token = TOKEN) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

/** The value of one series in Prometheus' text format (0 when absent). */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics switched off (neither METRICS_TOKEN nor METRICS_PORT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // With a SPA served: /metrics must not fall to its index.html.
    const web = mkdtempSync(join(tmpdir(), 'skydesk-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>SkyDesk</title>');
    t = await createTestApp('pglite', { webDistDir: web });
  });
  afterAll(async () => t.close());

  it('answers 404, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });
});

describe.each(storeKinds())('metrics behind METRICS_TOKEN on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: testConfig({ metricsToken: TOKEN }) });
  });
  afterAll(async () => t.close());

  it('refuses a scrape without the token, or with another, with 401', async () => {
    const without = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toContain('Bearer');
    expect((await scrape(t, `${TOKEN}x`)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
  });

  it('serves Prometheus text with the process, event-loop and store metrics', async () => {
    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    for (const name of [
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'skydesk_db_pool_waiting',
    ]) {
      expect(res.body).toMatch(new RegExp(`^${name}`, 'm'));
    }
    const busy = seriesValue(res.body, 'skydesk_db_pool_connections{state="busy"}');
    const idle = seriesValue(res.body, 'skydesk_db_pool_connections{state="idle"}');
    if (kind === 'pglite') expect(busy + idle).toBe(1);
    else expect(busy + idle).toBeGreaterThanOrEqual(1);
    expect(seriesValue(res.body, 'skydesk_store_degraded')).toBe(0);
    expect(res.body).toContain(`skydesk_info{version="0.1.0",store="${kind}"} 1`);
  });

  it('labels requests by route pattern, never by the URL with its ids', async () => {
    const id = randomUUID();
    await t.app.inject({ method: 'GET', url: `/api/booking/${id}` });
    await t.app.inject({ method: 'GET', url: `/api/no-such-thing/${id}?q=${id}` });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const text = (await scrape(t)).body;
    expect(text).not.toContain(id);
    expect(
      seriesValue(
        text,
        'skydesk_http_requests_total{method="GET",route="/api/booking/:id",status_class="4xx"}',
      ),
    ).toBe(1);
    expect(
      seriesValue(text, 'skydesk_http_requests_total{method="GET",route="(unmatched)",status_class="4xx"}'),
    ).toBe(1);
    expect(
      seriesValue(text, 'skydesk_http_requests_total{method="GET",route="/api/health",status_class="2xx"}'),
    ).toBe(1);
    expect(
      seriesValue(text, 'skydesk_http_request_duration_seconds_count{method="GET",route="/api/booking/:id"}'),
    ).toBe(1);
    expect(
      seriesValue(
        text,
        'skydesk_http_request_duration_seconds_bucket{le="10",method="GET",route="/api/health"}',
      ),
    ).toBe(1);
  });

  it('counts a search, a hold, its issue and its ledger posting once each', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const before = (await scrape(t)).body;
    const itinerary = await searchOffer(t, agent);
    const booking = await bookOk(t, agent, bookingBody(itinerary));
    await issueOk(t, agent, booking.pnr);
    const after = (await scrape(t)).body;
    const moved = (series: string) => seriesValue(after, series) - seriesValue(before, series);
    expect(moved('skydesk_searches_total{kind="search",outcome="ok"}')).toBe(1);
    expect(moved('skydesk_booking_changes_total{status="booked"}')).toBe(1);
    expect(moved('skydesk_booking_changes_total{status="ticketed"}')).toBe(1);
    expect(moved('skydesk_ledger_postings_total{kind="ticket"}')).toBe(1);
    expect(moved('skydesk_http_requests_total{method="POST",route="/api/booking",status_class="2xx"}')).toBe(
      1,
    );
  });
});

describe.each(storeKinds())('committed writes on %s', (kind) => {
  let t: TestApp;
  let companyId: string;
  const seen: string[] = [];
  let stop: () => void;
  beforeAll(async () => {
    t = await createTestApp(kind);
    companyId = (await bookingAgent(t)).companyId;
    stop = onCommittedWrite((write) =>
      seen.push(write.table === 'ledger_entries' ? write.kind : write.toStatus),
    );
  });
  afterAll(async () => {
    stop();
    await t.close();
  });

  it('shows a posting only once its transaction commits, and never a rolled-back one', async () => {
    const rollback = new Error('rolled back');
    await expect(
      t.store.db.transaction().execute(async (trx) => {
        await postLedgerEntry(trx, { companyId, kind: 'adjustment', amountMinor: 100 });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(seen).toEqual([]);
    await t.store.db.transaction().execute(async (trx) => {
      await postLedgerEntry(trx, { companyId, kind: 'adjustment', amountMinor: 100 });
      await postLedgerEntry(trx, { companyId, kind: 'deposit', amountMinor: 200 });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['adjustment', 'deposit']);
  });
});

describe('metrics on a port of their own (METRICS_PORT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { config: testConfig({ metricsPort: 0 }) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('serves them there on loopback without a token, and not on the main port', async () => {
    const url = t.app.metricsUrl();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^skydesk_http_requests_in_flight/m);
    expect((await fetch(url!.replace('/metrics', '/api/health'))).status).toBe(404);
    // No token configured: the main port keeps it closed.
    expect((await scrape(t)).statusCode).toBe(404);
  });

  it('leaves a WebSocket out of the requests in flight (its handshake is never answered)', async () => {
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const live = await LiveTestClient.connect(`${base.replace(/^http/, 'ws')}${LIVE_PATH}`, base);
    try {
      // Scraped on its own port, the scrape itself is no request of the app.
      const text = await (await fetch(t.app.metricsUrl()!)).text();
      expect(seriesValue(text, 'skydesk_http_requests_in_flight')).toBe(0);
    } finally {
      live.socket.close();
      await live.closed;
    }
  });
});
