import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent, WebhookEventType } from './duffel-types.js';
import type { IdFactory } from './ids.js';

/**
 * Webhooks as Duffel sends them (Webhooks; Receiving Webhooks): a POST of the event envelope
 * `{ id: 'wev_…', api_version: 'v2', type, data: { object }, live_mode, idempotency_key,
 * created_at, identity_organisation_id }`, signed in `X-Duffel-Signature: t=<unix seconds>,v1=<hex>`
 * where v1 is HMAC-SHA256 with the webhook's secret over `<t>.<raw body>` (the scheme of Duffel's
 * own client libraries). Delivery is at least once and retried on failure; here a bounded number
 * of times, quickly, so tests can wait for it.
 */
export type WebhookConfig = {
  url: string;
  secret: string;
  /** Attempts per event, the first included (default 4). */
  maxAttempts?: number;
  /** Waits before each retry in ms (default 25, 100, 400; the last repeats). */
  retryDelaysMs?: number[];
};

export type WebhookDelivery = {
  event: WebhookEvent;
  attempts: { at: string; status: number | null; error: string | null }[];
  delivered: boolean;
};

export function signWebhookBody(body: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

/** Checks a received event as a receiver must: the exact raw body, the secret, and a fresh timestamp. */
export function verifyWebhookSignature(
  body: string,
  header: string | undefined,
  secret: string,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const timestamp = Number(match[1]);
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhookBody(body, secret, timestamp).slice(-64), 'hex');
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

function assertLoopback(url: string): void {
  const { hostname } = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) {
    throw new Error(`The Duffel test server only sends webhooks to this machine, not to ${hostname}`);
  }
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;

export function createWebhookSender(options: {
  config: WebhookConfig | undefined;
  ids: IdFactory;
  now: () => Date;
  organisationId: string;
}) {
  if (options.config) assertLoopback(options.config.url);
  const events: WebhookEvent[] = [];
  const deliveries: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  // Retry waits, each with its resolver, so close() can end them at once.
  const timers = new Map<NodeJS.Timeout, () => void>();
  let closed = false;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.set(timer, resolve);
    });

  async function deliver(config: WebhookConfig, delivery: WebhookDelivery): Promise<void> {
    const body = JSON.stringify(delivery.event);
    const maxAttempts = config.maxAttempts ?? 4;
    const delays = config.retryDelaysMs ?? [25, 100, 400];
    for (let attempt = 0; attempt < maxAttempts && !closed; attempt += 1) {
      if (attempt > 0) await wait(delays[Math.min(attempt - 1, delays.length - 1)] ?? 100);
      if (closed) return;
      const at = options.now();
      try {
        const response = await fetch(config.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Duffel-Webhooks (test server)',
            'x-duffel-signature': signWebhookBody(body, config.secret, Math.floor(at.getTime() / 1000)),
          },
          body,
          signal: AbortSignal.timeout(2_000),
        });
        await response.arrayBuffer();
        delivery.attempts.push({ at: at.toISOString(), status: response.status, error: null });
        if (response.ok) {
          delivery.delivered = true;
          return;
        }
      } catch (error) {
        delivery.attempts.push({ at: at.toISOString(), status: null, error: (error as Error).message });
      }
    }
  }

  return {
    events,
    deliveries,
    /** Records the event and, with a webhook configured, sends it in the background. */
    emit<T>(type: WebhookEventType, object: T, idempotencyKey: string): WebhookEvent<T> {
      const event: WebhookEvent<T> = {
        id: options.ids.next('wev'),
        api_version: 'v2',
        type,
        data: { object: structuredClone(object) },
        live_mode: false,
        idempotency_key: idempotencyKey,
        created_at: options.now().toISOString(),
        identity_organisation_id: options.organisationId,
      };
      events.push(event);
      const config = options.config;
      if (config && !closed) {
        const delivery: WebhookDelivery = { event, attempts: [], delivered: false };
        deliveries.push(delivery);
        const sending = deliver(config, delivery).finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      }
      return event;
    },
    /** Resolves once every delivery started so far has succeeded or given up. */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close(): void {
      closed = true;
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
    },
  };
}
