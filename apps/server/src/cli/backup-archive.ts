import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * The backup file: a gzipped POSIX tar (ustar), so an operator can look inside with
 * `tar tzf backup.tar.gz` and nothing beyond Node is needed to write or read it. Entries are
 * regular files only (names up to 255 bytes, through the ustar prefix), held in memory: a
 * backup is the database's dump plus the uploads, tens of megabytes.
 */

export type ArchiveEntry = { name: string; data: Buffer; mode?: number };

const BLOCK = 512;

function header(name: string, size: number, mode: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  let base = name;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100)
      throw new Error(`Name too long for the archive: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  block.write(base, 0, 100, 'utf8');
  block.write(`${mode.toString(8).padStart(7, '0')}\0`, 100, 8, 'ascii');
  block.write('0000000\0', 108, 8, 'ascii');
  block.write('0000000\0', 116, 8, 'ascii');
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 12, 'ascii');
  block.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    12,
    'ascii',
  );
  block.write('        ', 148, 8, 'ascii');
  block.write('0', 156, 1, 'ascii');
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

export function writeArchive(entries: ArchiveEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry.name, entry.data.length, entry.mode ?? 0o600), entry.data);
    const pad = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(parts));
}

export function readArchive(file: Buffer): ArchiveEntry[] {
  let tar: Buffer;
  try {
    tar = gunzipSync(file);
  } catch {
    throw new Error('This is not a SkyDesk backup (not a gzipped archive).');
  }
  const entries: ArchiveEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const block = tar.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) break;
    const text = (start: number, length: number) =>
      block.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const size = Number.parseInt(text(124, 12).trim(), 8);
    const prefix = text(345, 155);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const type = text(156, 1);
    offset += BLOCK;
    if (type === '0' || type === '') {
      entries.push({ name, data: Buffer.from(tar.subarray(offset, offset + size)) });
    }
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}
