import { AppError } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { ChallengeStage, Database, PrincipalKind } from '../../platform/db/schema.js';
import type { ChallengePrincipal } from '../../platform/http/principal.js';
import type { TokenService } from '../../platform/security/tokens.js';
import * as repo from './repo.js';
import { AUTH_RULES } from './rules.js';

export const CHALLENGE_DEAD = 'Your sign-in has expired. Please sign in again.';

export const challengeDead = () => new AppError('unauthorized', CHALLENGE_DEAD);

/**
 * The state between the password and the second factor: one row per sign-in, named by a
 * challenge token whose audience is the principal kind. A challenge of one kind is never good
 * for the steps of the other (an operator's challenge on an agency step, or the reverse).
 */
export function createChallenges(deps: { db: Kysely<Database>; clock: Clock; tokens: TokenService }) {
  const { db, clock, tokens } = deps;
  const now = () => clock.now();

  return {
    async open(audience: PrincipalKind, subjectId: string, stage: ChallengeStage) {
      const challenge = await repo.createChallenge(db, {
        principal: audience,
        subjectId,
        stage,
        expiresAt: new Date(now().getTime() + AUTH_RULES.challengeTtlSeconds * 1000),
      });
      return tokens.signChallenge(
        { audience, subjectId, challengeId: challenge.id },
        AUTH_RULES.challengeTtlSeconds,
      );
    },

    /** A challenge token sent in a body (the e-mailed code steps) rather than as the Bearer. */
    async fromToken(token: string): Promise<ChallengePrincipal> {
      try {
        const claims = await tokens.verifyChallenge(token);
        return { kind: 'challenge', ...claims };
      } catch {
        throw challengeDead();
      }
    },

    /**
     * The live challenge behind a challenge token, of this audience and at one of the expected
     * stages. Inside a transaction the row is locked, so guesses against one challenge are
     * counted one at a time.
     */
    async live(
      principal: ChallengePrincipal,
      audience: PrincipalKind,
      stages: ChallengeStage[],
      trx?: Transaction<Database>,
    ) {
      if (principal.audience !== audience) throw challengeDead();
      const challenge = trx
        ? await repo.lockChallenge(trx, principal.challengeId)
        : await repo.findChallenge(db, principal.challengeId);
      if (
        !challenge ||
        challenge.principal !== audience ||
        challenge.subject_id !== principal.subjectId ||
        challenge.consumed_at ||
        challenge.expires_at <= now() ||
        !stages.includes(challenge.stage)
      ) {
        throw challengeDead();
      }
      return challenge;
    },
  };
}
export type Challenges = ReturnType<typeof createChallenges>;
