import { LIVE_PATH, type LiveServerFrame } from '@skydesk/contract';
import { useEffect, useRef } from 'react';
import { toast } from 'react-hot-toast';
import { api } from '../http/api';
import { httpConfig } from '../http/http-config';
import { selectSessionToken } from '../session/session-slice';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { LiveConnection, liveUrl } from './live-connection';
import { ALL_LIVE_TAGS, staleTagsFor } from './live-tags';

/**
 * Keeps the agency's open portal current (decision 012): while a session is signed in, one live
 * socket; a notification pushed over it refreshes whatever it makes stale — the notifications,
 * and by its kind the credits, deposits, statement or bookings — and shows its title in a toast.
 * After the socket was down, everything a push could have refreshed is asked again. Signing out
 * closes it.
 */
export function useLiveUpdates(): void {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectSessionToken);
  const signedIn = token !== null;
  const connection = useRef<LiveConnection | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    const live = new LiveConnection({
      url: liveUrl(window.location, LIVE_PATH),
      // The HTTP client's own reading of the session: always the newest token.
      getToken: () => httpConfig().getToken(),
      onFrame: (frame: LiveServerFrame) => {
        if (frame.type !== 'notification') return;
        const { notification } = frame;
        dispatch(api.util.invalidateTags(staleTagsFor(notification.kind)));
        toast(notification.title, { id: `notification-${notification.id}` });
      },
      onReconnected: () => dispatch(api.util.invalidateTags(ALL_LIVE_TAGS)),
    });
    connection.current = live;
    live.start();
    return () => {
      live.stop();
      connection.current = null;
    };
  }, [signedIn, dispatch]);

  // A renewed token goes to the open socket, or lets a refused one try again.
  useEffect(() => {
    if (token) connection.current?.tokenChanged();
  }, [token]);
}
