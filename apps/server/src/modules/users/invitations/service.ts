import { randomBytes } from 'node:crypto';
import { AppError, INVITATION, INVITATION_TTL_HOURS, type Invitation } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../../config.js';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { Platform } from '../../../platform/module.js';
import { invitationMail } from './mail.js';
import * as repo from './repo.js';

/**
 * Invitations (issue 13): a manager's new user gets a single-use set-password link by e-mail,
 * `<PUBLIC_URL>/accept-invitation?token=…`, living 72 hours — random, kept only as a keyed hash,
 * as password-reset links are (modules/auth/password-reset.ts). Accepting it sets the password;
 * the user then signs in like everyone: the e-mailed code (the address is not proved yet), then
 * the authenticator app's enrolment.
 */

/** The public calls are guessed at per source address; re-sends are counted per invited user. */
export const INVITATION_RULES = {
  showPerIp: { bucket: 'invitation:ip', limit: 30, windowSeconds: 900 },
  acceptPerIp: { bucket: 'invitation-accept:ip', limit: 10, windowSeconds: 900 },
  resendPerUser: { bucket: 'invitation-resend:user', limit: 5, windowSeconds: 3600 },
} as const;

export type InvitationDeps = { db: Kysely<Database>; config: Config; clock: Clock; platform: Platform };

/** What an issued link is, until its mail is sent after the commit. */
export type IssuedInvitation = { userId: string; link: string; expiresAt: Date };

const invalid = () => new AppError('not_found', INVITATION.invalid);
const expired = () => new AppError('gone', INVITATION.expired);
const used = () => new AppError('gone', INVITATION.used);

export function createInvitations(deps: InvitationDeps) {
  const { db, config, clock, platform } = deps;
  const { tokenHasher, rateLimiter, passwords, mailer } = platform;

  /**
   * Why a link no longer works, if it doesn't: unknown, or its user deleted or deactivated (as
   * unknown: a reactivated user's link works again); accepted (the user has a password, however
   * they chose it); replaced by a newer link or out of time (expired: ask for a new one).
   */
  function refusal(invitation: repo.InvitationRow | undefined): AppError | null {
    if (!invitation || invitation.deleted_at || !invitation.is_active) return invalid();
    if (invitation.has_password) return used();
    if (invitation.consumed_at || invitation.expires_at <= clock.now()) return expired();
    return null;
  }

  async function liveInvitation(token: string) {
    const invitation = await repo.findInvitation(db, tokenHasher.hash(token));
    const refused = refusal(invitation);
    if (refused) throw refused;
    return invitation!;
  }

  return {
    /** A new link for the user inside the caller's transaction; earlier links stop working. */
    async issue(trx: Transaction<Database>, userId: string, createdBy: string): Promise<IssuedInvitation> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_HOURS * 3_600_000);
      await repo.replaceInvitation(trx, {
        userId,
        tokenHash: tokenHasher.hash(token),
        expiresAt,
        createdBy,
        now,
      });
      return {
        userId,
        link: `${config.publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`,
        expiresAt,
      };
    },

    /** Ends the user's pending links (the user is deleted), inside the caller's transaction. */
    async endPending(trx: Transaction<Database>, userId: string) {
      await repo.consumePendingInvitations(trx, userId, clock.now());
    },

    /** The invitation e-mail of an issued link, sent once its transaction committed. */
    async send(issued: IssuedInvitation, invitee: { name: string; email: string }, inviterId: string) {
      const inviter = await repo.findInviter(db, inviterId);
      await mailer.send(
        invitationMail({
          to: invitee.email,
          name: invitee.name,
          inviterName: inviter.name,
          companyName: inviter.company_name,
          link: issued.link,
          hours: INVITATION_TTL_HOURS,
        }),
      );
    },

    /** A re-send is counted per user, so a manager's double clicks can't flood a mailbox. */
    async admitResend(userId: string) {
      await rateLimiter.consume(INVITATION_RULES.resendPerUser, userId);
    },

    /** `GET /api/invitation`: who the link is for, before they choose a password. */
    async show(token: string, ip: string): Promise<Invitation> {
      await rateLimiter.consume(INVITATION_RULES.showPerIp, ip);
      const invitation = await liveInvitation(token);
      return {
        email: invitation.email,
        name: invitation.name,
        company_name: invitation.company_name,
        expires_at: invitation.expires_at.toISOString(),
      };
    },

    /**
     * `POST /api/accept-invitation`: the password, once. Checked before the (slow) hashing and
     * again under the link's lock, so two acceptances at once set one password.
     */
    async accept(token: string, password: string, ip: string) {
      await rateLimiter.consume(INVITATION_RULES.acceptPerIp, ip);
      await liveInvitation(token);
      const passwordHash = await passwords.hash(password);
      const tokenHash = tokenHasher.hash(token);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.lockInvitation(trx, tokenHash))) throw invalid();
        const invitation = await repo.findInvitation(trx, tokenHash);
        const refused = refusal(invitation);
        if (refused) throw refused;
        const now = clock.now();
        if (!(await repo.setFirstPassword(trx, invitation!.user_id, passwordHash, now))) {
          // The user changed under us (deactivated, deleted, or a password set another way).
          throw refusal(await repo.findInvitation(trx, tokenHash)) ?? used();
        }
        await repo.consumePendingInvitations(trx, invitation!.user_id, now);
      });
      return {};
    },
  };
}
export type Invitations = ReturnType<typeof createInvitations>;
