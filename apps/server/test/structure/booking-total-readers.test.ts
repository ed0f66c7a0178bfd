import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A booking's `total` has one meaning, what the agency pays (issue 31), and one maker:
 * modules/bookings/booking/total.ts. The stored `bookings.total_minor` is not it on its own (on the
 * sandbox it is the fare, the seats and bags being charged beside it), so a module that shows a
 * booking beside its own rows (the refund queue, the support desk) once printed the fare as the
 * total. Outside the bookings module and the store, nothing reads that column: totals come from
 * the bookings module's `loadBookingTotals`.
 */

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
/** Where the stored figure may be read: its owner, the store's schema and the demo seed that writes it. */
const OWNERS = ['modules/bookings/', 'platform/db/', 'db/'];
/** `total_minor` as a column of bookings, not a longer name that ends the same (`credits_total_minor`). */
const STORED_TOTAL = /(?<![\w])total_minor\b/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe("a booking's total has one maker", () => {
  it('finds no reader of the stored total outside the bookings module', () => {
    const offenders = sourceFiles(SRC)
      .map((file) => relative(SRC, file))
      .filter((file) => !OWNERS.some((owner) => file.startsWith(owner)))
      .flatMap((file) =>
        readFileSync(join(SRC, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (STORED_TOTAL.test(line) ? [`src/${file}:${index + 1}`] : [])),
      );
    expect(offenders, "read a booking's total through the bookings module's loadBookingTotals").toEqual([]);
  });
});
