import { USER_RULES, type UserSession } from '@skydesk/contract';
import { LogOut, Monitor, ShieldCheck, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { formatInstant } from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { accountApi } from '../account-api';
import { formatLastSeen } from './last-seen';

/** A phone, a tablet or a computer, as the device's name says ("Safari on iPhone"). */
function deviceIcon(device: string) {
  if (/iphone|android|mobile/i.test(device)) return Smartphone;
  if (/ipad|tablet/i.test(device)) return Tablet;
  return Monitor;
}

/** This device first, then the most recently seen. */
const inDisplayOrder = (sessions: UserSession[]): UserSession[] =>
  [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at),
  );

/**
 * Section 4: where the user is signed in (docs/api.md `GET /api/user/sessions`), so a browser left
 * signed in elsewhere — or one that isn't theirs — can be signed out from here.
 */
export function SessionsCard() {
  const { data: sessions, error, isLoading, isFetching, refetch } = accountApi.useSessionsQuery();
  const [endOthers, { isLoading: endingOthers }] = accountApi.useEndOtherSessionsMutation();
  const [confirming, setConfirming] = useState(false);
  const others = sessions?.filter((session) => !session.current) ?? [];

  const signOutEverywhereElse = async () => {
    try {
      await endOthers().unwrap();
      toast.success(USER_RULES.othersEnded);
    } catch {
      // Toasted by the HTTP client.
    }
    setConfirming(false);
  };

  return (
    <Card
      title="Signed-in devices"
      aside={
        others.length > 0 && (
          <Button variant="secondary" className="min-h-9 px-3" onClick={() => setConfirming(true)}>
            <LogOut aria-hidden="true" className="size-4" /> Sign out everywhere else
          </Button>
        )
      }
    >
      {error ? (
        <LoadFailed
          title={isApiFailure(error) ? error.message : 'Failed to fetch your devices'}
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : isLoading || !sessions ? (
        <div role="status" aria-label="Loading your devices" className="space-y-2">
          <div className="h-16 animate-pulse rounded-xl bg-slate-100" />
          <div className="h-16 animate-pulse rounded-xl bg-slate-100" />
        </div>
      ) : (
        <>
          <ul aria-label="Devices" className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {inDisplayOrder(sessions).map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {others.length === 0 && (
            <p className="mt-3 flex items-start gap-2 text-slate-600 text-sm">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              You are signed in on this device only.
            </p>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere else?"
        confirmLabel="Sign out everywhere else"
        busy={endingOthers}
        onConfirm={() => void signOutEverywhereElse()}
        onCancel={() => setConfirming(false)}
      >
        {others.length === 1
          ? 'The other device is signed out at once and has to sign in again.'
          : `The ${others.length} other devices are signed out at once and have to sign in again.`}{' '}
        You stay signed in here.
      </ConfirmDialog>
    </Card>
  );
}

function SessionRow({ session }: { session: UserSession }) {
  const [endSession, { isLoading: ending }] = accountApi.useEndSessionMutation();
  const Icon = deviceIcon(session.device);

  const signOut = async () => {
    try {
      await endSession({ params: { id: session.id } }).unwrap();
      toast.success(USER_RULES.sessionEnded);
    } catch {
      // Toasted by the HTTP client.
    }
  };

  return (
    <li
      aria-label={session.current ? `${session.device}, this device` : session.device}
      className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900 text-sm">
          <span className="min-w-0 break-words">{session.device}</span>
          {session.current && (
            <Badge tone="emerald" dot>
              This device
            </Badge>
          )}
        </p>
        <p className="mt-0.5 text-slate-500 text-xs">
          {session.ip ?? 'Unknown IP address'} ·{' '}
          {session.current ? 'Active now' : `Last seen ${formatLastSeen(session.last_seen_at)}`}
        </p>
        <p className="text-slate-400 text-xs">Signed in {formatInstant(session.created_at)}</p>
      </div>
      {!session.current && (
        <Button
          variant="ghost"
          className="ml-13 min-h-9 px-3 text-rose-700 hover:bg-rose-50 sm:ml-0"
          busy={ending}
          aria-label={`Sign out ${session.device}`}
          onClick={() => void signOut()}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
