import { isIPv4, isIPv6 } from 'node:net';
import { AppError } from '@skydesk/contract';
import type { FastifyRequest } from 'fastify';
import { type Config, DEV_OUTBOX_PUBLIC_CONSENT } from '../../config.js';

/**
 * Who may read the development outbox (issue 27). With no SMTP_URL every mail — sign-in codes,
 * invitation and reset links — is kept in the outbox table and readable at `GET /api/dev/outbox`:
 * enough to take over an invited account. So the call exists only on a server listening on this
 * machine's loopback (unless DEV_OUTBOX_PUBLIC names the risk), and answers only requests whose
 * socket comes from this machine: the socket's address is what the operating system says, a
 * forwarding header what anyone says — so a header can only refuse (a proxy on this machine
 * relaying a stranger), never admit.
 */

export const OUTBOX_MESSAGES = {
  notLocal:
    "The development outbox answers only requests from this server's own machine: read it there, or configure SMTP_URL.",
} as const;

/** Headers a proxy adds when it relays someone else's request. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** 127.0.0.0/8 and ::1, IPv4 mapped into IPv6 (`::ffff:127.0.0.1`) included. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return isIPv6(address) && /^(0{0,4}:){7}0{0,3}1$|^::1$/.test(address.toLowerCase());
}

/** Whether `HOST` listens on loopback only (`0.0.0.0`, `::`, a name or a LAN address do not). */
export const isLoopbackHost = (host: string) => host.toLowerCase() === 'localhost' || isLoopbackAddress(host);

/** Whether this server registers the outbox call at all. */
export const outboxServed = (config: Config) =>
  config.mailTransport === 'outbox' && (config.devOutboxPublic || isLoopbackHost(config.host));

/** 403 unless the request may read the outbox: anyone with DEV_OUTBOX_PUBLIC, else this machine only. */
export function admitOutboxReader(request: FastifyRequest, config: Config): void {
  if (config.devOutboxPublic) return;
  const relayed = FORWARDING_HEADERS.some((header) => request.headers[header] !== undefined);
  if (relayed || !isLoopbackAddress(request.socket.remoteAddress)) {
    throw new AppError('forbidden', OUTBOX_MESSAGES.notLocal);
  }
}

/** What the start banner says about mail: where it goes, and who can read it. */
export function outboxBannerLines(config: Config, url: string): string[] {
  if (config.mailTransport === 'smtp') return ['  Mail goes out by SMTP (SMTP_URL).'];
  if (config.devOutboxPublic) {
    return [
      `  Mail goes to the outbox (no SMTP_URL), and ANYONE who reaches ${url} can read it at`,
      `  ${url}/api/dev/outbox?to=<e-mail> (DEV_OUTBOX_PUBLIC=${DEV_OUTBOX_PUBLIC_CONSENT}).`,
    ];
  }
  if (outboxServed(config)) {
    return [
      `  Mail goes to the outbox (no SMTP_URL): ${url}/api/dev/outbox?to=<e-mail>, from this machine only.`,
    ];
  }
  return [
    `  Mail goes to the outbox table (no SMTP_URL), not to anyone's inbox; on ${config.host} its API is off,`,
    '  as anyone could read sign-in codes there: set SMTP_URL to send mail, or listen on 127.0.0.1.',
  ];
}
