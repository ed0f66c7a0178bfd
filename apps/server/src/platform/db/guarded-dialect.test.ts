import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { describe, expect, it } from 'vitest';
import { guardDialect } from './guarded-dialect.js';

/** A connection that answers after a tick, and notes what it ran and how many ran at once. */
function recordingConnection() {
  const ran: string[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      ran.push(query.sql);
      if (query.sql === 'fail') throw new Error('refused');
      return { rows: [] };
    },
    async *streamQuery() {},
  };
  return { connection, ran, mostAtOnce: () => mostAtOnce };
}

const query = (sql: string) => ({ sql, parameters: [] }) as unknown as CompiledQuery;

describe('the guarded connection', () => {
  it('runs statements sent at once one after another, in the order sent, a failure stopping none', async () => {
    const recording = recordingConnection();
    const driver: Driver = {
      init: async () => {},
      acquireConnection: async () => recording.connection,
      beginTransaction: async () => {},
      commitTransaction: async () => {},
      rollbackTransaction: async () => {},
      releaseConnection: async () => {},
      destroy: async () => {},
    };
    const dialect = { createDriver: () => driver } as unknown as Dialect;
    const guarded = await guardDialect(dialect, (error) => error)
      .createDriver()
      .acquireConnection();

    const answers = await Promise.allSettled(
      ['one', 'fail', 'three'].map((sql) => guarded.executeQuery(query(sql))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(recording.ran).toEqual(['one', 'fail', 'three']);
    expect(recording.mostAtOnce()).toBe(1);
  });
});
