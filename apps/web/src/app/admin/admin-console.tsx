import { Suspense, useEffect, useMemo } from 'react';
import { useStore } from 'react-redux';
import { Outlet, useNavigate } from 'react-router';
import {
  logoutOperator,
  renewOperatorSession,
  restoreOperatorSession,
} from '../../features/admin/session/operator-session';
import { configureOperatorHttp } from '../../shared/http/http-config';
import {
  operatorSessionSlice,
  selectOperatorRestorePending,
  selectOperatorToken,
} from '../../shared/operator-session/operator-session-slice';
import { adminPaths } from '../../shared/routing/admin-paths';
import { SessionTimer } from '../../shared/session/session-timer';
import { useAppDispatch, useAppSelector } from '../../shared/store/hooks';
import { FullPageLoader } from '../../shared/ui/spinner';
import { appReducer, type RootState } from '../store';

// The operator's session joins the store with the console's code, never before (app/store).
appReducer.inject(operatorSessionSlice);

/**
 * The root of every /admin screen: wires the HTTP client to the operator's session (its token for
 * the back office's calls only; a 401 there ends this session and opens the console's sign-in),
 * restores the session from the operator's refresh cookie on the first visit of a page load, and
 * runs the session timer on the operator's token ('Session Expiring Soon', then 'Session expired').
 */
export function AdminConsole() {
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const restorePending = useAppSelector(selectOperatorRestorePending);
  const token = useAppSelector(selectOperatorToken);

  const endSession = useMemo(
    () => () => {
      void dispatch(logoutOperator());
      void navigate(adminPaths.login, { replace: true });
    },
    [dispatch, navigate],
  );

  // Wired while rendering, not in an effect: the screens' effects run before this one's.
  useMemo(
    () =>
      configureOperatorHttp({
        getToken: () => selectOperatorToken(store.getState()),
        onUnauthorized: () => void dispatch(logoutOperator()),
        goToLogin: () => void navigate(adminPaths.login, { replace: true }),
      }),
    [store, dispatch, navigate],
  );

  useEffect(() => {
    // StrictMode's second run shares the first's refresh (refreshOperatorSession).
    if (restorePending) void dispatch(restoreOperatorSession());
  }, [restorePending, dispatch]);

  if (restorePending) return <FullPageLoader label="Opening the operator console" />;
  return (
    <>
      <Suspense fallback={<FullPageLoader label="Opening the operator console" />}>
        <Outlet />
      </Suspense>
      <SessionTimer
        token={token}
        onExpire={endSession}
        onContinue={() => void dispatch(renewOperatorSession())}
      />
    </>
  );
}
