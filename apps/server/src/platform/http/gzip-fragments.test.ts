import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipHead, gzipWithTail } from './gzip-fragments.js';

describe('gzip from a head compressed once and a tail added per request', () => {
  const json = Buffer.from(
    `{"items":[${Array.from({ length: 5000 }, (_, i) => `{"n":${i},"name":"item ${i % 37}"}`).join(',')}]`,
  );

  it('decompresses to head + tail, for any tail, with a valid CRC and length', () => {
    const head = gzipHead(json);
    for (const tail of ['}', ',"id":"a1"}', `,"id":"${randomBytes(18).toString('hex')}"}`]) {
      const gz = gzipWithTail(head, Buffer.from(tail));
      expect(gunzipSync(gz).toString()).toBe(json.toString() + tail);
    }
  });

  it('works for binary heads and tails of any size, the head reused', () => {
    const head = gzipHead(randomBytes(70_000), 1);
    for (const size of [1, 3_000, 65_535, 65_536, 150_000]) {
      const tail = randomBytes(size);
      expect(gunzipSync(gzipWithTail(head, tail)).subarray(70_000).equals(tail)).toBe(true);
    }
    expect(gunzipSync(gzipWithTail(head, Buffer.alloc(0))).length).toBe(70_000);
  });

  it('compresses the head about as well as gzip does', () => {
    const gz = gzipWithTail(gzipHead(json), Buffer.from('}'));
    expect(gz.length).toBeLessThan(json.length / 5);
  });
});
