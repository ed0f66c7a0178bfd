import { SessionExpiryModal } from './session-expiry-modal';
import { useSessionTimer } from './use-session-timer';

type SessionTimerProps = {
  token: string | null;
  /** Log out and go to the login page. */
  onExpire: () => void;
  /** 'Continue Session' was chosen (e.g. renew the token); the warning closes either way. */
  onContinue: () => void;
};

/** The session timer of docs/product-spec.md §4 with its warning modal. Renders nothing until the warning is due. */
export function SessionTimer({ token, onExpire, onContinue }: SessionTimerProps) {
  const { isWarningOpen, closeWarning } = useSessionTimer({ token, onExpire });
  return (
    <SessionExpiryModal
      open={isWarningOpen}
      onContinue={() => {
        closeWarning();
        onContinue();
      }}
    />
  );
}
