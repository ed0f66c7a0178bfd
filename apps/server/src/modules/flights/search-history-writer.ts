import { randomUUID } from 'node:crypto';
import type { Cabin, TripType } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { insertSearchHistory } from './repo.js';

/**
 * Search history is written behind the answer: a search gets its id at once, and the rows of
 * searches made within `flushAfterMs` go to the database in one insert. Searching is the hottest
 * call of the portal, and one multi-row insert costs about what one single-row insert does.
 * Reads flush first, so whoever lists the history sees every search made before the request.
 * If the database refuses a batch, those rows are lost and the error is logged — history is a
 * record of lookups, not of money or seats.
 */

type Row = {
  id: string;
  company_id: string;
  user_id: string;
  trip_type: TripType;
  origin_destinations: string;
  adult_quantity: number;
  child_quantity: number;
  infant_quantity: number;
  cabin: Cabin;
  result_count: number;
  created_at: string;
};

export type SearchHistoryWriter = ReturnType<typeof createSearchHistoryWriter>;

export function createSearchHistoryWriter(options: {
  db: Kysely<Database>;
  flushAfterMs?: number;
  maxBatch?: number;
  onError: (error: unknown) => void;
}) {
  const flushAfterMs = options.flushAfterMs ?? 25;
  const maxBatch = options.maxBatch ?? 200;
  let pending: Row[] = [];
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> = Promise.resolve();
  // Strictly increasing microsecond stamps: searches in one batch (or one millisecond) keep their order.
  let lastMicros = 0;

  function stamp(): string {
    const micros = Math.max(lastMicros + 1, Math.round((performance.timeOrigin + performance.now()) * 1000));
    lastMicros = micros;
    const iso = new Date(Math.floor(micros / 1000)).toISOString();
    return `${iso.slice(0, 23)}${String(micros % 1000).padStart(3, '0')}Z`;
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.length === 0) return inFlight;
    const batch = pending;
    pending = [];
    inFlight = inFlight.then(() =>
      insertSearchHistory(options.db, batch).then(
        () => undefined,
        (error: unknown) => options.onError(error),
      ),
    );
    return inFlight;
  }

  return {
    /** Queues one search's row and returns its id (the answer's `search_id`). */
    record(row: Omit<Row, 'id' | 'created_at'>): string {
      const id = randomUUID();
      pending.push({ ...row, id, created_at: stamp() });
      if (pending.length >= maxBatch) void flush();
      else timer ??= setTimeout(() => void flush(), flushAfterMs);
      return id;
    },
    /** Writes everything queued; resolves when it is in the database. */
    flush,
  };
}
