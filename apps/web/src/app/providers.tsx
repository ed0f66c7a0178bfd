import * as Tooltip from '@radix-ui/react-tooltip';
import { useMemo } from 'react';
import { Provider } from 'react-redux';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { configureHttp } from '../shared/http/http-config';
import { paths } from '../shared/routing/paths';
import { selectSessionToken } from '../shared/session/session-slice';
import { AppToaster } from '../shared/toast/app-toaster';
import { FullPageLoader } from '../shared/ui/spinner';
import { AppErrorBoundary } from './errors/app-error-boundary';
import { createLogout, LogoutContext } from './logout';
import { SessionRestore } from './session-restore';
import { SessionWatch } from './session-watch';
import type { AppStore } from './store';

type AppProvidersProps = {
  store: AppStore;
  persistor: Persistor;
  router: DataRouter;
};

/** docs/product-spec.md §9: tooltips open after 700 ms; moving between them within 300 ms skips the delay. */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Everything the screens run inside: the store (read back from storage first), the HTTP client
 * wired to the session, the session restored from the refresh cookie, the router, the session
 * timer, toasts and tooltips.
 */
export function AppProviders({ store, persistor, router }: AppProvidersProps) {
  const logout = useMemo(() => createLogout(store, persistor), [store, persistor]);

  const endSession = useMemo(
    () => () => {
      void logout();
      void router.navigate(paths.login, { replace: true });
    },
    [logout, router],
  );

  // Wired while rendering, not in an effect: children's effects run before their parents', and a
  // screen may call the API from its first one.
  useMemo(
    () =>
      configureHttp({
        getToken: () => selectSessionToken(store.getState()),
        onUnauthorized: () => void logout(),
        goToLogin: () => void router.navigate(paths.login, { replace: true }),
      }),
    [store, logout, router],
  );

  return (
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={<FullPageLoader />}>
        <LogoutContext value={logout}>
          <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
            <AppErrorBoundary onLogout={logout}>
              <SessionRestore>
                <RouterProvider router={router} />
              </SessionRestore>
              <SessionWatch onExpire={endSession} />
            </AppErrorBoundary>
            <AppToaster />
          </Tooltip.Provider>
        </LogoutContext>
      </PersistGate>
    </Provider>
  );
}
