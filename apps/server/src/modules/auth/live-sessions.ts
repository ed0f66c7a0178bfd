import type { Store } from '../../platform/db/store.js';
import { findLiveCompanySession, findLiveOperatorSession } from './repo.js';

type CompanySession = NonNullable<Awaited<ReturnType<typeof findLiveCompanySession>>>;
type OperatorSession = NonNullable<Awaited<ReturnType<typeof findLiveOperatorSession>>>;

/** The rows the access guard checks on every call: a live session, its user (or operator) and agency. */
export type LiveSessions = {
  company(sessionId: string, userId: string): Promise<CompanySession | undefined>;
  operator(sessionId: string, operatorId: string): Promise<OperatorSession | undefined>;
};

/** Sessions in use at once that the cache keeps; past it the oldest read goes. */
const MAX_KEPT = 10_000;

/**
 * The access guard's reads (issue 28, many connections). On PostgreSQL, read on every call: another
 * server may end a session, and only the database knows. On the embedded store, one process holds
 * the data folder and every write of it goes through this process's one connection, so the rows
 * read are kept, and every statement that may write one of their tables — ending a session, a
 * password change, deactivating or deleting a user, a role change, a suspended agency, whatever
 * the code path — clears them all, synchronously, before it runs, after it and again when its
 * transaction ends (store.watchWrites). A call after a session ended reads the database again and
 * is refused at once, as before. A read that a write overlapped is not kept (the generation).
 *
 * Each call still checks the kept row against the token (version, agency) and the clock (expiry).
 * Only rows found are kept: an unknown session reads the database each time, as before.
 */
export function createLiveSessions(store: Store): LiveSessions {
  const company = (sessionId: string, userId: string) => findLiveCompanySession(store, sessionId, userId);
  const operator = (sessionId: string, operatorId: string) =>
    findLiveOperatorSession(store, sessionId, operatorId);
  if (!store.watchWrites) return { company, operator };
  return {
    company: kept(store.watchWrites, ['auth_sessions', 'users', 'companies', 'roles'], company),
    operator: kept(store.watchWrites, ['auth_sessions', 'operators'], operator),
  };
}

function kept<Row>(
  watchWrites: NonNullable<Store['watchWrites']>,
  tables: readonly string[],
  read: (sessionId: string, subjectId: string) => Promise<Row | undefined>,
): (sessionId: string, subjectId: string) => Promise<Row | undefined> {
  const rows = new Map<string, Row>();
  let generation = 0;
  watchWrites(tables, () => {
    generation += 1;
    rows.clear();
  });
  return async (sessionId, subjectId) => {
    const key = `${sessionId} ${subjectId}`;
    const hit = rows.get(key);
    if (hit) return hit;
    const readAt = generation;
    const row = await read(sessionId, subjectId);
    if (row && readAt === generation) {
      if (rows.size >= MAX_KEPT) rows.delete(rows.keys().next().value as string);
      rows.set(key, Object.freeze(row));
    }
    return row;
  };
}
