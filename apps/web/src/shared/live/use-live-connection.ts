import { LIVE_PATH, type LiveServerFrame } from '@skydesk/contract';
import { useEffect, useRef } from 'react';
import { LiveConnection, liveUrl } from './live-connection';
import { publishLiveEvent, setLiveSender } from './live-events';

type LiveConnectionHookOptions = {
  /** The session's token in the store (null: signed out, no socket). */
  token: string | null;
  /** The newest token at the moment it is needed (the HTTP client's own reading of the session). */
  getToken: () => string | null;
  /** What the owning layout does with each frame (tags made stale, a toast), besides publishing it. */
  onFrame: (frame: LiveServerFrame) => void;
  /** After the socket was down: what a push could have refreshed is asked again. */
  onReconnected: () => void;
};

/**
 * One live socket while a session is signed in (decision 012), for the layout that owns it — the
 * agency's dashboard or the operator console: every frame goes to `onFrame` and to the screens
 * listening (live-events), frames go back through `sendLiveFrame`, a renewed token reaches the
 * open socket, and signing out closes it.
 */
export function useLiveConnection({
  token,
  getToken,
  onFrame,
  onReconnected,
}: LiveConnectionHookOptions): void {
  const signedIn = token !== null;
  const connection = useRef<LiveConnection | null>(null);
  // The latest callbacks, without opening a new socket when they change.
  const handlers = useRef({ getToken, onFrame, onReconnected });
  handlers.current = { getToken, onFrame, onReconnected };

  useEffect(() => {
    if (!signedIn) return;
    const live = new LiveConnection({
      url: liveUrl(window.location, LIVE_PATH),
      getToken: () => handlers.current.getToken(),
      onFrame: (frame) => {
        handlers.current.onFrame(frame);
        publishLiveEvent(frame);
      },
      onReconnected: () => {
        handlers.current.onReconnected();
        publishLiveEvent({ type: 'reconnected' });
      },
    });
    connection.current = live;
    setLiveSender((frame) => live.send(frame));
    live.start();
    return () => {
      setLiveSender(null);
      live.stop();
      connection.current = null;
    };
  }, [signedIn]);

  // A renewed token goes to the open socket, or lets a refused one try again.
  useEffect(() => {
    if (token) connection.current?.tokenChanged();
  }, [token]);
}
