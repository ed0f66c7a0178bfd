import type { Kysely } from 'kysely';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';

/** The request an operator signs in or out through, as every audit entry keeps it. */
export type Caller = { ip: string; requestId: string };

/**
 * Operators' sign-ins in the audit log (docs/api.md#back-office): each success and each failure,
 * and each sign-out. A failure has no actor (nobody proved who they are); its target is the
 * operator of the e-mail typed, when there is one, and the e-mail is kept beside it.
 */
export function createOperatorSignInAudit(db: Kysely<Database>, clock: Clock) {
  return {
    async signedIn(caller: Caller, operatorId: string): Promise<void> {
      await recordAudit(db, {
        actor: { ...caller, operatorId },
        action: 'operator.sign_in',
        target: { type: 'operator', id: operatorId },
        after: { outcome: 'signed_in' },
        at: clock.now(),
      });
    },

    async failed(
      caller: Caller,
      attempt: { step: 'password' | 'authenticator'; email: string; operatorId: string | null },
    ): Promise<void> {
      await recordAudit(db, {
        actor: { ...caller, operatorId: null },
        action: 'operator.sign_in',
        target: { type: 'operator', id: attempt.operatorId },
        after: { outcome: 'failed', step: attempt.step, email: attempt.email },
        at: clock.now(),
      });
    },

    async signedOut(caller: Caller, operatorId: string): Promise<void> {
      await recordAudit(db, {
        actor: { ...caller, operatorId },
        action: 'operator.sign_out',
        target: { type: 'operator', id: operatorId },
        at: clock.now(),
      });
    },
  };
}
export type OperatorSignInAudit = ReturnType<typeof createOperatorSignInAudit>;
