import { PERSISTED_ITEM } from '../app/store';

/** What redux-persist saved last ('' before anything). */
export const persistedState = (): string => localStorage.getItem(PERSISTED_ITEM) ?? '';

/**
 * How long a test waits for a save: redux-persist writes after its throttle, and on a loaded
 * machine (a CI run on two cores) later than waitFor's default second.
 */
export const PERSIST_WAIT = { timeout: 5_000 };
