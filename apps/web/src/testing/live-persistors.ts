import type { Persistor } from 'redux-persist';

/**
 * The persistors of the stores tests rendered. A store outlives its test, and saves whenever it
 * still dispatches (a timer, a request answered late): on a busy machine that landed in the next
 * test's storage, a signed-in session the next test had just signed out. Each test's own are
 * flushed and paused before its storage is cleared (pausing holds: each store has its own
 * persisted reducer, app/store.ts).
 */
const live = new Set<Persistor>();

export function trackPersistor(persistor: Persistor): Persistor {
  live.add(persistor);
  return persistor;
}

/** Whether a store this test rendered may still save. */
export const persistorsLive = (): boolean => live.size > 0;

/** Writes what each is about to write, then stops it writing again. */
export async function stopPersistors(): Promise<void> {
  const stopping = [...live];
  live.clear();
  for (const persistor of stopping) {
    await persistor.flush();
    persistor.pause();
  }
}
