import { isIPv6 } from 'node:net';

/**
 * The "source" of a request for counting failures: the client's IPv4 address, or the /64 of an
 * IPv6 one. One IPv6 client usually holds a whole /64 and can change the rest at will, so
 * counting per address would give it billions of fresh sources. An IPv4 address written as
 * IPv6 (`::ffff:1.2.3.4`) counts as the IPv4 address. `ip` is Fastify's request.ip, which
 * already honours TRUST_PROXY.
 */
export function sourceOf(ip: string): string {
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.replace(/%.*$/, '').split('::');
  const partsOf = (text: string) =>
    // An embedded IPv4 tail (64:ff9b::1.2.3.4) takes the place of two groups.
    text ? text.split(':').flatMap((part) => (part.includes('.') ? ['0', '0'] : [part])) : [];
  const left = partsOf(head);
  const right = tail === undefined ? [] : partsOf(tail);
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((group) =>
    Number.parseInt(group, 16).toString(16),
  );
}
