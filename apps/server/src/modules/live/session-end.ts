import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Unlisten } from '../../platform/db/listener.js';
import type { Store } from '../../platform/db/store.js';
import type { LiveHub } from './hub.js';

/** Where migration 0011's triggers announce a session that ended, at the commit that ends it. */
export const SESSION_END_CHANNEL = 'skydesk_session_end';

const SessionEnd = z.object({
  session_id: z.uuid().optional(),
  subject_id: z.uuid().optional(),
  company_id: z.uuid().optional(),
});

/**
 * Every server listens for sessions that ended — signed out, a password changed, a user or operator
 * deactivated or deleted, an agency suspended — and closes their sockets at once (docs/api.md: a
 * user's sockets close when the session ends), rather than at the next periodic check.
 */
export function sessionEndListener(deps: { store: Store; hub: LiveHub; log: FastifyBaseLogger }) {
  const { store, hub, log } = deps;
  let unlisten: Unlisten | null = null;

  function ended(payload: string) {
    let parsed: z.infer<typeof SessionEnd>;
    try {
      parsed = SessionEnd.parse(JSON.parse(payload));
    } catch (error) {
      log.warn({ err: error }, 'ignored a malformed session-end announcement');
      return;
    }
    hub
      .sessionsEnded(parsed)
      .catch((error) => log.error({ err: error }, 'closing ended live sessions failed'));
  }

  return {
    start: async () => {
      unlisten ??= await store.listen(SESSION_END_CHANNEL, ended);
    },
    stop: async () => {
      await unlisten?.();
      unlisten = null;
    },
  };
}
