import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';

/**
 * Kysely's statements on PGlite as named prepared statements (issue 28, many connections).
 *
 * `PGlite.query()` sends each statement as five protocol steps, each its own trip through the
 * WebAssembly's main loop — parse (unnamed, so parsed, analysed and planned every time), describe
 * the statement (for its parameters' types), bind, describe the portal, execute — then a sync.
 * Under 50 connections of mixed traffic the embedded store spent 64 % of the event loop in PGlite
 * (docs/benchmarks.md), and every request waits its turn on that one connection.
 *
 * Here a statement's text is parsed once per PGlite instance under a name, with its parameters'
 * types, and each later run is one trip: bind, describe the portal, execute and sync in one
 * message. PostgreSQL keeps the plan as it does for any prepared statement (a generic plan after
 * five runs when it is no worse). A select on an index went from 1.4 to 0.42 ms, an insert from
 * 0.83 to 0.38 ms (same process, alternating). Values are serialized by their parameters' types
 * with PGlite's own serializers, and rows parsed with its parsers, as `query()` does.
 *
 * Prepared statements belong to the session: a new instance (pglite-engine.ts) starts with none
 * (the cache is per instance), and a schema change (DDL through `exec`, migrations) forgets them
 * all, so none runs on a plan of tables that changed. The least recently used are deallocated past
 * MAX_STATEMENTS (Kysely writes `in ($1, …, $n)` for each list length).
 */

const MAX_STATEMENTS = 1_000;

type Statement = { name: string; types: number[] };

type Instance = PGlite & {
  serializers: Record<number, (value: unknown) => string>;
  parsers: Parameters<typeof parse.parseResults>[1];
};

const caches = new WeakMap<PGlite, Map<string, Statement>>();
let named = 0;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const messages = protocol.serialize;

/** Runs one statement with parameters as a named prepared statement of this instance. */
export async function runPrepared(pglite: PGlite, sql: string, values: readonly unknown[]): Promise<Results> {
  let cache = caches.get(pglite);
  if (!cache) {
    cache = new Map();
    caches.set(pglite, cache);
  }
  let statement = cache.get(sql);
  if (statement) {
    // Most recently used last: a Map iterates in insertion order.
    cache.delete(sql);
    cache.set(sql, statement);
  } else {
    const name = `skydesk_k${++named}`;
    const described = await pglite.execProtocolStream(
      concat([messages.parse({ name, text: sql }), messages.describe({ type: 'S', name }), messages.sync()]),
      { syncToFs: false },
    );
    statement = { name, types: parse.parseDescribeStatementResults(described) };
    cache.set(sql, statement);
    if (cache.size > MAX_STATEMENTS) {
      const [oldest, stale] = cache.entries().next().value as [string, Statement];
      cache.delete(oldest);
      await pglite.exec(`deallocate ${stale.name}`);
    }
  }
  const instance = pglite as Instance;
  const serialized = values.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serialize = instance.serializers[statement.types[index]!];
    return serialize ? serialize(value) : String(value);
  });
  const answered = await pglite.execProtocolStream(
    concat([
      messages.bind({ statement: statement.name, values: serialized }),
      messages.describe({ type: 'P' }),
      messages.execute({}),
      messages.sync(),
    ]),
    { syncToFs: false },
  );
  return parse.parseResults(answered, instance.parsers)[0] ?? { rows: [], fields: [], affectedRows: 0 };
}

/** Forgets this instance's prepared statements (left to the session: a schema changed under them). */
export function forgetPrepared(pglite: PGlite): void {
  caches.delete(pglite);
}

/**
 * Whether a statement sent without parameters may change the schema, or the session's statements:
 * anything but transaction control, plain reads and settings, and the store's own prepared reads
 * (store.ts prepares and executes those by name, which leaves these statements' plans alone).
 */
export function changesSchema(sql: string): boolean {
  return !/^\s*(begin|commit|rollback|savepoint|release|select|with|set|show|listen|unlisten|notify|prepare|execute)\b/i.test(
    sql,
  );
}
