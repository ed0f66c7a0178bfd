import { SUCCESS } from '@skydesk/contract';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { isApiFailure } from '../../../shared/http/api-error';
import { useCountdown } from '../../../shared/time/use-countdown';
import { Button } from '../../../shared/ui/button';

/**
 * The server sends a new code at most once a minute per account (apps/server AUTH_RULES
 * resendCooldownSeconds); the screen waits as long before offering another.
 */
export const RESEND_COOLDOWN_SECONDS = 60;

type ResendCodeProps = {
  /** Asks for a new code; throws the call's ApiFailure when refused. */
  onResend: () => Promise<void>;
  /** When the last code was sent (epoch ms), if it was just now: the cool-down runs from there. */
  lastSentAt?: number | null;
};

/**
 * 'Resend code' with its cool-down: 60 s after a code was sent, or as long as the server's 429
 * says (Retry-After / data.retry_after), counted down where the user can see it.
 */
export function ResendCode({ onResend, lastSentAt = null }: ResendCodeProps) {
  const [waitUntil, setWaitUntil] = useState<number | null>(() =>
    lastSentAt === null ? null : lastSentAt + RESEND_COOLDOWN_SECONDS * 1000,
  );
  const [sending, setSending] = useState(false);
  const secondsLeft = useCountdown(waitUntil);

  const resend = async () => {
    setSending(true);
    try {
      await onResend();
      toast.success(SUCCESS.codeResent);
      setWaitUntil(Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
    } catch (error) {
      if (isApiFailure(error) && error.retryAfter !== undefined) {
        setWaitUntil(Date.now() + error.retryAfter * 1000);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="flex flex-col items-center gap-1 border-slate-100 border-t pt-4 text-center text-sm sm:flex-row sm:justify-between sm:text-left">
      <p className="text-slate-600">
        {secondsLeft > 0 ? (
          <>
            No code yet? You can ask for a new one in{' '}
            <span className="font-medium text-slate-900 tabular-nums">{formatSeconds(secondsLeft)}</span>.
          </>
        ) : (
          'Didn’t get the code? Check your spam folder, or ask for a new one.'
        )}
      </p>
      <Button
        variant="ghost"
        className="shrink-0 text-indigo-700"
        onClick={resend}
        disabled={secondsLeft > 0}
        busy={sending}
      >
        {!sending && <RotateCw aria-hidden="true" className="size-4" />}
        Resend code
      </Button>
    </div>
  );
}

/** 75 → "1:15", 42 → "0:42". */
export const formatSeconds = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
