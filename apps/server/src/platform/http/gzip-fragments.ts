import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * A gzip answer made of a large head compressed once and a small tail added per request.
 * The head's deflate stream ends on a full flush (byte-aligned, no back-references across it), so
 * the tail can follow it as its own final block — stored, not compressed: a tail is a few dozen
 * bytes, and setting up a compressor costs more than sending them (RFC 1951 §3.2.4). The
 * trailer's CRC-32 continues from the head's.
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

/** The head back, uncompressed (for a client that does not take gzip). */
export function gunzipHead(head: GzipHead): Buffer {
  return inflateRawSync(head.bytes.subarray(GZIP_HEADER.length), { finishFlush: constants.Z_SYNC_FLUSH });
}

/** Largest stored block: its length is 16 bits. */
const STORED_BLOCK_MAX = 0xffff;

/** The whole gzip member: the head, then `tail` in stored blocks, the last one final. */
export function gzipWithTail(head: GzipHead, tail: Buffer): Buffer {
  const blocks: Buffer[] = [];
  let offset = 0;
  do {
    const length = Math.min(STORED_BLOCK_MAX, tail.length - offset);
    const final = offset + length === tail.length;
    const header = Buffer.alloc(5);
    header[0] = final ? 1 : 0; // BFINAL, BTYPE 00 (stored), then padding to the byte
    header.writeUInt16LE(length, 1);
    header.writeUInt16LE(~length & 0xffff, 3);
    blocks.push(header, tail.subarray(offset, offset + length));
    offset += length;
  } while (offset < tail.length);
  const trailer = Buffer.alloc(8);
  // Node 20's crc32 can answer 0 for empty data instead of the running value.
  trailer.writeUInt32LE(tail.length === 0 ? head.crc : crc32(tail, head.crc) >>> 0, 0);
  trailer.writeUInt32LE((head.length + tail.length) % 2 ** 32, 4);
  return Buffer.concat([head.bytes, ...blocks, trailer]);
}
