import type { LiveServerFrame } from '@skydesk/contract';
import { api } from '../http/api';
import { httpConfigFor } from '../http/http-config';
import { selectOperatorToken } from '../operator-session/operator-session-slice';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { useLiveConnection } from './use-live-connection';

/** Any back-office call: its wiring holds the operator's token. */
const OPERATOR_CALL = { access: 'operator', path: '/api/admin/' } as const;

/**
 * Keeps the operator console current (issue 14): while an operator is signed in, one live socket
 * with the operator's token; a support ticket's news — a message, a read, a ticket opened, taken
 * or closed — refreshes the queue, and open chats listen to the frames themselves (live-events).
 */
export function useOperatorLiveUpdates(): void {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectOperatorToken);
  useLiveConnection({
    token,
    getToken: () => httpConfigFor(OPERATOR_CALL).getToken(),
    onFrame: (frame: LiveServerFrame) => {
      if (
        frame.type === 'ticket_message' ||
        frame.type === 'ticket_read' ||
        frame.type === 'ticket_changed'
      ) {
        dispatch(api.util.invalidateTags(['AdminTickets']));
      }
    },
    onReconnected: () => dispatch(api.util.invalidateTags(['AdminTickets'])),
  });
}
