import {
  type AdjustmentBody,
  type AdminCompanyDetails,
  type AdminCompanyList,
  type AdminLedgerEntry,
  AppError,
  amountToMinor,
  COUNTRIES,
  type CompanyDecisionAction,
  type CompanyStatus,
  minorMoneyText,
  minorToAmount,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../../platform/audit/audit-log.js';
import type { OperatorAction } from '../../../platform/audit/operator-action.js';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { FileStore } from '../../../platform/storage/file-store.js';
import { notify } from '../../notices/index.js';
import { lockAvailableCredits, postLedgerEntry } from '../../payments/index.js';
import { nextStatus } from './lifecycle.js';
import { decisionNotice } from './messages.js';
import { presentCompany, presentCompanyDetails } from './presenters.js';
import * as repo from './repo.js';

/**
 * The agency review of the back office (docs/api.md#back-office, docs/architecture.md §5): the queue, the
 * agency page, approve / reject / suspend / reactivate, and manual credit adjustments. Each
 * decision is one transaction under the agency's row lock: its status, the decision in its
 * history, the notification and the audit entry together; the notification's e-mail to the owner
 * follows the commit (notices/mail.ts).
 */

export type AdminCompanyDeps = {
  db: Kysely<Database>;
  clock: Clock;
  files: FileStore;
};

const notFound = () => new AppError('not_found', 'Agency not found');
const money = minorMoneyText;

/** Countries a search names: its two-letter code, or (three letters or more) part of its name. */
function countriesNamed(q: string): string[] {
  const text = q.trim().toLowerCase();
  return COUNTRIES.filter(
    (country) =>
      country.code.toLowerCase() === text || (text.length >= 3 && country.name.toLowerCase().includes(text)),
  ).map((country) => country.code);
}

export function createAdminCompanyService(deps: AdminCompanyDeps) {
  const { db, clock, files } = deps;

  async function details(companyId: string): Promise<AdminCompanyDetails> {
    const company = await repo.findCompanyRow(db, companyId);
    if (!company) throw notFound();
    const [submission, users, bookingsCount, decisions] = await Promise.all([
      repo.latestSubmission(db, companyId),
      repo.usersOf(db, companyId),
      repo.countBookings(db, companyId),
      repo.decisionsOf(db, companyId),
    ]);
    const documents = submission.latest ? await repo.documentsOf(db, submission.latest.id) : [];
    return presentCompanyDetails({ company, submission, documents, users, bookingsCount, decisions });
  }

  async function decide(
    actor: OperatorAction,
    companyId: string,
    action: CompanyDecisionAction,
    reason: string | null,
  ): Promise<AdminCompanyDetails> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const company = await repo.lockCompany(trx, companyId);
      if (!company) throw notFound();
      const suspendedFrom =
        action === 'reactivate' ? await repo.statusBeforeSuspension(trx, companyId) : undefined;
      const from: CompanyStatus = company.verification_status;
      const to = nextStatus(action, company, suspendedFrom);
      // A rejection's reason stays for the agency to read until it sends the form again.
      const rejectionReason =
        action === 'reject' ? reason : action === 'approve' ? null : company.rejection_reason;
      await repo.setCompanyStatus(trx, companyId, {
        verification_status: to,
        rejection_reason: rejectionReason,
        updated_at: now,
      });
      await repo.insertDecision(trx, {
        companyId,
        operatorId: actor.operatorId,
        action,
        from,
        to,
        reason,
        at: now,
      });
      // Suspension ends every session at once (the guard refuses any begun later).
      const sessionsEnded = action === 'suspend' ? await repo.endCompanySessions(trx, companyId, now) : null;
      const told = decisionNotice(action, company, reason);
      await notify(trx, { companyId, userId: null, ...told, at: now });
      await recordAudit(trx, {
        actor,
        action: `company.${action}`,
        target: { type: 'company', id: companyId },
        before: { verification_status: from, rejection_reason: company.rejection_reason },
        after: {
          verification_status: to,
          rejection_reason: rejectionReason,
          reason,
          ...(sessionsEnded === null ? {} : { sessions_ended: sessionsEnded }),
        },
        at: now,
      });
    });
    return details(companyId);
  }

  return {
    async list(query: {
      status?: CompanyStatus | undefined;
      q?: string | undefined;
      page: number;
      limit: number;
    }): Promise<AdminCompanyList> {
      const filters: repo.CompanyFilters = {
        status: query.status,
        q: query.q,
        countries: query.q ? countriesNamed(query.q) : [],
      };
      const [total, rows] = await Promise.all([
        repo.countCompanies(db, filters),
        repo.listCompanies(db, filters, { offset: query.page * query.limit, limit: query.limit }),
      ]);
      return { companies: rows.map(presentCompany), total, totalPages: Math.ceil(total / query.limit) };
    },

    details,

    /** One of the agency's vendor documents, for an operator to view or save. */
    async document(companyId: string, documentId: string) {
      const document = await repo.findCompanyDocument(db, companyId, documentId);
      if (!document) throw new AppError('not_found', 'Document not found');
      return { document, content: await files.get(document.storage_key) };
    },

    approve: (actor: OperatorAction, companyId: string) => decide(actor, companyId, 'approve', null),
    reject: (actor: OperatorAction, companyId: string, reason: string) =>
      decide(actor, companyId, 'reject', reason),
    suspend: (actor: OperatorAction, companyId: string, reason: string) =>
      decide(actor, companyId, 'suspend', reason),
    reactivate: (actor: OperatorAction, companyId: string, reason: string) =>
      decide(actor, companyId, 'reactivate', reason),

    /**
     * A manual adjustment: one signed `adjustment` ledger entry with the reason as its note. A debit
     * may take the balance down to minus the agency's credit limit, never further: more than its
     * available credits is refused (409, saying how much it may debit at most).
     */
    async adjust(actor: OperatorAction, companyId: string, body: AdjustmentBody): Promise<AdminLedgerEntry> {
      const amountMinor = amountToMinor(body.amount);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const company = await repo.lockCompany(trx, companyId);
        if (!company) throw notFound();
        const credits = await lockAvailableCredits(trx, companyId);
        if (credits.availableMinor + amountMinor < 0) {
          const debit = money(-amountMinor, credits.currency);
          const balance = money(credits.balanceMinor, credits.currency);
          const floor =
            credits.creditLimitMinor === 0
              ? 'below zero'
              : `past its credit limit of ${money(credits.creditLimitMinor, credits.currency)}`;
          throw new AppError(
            'conflict',
            `A debit of ${debit} would take ${company.name}'s balance of ${balance} ${floor}: at most ${money(Math.max(credits.availableMinor, 0), credits.currency)} can be debited`,
          );
        }
        const entry = await postLedgerEntry(trx, {
          companyId,
          kind: 'adjustment',
          amountMinor,
          note: body.reason,
          userId: null,
        });
        const moved = money(Math.abs(amountMinor), entry.currency);
        await notify(trx, {
          companyId,
          userId: null,
          kind: 'credits_adjusted',
          title: amountMinor > 0 ? `${moved} credited` : `${moved} debited`,
          body: `SkyDesk adjusted your credits by ${amountMinor > 0 ? '+' : '-'}${moved}; your balance is now ${money(entry.balanceAfterMinor, entry.currency)}.\n\nReason: ${body.reason}`,
          link: '/dashboard',
          at: now,
        });
        await recordAudit(trx, {
          actor,
          action: 'credits.adjust',
          target: { type: 'company', id: companyId },
          before: { balance: minorToAmount(credits.balanceMinor), currency: credits.currency },
          after: {
            balance: minorToAmount(entry.balanceAfterMinor),
            currency: entry.currency,
            amount: minorToAmount(amountMinor),
            reason: body.reason,
            ledger_entry_id: entry.id,
          },
          at: now,
        });
        return {
          id: entry.id,
          kind: 'adjustment' as const,
          amount: minorToAmount(amountMinor),
          balance_after: minorToAmount(entry.balanceAfterMinor),
          currency: entry.currency,
          note: body.reason,
          created_at: now.toISOString(),
        };
      });
    },
  };
}

export type AdminCompanyService = ReturnType<typeof createAdminCompanyService>;
