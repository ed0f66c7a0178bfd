import { AppError } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import QRCode from 'qrcode';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { SecretBox } from '../../platform/security/encryption.js';
import { challengeDead } from './challenges.js';
import * as repo from './repo.js';
import { AUTH_RULES } from './rules.js';
import type { SignInAttempts } from './sign-in-attempts.js';
import { matchTotpStep, newTotpSecret, totpFor } from './totp.js';

type Db = Kysely<Database> | Transaction<Database>;

const TOTP_WRONG = 'The authenticator code is not correct';

/** Whoever signs in with an authenticator app: an agency user or an operator. */
export type TotpHolder = {
  id: string;
  email: string;
  totp_secret_enc: string | null;
  totp_enabled_at: Date | null;
};

/** Where a principal kind keeps its TOTP secret and the last step it accepted. */
export type TotpStore = {
  /** Saves a pending secret only if none is kept; answers whether this one was saved. */
  savePendingSecretIfNone(db: Db, id: string, sealed: string, now: Date): Promise<boolean>;
  sealedSecretOf(db: Db, id: string): Promise<string | null>;
  /** Records the step only if it is newer than the last one accepted (and enables TOTP). */
  acceptStep(db: Db, id: string, step: number, now: Date): Promise<boolean>;
};

/** A challenge at the authenticator step and its holder, as `live` loads them. */
type LiveStep = { challenge: { id: string; attempts: number }; holder: TotpHolder };

/**
 * The authenticator-app step (docs/architecture.md §6), the same for agency users and operators: the QR
 * code that enrols an app on the first sign-in, then the 6-digit code of the current or the
 * previous 30-second step, never one step twice.
 */
export function createAuthenticatorStep(
  deps: { db: Kysely<Database>; clock: Clock; secretBox: SecretBox },
  store: TotpStore,
) {
  const { db, clock, secretBox } = deps;
  const now = () => clock.now();

  return {
    async qrCode(holder: TotpHolder) {
      if (holder.totp_enabled_at) {
        throw new AppError('conflict', 'The authenticator app is already set up. Enter its code to sign in.');
      }
      // Keep a pending secret across reloads of the QR screen; a new one only if none is pending.
      let sealed = holder.totp_secret_enc;
      if (!sealed) {
        const fresh = secretBox.seal(newTotpSecret());
        const saved = await store.savePendingSecretIfNone(db, holder.id, fresh, now());
        sealed = saved ? fresh : await store.sealedSecretOf(db, holder.id);
        if (!sealed) throw challengeDead();
      }
      const secret = secretBox.open(sealed);
      const otpauthUrl = totpFor(secret, holder.email).toString();
      const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
      return { qr_code: qrCode, otpauth_url: otpauthUrl };
    },

    /**
     * One guess at a time per challenge (`live` locks its row in the transaction it is given):
     * parallel guesses can neither exceed the 5 tries nor turn one challenge into two sessions.
     * Wrong codes across challenges are throttled; an accepted code makes its source known to
     * the account (sign-in-throttle.ts). Answers the holder's id; `onWrongCode` hears of each
     * wrong code (the operators' audit log).
     */
    async verify(options: {
      live: (trx?: Transaction<Database>) => Promise<LiveStep>;
      attempts: SignInAttempts;
      code: string;
      ip: string;
      onWrongCode?: (holder: TotpHolder) => Promise<void>;
    }): Promise<string> {
      const { live, attempts, code, ip, onWrongCode } = options;
      // A dead challenge is refused before anything is counted.
      const { holder: signingIn } = await live();
      const attempt = await attempts.admit('second_factor', signingIn.email, ip);
      const guess = db.transaction().execute(async (trx) => {
        const { challenge, holder } = await live(trx);
        if (!holder.totp_secret_enc) return 'no_secret' as const;
        const step = matchTotpStep(secretBox.open(holder.totp_secret_enc), code, now());
        const accepted = step !== null && (await store.acceptStep(trx, holder.id, step, now()));
        if (!accepted) {
          await repo.recordChallengeAttempt(trx, challenge.id, AUTH_RULES.challengeMaxAttempts, now());
          return challenge.attempts + 1 >= AUTH_RULES.challengeMaxAttempts ? 'exhausted' : 'wrong';
        }
        await repo.consumeChallenge(trx, challenge.id, now());
        return { holder };
      });
      const outcome = await guess.catch(async (error) => {
        // e.g. the challenge ended in the meantime: no code was compared.
        await attempt.discard();
        throw error;
      });
      if (outcome === 'no_secret') {
        await attempt.discard();
        throw new AppError('conflict', 'Scan the QR code with your authenticator app first.');
      }
      if (outcome === 'exhausted' || outcome === 'wrong') {
        await attempt.failed();
        await onWrongCode?.(signingIn);
      }
      if (outcome === 'exhausted') {
        throw new AppError('unauthorized', 'Too many wrong codes. Please sign in again.');
      }
      if (outcome === 'wrong') {
        throw new AppError('validation', TOTP_WRONG, { fieldErrors: { code: [TOTP_WRONG] } });
      }
      await attempt.succeeded();
      await attempts.trust(outcome.holder.email, ip);
      return outcome.holder.id;
    },
  };
}
export type AuthenticatorStep = ReturnType<typeof createAuthenticatorStep>;

/** Agency users keep their TOTP state on `users`. */
export const userTotpStore: TotpStore = {
  savePendingSecretIfNone: repo.savePendingTotpSecretIfNone,
  sealedSecretOf: repo.findTotpSecret,
  acceptStep: repo.acceptTotpStep,
};
