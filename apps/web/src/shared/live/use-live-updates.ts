import type { LiveServerFrame } from '@skydesk/contract';
import { toast } from 'react-hot-toast';
import { api } from '../http/api';
import { httpConfig } from '../http/http-config';
import { selectSessionToken } from '../session/session-slice';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { ALL_LIVE_TAGS, staleTagsFor, TICKET_TAGS } from './live-tags';
import { useLiveConnection } from './use-live-connection';

/**
 * Keeps the agency's open portal current (decision 012): while a session is signed in, one live
 * socket; a notification pushed over it refreshes whatever it makes stale — the notifications and
 * the bell, and by its kind the credits, deposits, statement or bookings — and shows its title in
 * a toast; a support ticket's news refreshes the tickets. After the socket was down, everything a
 * push could have refreshed is asked again. Signing out closes it.
 */
const isCurrentPage = (link: string | null): boolean =>
  link !== null && `${window.location.pathname}${window.location.search}` === link;

export function useLiveUpdates(): void {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectSessionToken);
  useLiveConnection({
    token,
    // The HTTP client's own reading of the session: always the newest token.
    getToken: () => httpConfig().getToken(),
    onFrame: (frame: LiveServerFrame) => {
      switch (frame.type) {
        case 'notification': {
          const { notification } = frame;
          dispatch(api.util.invalidateTags(staleTagsFor(notification.kind)));
          // Not about the page in front of the user (a reply in the chat they are reading): that
          // page shows it already; the bell still counts it.
          if (!isCurrentPage(notification.link))
            toast(notification.title, { id: `notification-${notification.id}` });
          return;
        }
        case 'ticket_message':
        case 'ticket_read':
        case 'ticket_changed':
          dispatch(api.util.invalidateTags(TICKET_TAGS));
          return;
        default:
          return;
      }
    },
    onReconnected: () => dispatch(api.util.invalidateTags(ALL_LIVE_TAGS)),
  });
}
