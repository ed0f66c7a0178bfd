import { renewSession } from '../features/auth/renew-session';
import { selectSessionToken } from '../shared/session/session-slice';
import { SessionTimer } from '../shared/session/session-timer';
import { useAppDispatch, useAppSelector } from '../shared/store/hooks';

type SessionWatchProps = {
  /** Log out and go to the login page. */
  onExpire: () => void;
};

/**
 * Runs the session timer of docs/product-spec.md §4 on the session's access token. 'Continue Session' renews the
 * token from the refresh cookie; the new token restarts the timer.
 */
export function SessionWatch({ onExpire }: SessionWatchProps) {
  const token = useAppSelector(selectSessionToken);
  const dispatch = useAppDispatch();
  return (
    <SessionTimer
      token={token}
      onExpire={onExpire}
      onContinue={() => {
        void dispatch(renewSession());
      }}
    />
  );
}
