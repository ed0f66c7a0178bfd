import { Check, Copy, KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { groupInFours, otpauthSecret } from '../format/otpauth-secret';
import { Button } from './button';

type AuthenticatorEnrolmentProps = {
  /** The QR code as a data URL (generate-qrcode's `qr_code`). */
  qrCode: string;
  /** The `otpauth://` URL the QR code holds: its secret is shown to type in. */
  otpauthUrl: string;
};

/**
 * Setting up an authenticator app: the QR code to scan and the same key to type, for agency users
 * and operators alike.
 */
export function AuthenticatorEnrolment({ qrCode, otpauthUrl }: AuthenticatorEnrolmentProps) {
  const secret = otpauthSecret(otpauthUrl);
  return (
    <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
      <img
        src={qrCode}
        alt="QR code for your authenticator app"
        width={176}
        height={176}
        className="size-44 shrink-0 self-center rounded-xl border border-slate-200 bg-white p-2 sm:self-start"
      />
      {secret && <ManualKey secret={secret} />}
    </div>
  );
}

/** The key for apps (or people) that cannot scan: grouped in fours, with a copy button. */
function ManualKey({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (insecure context, permission refused): the key is on screen to type.
    }
  };

  return (
    <div className="min-w-0 flex-1 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <p className="flex items-center gap-2 font-medium text-slate-800 text-sm">
        <KeyRound aria-hidden="true" className="size-4 text-slate-500" />
        Can't scan? Enter this key
      </p>
      <code
        data-testid="setup-key"
        className="mt-2 block break-words font-mono font-semibold text-base text-slate-900 tracking-wider"
      >
        {groupInFours(secret)}
      </code>
      <p className="mt-1 text-slate-500 text-xs">Time-based, 6 digits, 30 seconds.</p>
      <Button variant="secondary" className="mt-3 w-full sm:w-auto" onClick={copy}>
        {copied ? (
          <Check aria-hidden="true" className="size-4 text-emerald-600" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {copied ? 'Copied' : 'Copy key'}
      </Button>
      <span aria-live="polite" className="sr-only">
        {copied ? 'Setup key copied' : ''}
      </span>
    </div>
  );
}
