import { Toaster } from 'react-hot-toast';

/**
 * docs/product-spec.md §9: at most 20 toasts at once. react-hot-toast keeps at most 20 in its store (its
 * TOAST_LIMIT), dropping the oldest, so no limiter of our own is needed; the test pins the
 * behaviour in case an upgrade changes that default.
 */
export const MAX_VISIBLE_TOASTS = 20;

/** The one toaster of the app, with the durations and width of docs/product-spec.md §9. */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      // Below the 64 px header: a toast never covers the bell or the user menu it may be about.
      containerStyle={{ top: 72 }}
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
