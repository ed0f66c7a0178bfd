import { useSyncExternalStore } from 'react';
import { Toaster } from 'react-hot-toast';

/**
 * docs/product-spec.md §9: at most 20 toasts at once. react-hot-toast keeps at most 20 in its store (its
 * TOAST_LIMIT), dropping the oldest, so no limiter of our own is needed; the test pins the
 * behaviour in case an upgrade changes that default.
 */
export const MAX_VISIBLE_TOASTS = 20;

/** Below Tailwind's `sm`: a phone. */
const PHONE_QUERY = '(max-width: 639px)';

const subscribeToPhoneWidth = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isPhoneWidth = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * The one toaster of the app, with the durations and width of docs/product-spec.md §9. Wider than a
 * phone, toasts open top right below the 64 px header, never over the bell or the user menu they
 * may be about; on a phone they rise from the bottom, where they cover neither the header, the
 * sign-in screens' banner nor the screen's title (issue 30).
 */
export function AppToaster() {
  const phone = useSyncExternalStore(subscribeToPhoneWidth, isPhoneWidth, () => false);
  return (
    <Toaster
      position={phone ? 'bottom-center' : 'top-right'}
      containerStyle={phone ? { bottom: 'max(16px, env(safe-area-inset-bottom))' } : { top: 72 }}
      toastOptions={{
        // docs/product-spec.md §9: 4000 ms for blank, error and custom toasts; 2000 ms for success; loading stays.
        duration: 4000,
        blank: { duration: 4000 },
        success: { duration: 2000 },
        error: { duration: 4000 },
        loading: { duration: Number.POSITIVE_INFINITY },
        custom: { duration: 4000 },
        style: { maxWidth: 350 },
        className: 'text-sm',
      }}
    />
  );
}
