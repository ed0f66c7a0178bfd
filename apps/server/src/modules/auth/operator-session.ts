import type { AuthDeps } from './deps.js';
import { createSessionTokens, type OpenedSession } from './session-tokens.js';

/**
 * Opens a signed-in operator session (docs/architecture.md §6) exactly as the access guard checks it: a
 * session of principal 'operator' with its rotating refresh token (session-tokens.ts, the same 12
 * hours as an agency user's) and an operator access token naming that session and the operator's
 * session version. The operator sign-in calls this once the second factor passed; tests call it
 * to sign an operator in directly.
 */
export async function openOperatorSession(
  deps: AuthDeps,
  operator: { id: string; session_version: number },
): Promise<OpenedSession & { token: string }> {
  const sessionTokens = createSessionTokens(deps);
  const opened = await sessionTokens.open('operator', operator.id);
  const token = await deps.platform.tokens.signAccess(
    {
      kind: 'operator',
      subjectId: operator.id,
      sessionId: opened.sessionId,
      sessionVersion: operator.session_version,
      permissions: [],
    },
    sessionTokens.accessTtlSeconds(opened.sessionExpiresAt),
  );
  return { ...opened, token };
}
