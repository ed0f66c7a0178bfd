import { AppError, type RegisterCompanyBody } from '@skydesk/contract';
import { createAgency } from '../company/index.js';
import { CODE_WRONG, codeError, createEmailedCodes } from './codes.js';
import type { AuthDeps } from './deps.js';
import * as repo from './repo.js';
import { AUTH_RULES } from './rules.js';

/** An agency signs up: the company and its owner, then the owner's e-mail proved by a code. */
export function createRegistration(deps: AuthDeps) {
  const { db, config, clock, platform } = deps;
  const { rateLimiter, passwords } = platform;
  const codes = createEmailedCodes(deps);

  return {
    async registerCompany(body: RegisterCompanyBody, ip: string) {
      await rateLimiter.consume(AUTH_RULES.registrationsPerIp, ip);
      const emailInUse = new AppError('validation', 'This e-mail is already registered', {
        fieldErrors: { email: ['This e-mail is already registered. Sign in or reset your password.'] },
      });
      if (await repo.emailTaken(db, body.email)) throw emailInUse;
      const passwordHash = await passwords.hash(body.password);
      const { owner } = await db
        .transaction()
        .execute((trx) =>
          createAgency(trx, {
            company: {
              name: body.company_name,
              contactName: body.contact_name,
              email: body.email,
              phone: body.phone,
              country: body.country,
              city: body.city,
              address: body.address,
              iataNumber: body.iata_number ?? null,
              currency: config.currency,
            },
            owner: { passwordHash },
          }),
        )
        .catch((error: { code?: string }) => {
          // Two registrations of one e-mail at once: the unique index decides.
          if (error.code === '23505') throw emailInUse;
          throw error;
        });
      await codes.send(owner, 'email_verification');
      return { email: owner.email };
    },

    async verifyEmail(email: string, code: string, ip: string) {
      await rateLimiter.consume(AUTH_RULES.codeChecksPerIp, ip);
      const account = await repo.findAccountByEmail(db, email);
      if (!account) throw codeError(CODE_WRONG);
      if (account.email_verified_at) {
        throw new AppError('conflict', 'This e-mail is already verified. Please sign in.');
      }
      await codes.check(account.id, 'email_verification', code);
      await repo.markEmailVerified(db, account, clock.now());
      return { verified: true as const };
    },

    /** Same answer whether or not the e-mail is known (docs/api.md). */
    async resendEmailCode(email: string, ip: string) {
      await rateLimiter.consume(AUTH_RULES.codeChecksPerIp, ip);
      const account = await repo.findAccountByEmail(db, email);
      if (!account || account.email_verified_at) return {};
      await codes.resend(account, 'email_verification');
      return {};
    },
  };
}
