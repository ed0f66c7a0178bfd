import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A gzip answer made of a large head compressed once and a small tail compressed per request.
 * The head's deflate stream ends on a full flush (byte-aligned, no back-references across it), so
 * a fresh deflate stream of the tail can follow it; the trailer's CRC-32 continues from the head's.
 * A cached search answer (2 MB of itineraries) is compressed once, while each search still gets its
 * own `search_id`.
 */

/** RFC 1952 member header: deflate, no flags, no mtime, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

export type GzipHead = { bytes: Buffer; crc: number; length: number };

export function gzipHead(head: Buffer, level = 6): GzipHead {
  const deflated = deflateRawSync(head, { level, finishFlush: constants.Z_FULL_FLUSH });
  return { bytes: Buffer.concat([GZIP_HEADER, deflated]), crc: crc32(head), length: head.length };
}

/** The whole gzip member: the head, then `tail`, finished. */
export function gzipWithTail(head: GzipHead, tail: Buffer): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(tail, head.crc) >>> 0, 0);
  trailer.writeUInt32LE((head.length + tail.length) % 2 ** 32, 4);
  return Buffer.concat([head.bytes, deflateRawSync(tail), trailer]);
}
