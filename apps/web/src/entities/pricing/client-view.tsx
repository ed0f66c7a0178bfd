import { Eye, EyeOff } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import { selectSessionUser } from '../../shared/session/session-slice';
import { useAppSelector } from '../../shared/store/hooks';

/*
 * Issue 33: the "client view" — a screen shared with a client at the desk shows only the client's
 * selling price: every net price and margin is hidden. Remembered per user on this browser
 * (localStorage under the signed-in user's id): it is a preference of the desk, not server data,
 * and a colleague signing in on the same browser keeps their own.
 */

const KEY_PREFIX = 'skydesk.client-view.';
/** Said to every switch and price on the page when one of them changes it (storage events only reach other tabs). */
const CHANGED = 'skydesk:client-view';

const keyOf = (userId: string) => `${KEY_PREFIX}${userId}`;

function read(userId: string | undefined): boolean {
  if (!userId) return false;
  try {
    return window.localStorage.getItem(keyOf(userId)) === 'on';
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Whether the signed-in user has the client view on, and how to turn it on or off. */
export function useClientView(): [boolean, (on: boolean) => void] {
  const userId = useAppSelector(selectSessionUser)?.id;
  const on = useSyncExternalStore(
    subscribe,
    () => read(userId),
    () => false,
  );
  const set = useCallback(
    (next: boolean) => {
      if (!userId) return;
      try {
        if (next) window.localStorage.setItem(keyOf(userId), 'on');
        else window.localStorage.removeItem(keyOf(userId));
      } catch {
        // Storage refused (private mode): the switch still works for this page's life.
      }
      window.dispatchEvent(new Event(CHANGED));
    },
    [userId],
  );
  return [on, set];
}

/** Whether net prices and margins may show: the client view is off. */
export function useShowsNet(): boolean {
  return !useClientView()[0];
}

/**
 * The top bar's switch: an eye button that says what it does, pressed while the client view is on
 * (the bar has no room for a labelled track on a phone; the label is read out and shown from `sm`).
 */
export function ClientViewSwitch() {
  const [on, setOn] = useClientView();
  const Icon = on ? EyeOff : Eye;
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => setOn(!on)}
      title={on ? 'Client view is on: net prices and margins are hidden' : 'Hide net prices and margins'}
      className={
        on
          ? 'inline-flex min-h-10 items-center gap-1.5 rounded-lg bg-amber-100 px-2.5 font-medium text-amber-900 text-sm ring-1 ring-amber-300 hover:bg-amber-200 focus-visible:outline-2 focus-visible:outline-indigo-500'
          : 'inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2.5 font-medium text-slate-700 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500'
      }
    >
      <Icon aria-hidden="true" className="size-5" />
      <span className="sr-only sm:not-sr-only">Client view</span>
    </button>
  );
}
