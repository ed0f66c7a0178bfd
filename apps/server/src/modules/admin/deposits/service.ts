import {
  type AdminDeposit,
  type AdminDepositList,
  AppError,
  minorMoneyText,
  minorToAmount,
  type TransactionStatus,
} from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../../../platform/audit/audit-log.js';
import type { OperatorAction } from '../../../platform/audit/operator-action.js';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { FileStore } from '../../../platform/storage/file-store.js';
import { notify } from '../../notices/index.js';
import { postLedgerEntry } from '../../payments/index.js';
import { presentDeposit } from './presenter.js';
import * as repo from './repo.js';

/**
 * The deposit desk (docs/api.md#back-office, docs/architecture.md §5): deposits agencies recorded wait here,
 * the oldest first, each with its receipt. Approving credits the agency — a `deposit` ledger entry
 * — and rejecting needs a reason the agency is shown. A decision is one transaction under the
 * deposit's row lock: status, ledger, notification and audit entry together, so two operators
 * deciding one deposit at once decide it once: the second finds it decided (409).
 */

const notFound = () => new AppError('not_found', 'Deposit not found');
const money = minorMoneyText;
const TRANSACTIONS_LINK = '/dashboard/transactions';

export function createAdminDepositService(deps: { db: Kysely<Database>; clock: Clock; files: FileStore }) {
  const { db, clock, files } = deps;

  async function view(depositId: string): Promise<AdminDeposit> {
    const row = await repo.findDeposit(db, depositId);
    if (!row) throw notFound();
    return presentDeposit(row);
  }

  /** The deposit, locked for a decision; 404 when there is none, 409 once it is decided. */
  async function pending(trx: Transaction<Database>, depositId: string): Promise<repo.LockedDeposit> {
    const deposit = await repo.lockDeposit(trx, depositId);
    if (!deposit) throw notFound();
    if (deposit.status !== 'pending') {
      throw new AppError('conflict', `Deposit ${deposit.reference_no} is already ${deposit.status}`);
    }
    return deposit;
  }

  return {
    async list(query: {
      status: TransactionStatus;
      company_id?: string | undefined;
      page: number;
      limit: number;
    }): Promise<AdminDepositList> {
      const filters = { status: query.status, companyId: query.company_id };
      const [total, rows] = await Promise.all([
        repo.countDeposits(db, filters),
        repo.listDeposits(db, filters, { offset: query.page * query.limit, limit: query.limit }),
      ]);
      return { deposits: rows.map(presentDeposit), total, totalPages: Math.ceil(total / query.limit) };
    },

    view,

    /** The receipt as the agency sent it, for an operator to view beside the amount or save. */
    async receipt(depositId: string) {
      const row = await repo.findDeposit(db, depositId);
      if (!row) throw notFound();
      return {
        fileName: row.receipt_file_name,
        contentType: row.receipt_content_type,
        content: await files.get(row.receipt_key),
      };
    },

    async approve(actor: OperatorAction, depositId: string): Promise<AdminDeposit> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const deposit = await pending(trx, depositId);
        const entry = await postLedgerEntry(trx, {
          companyId: deposit.company_id,
          kind: 'deposit',
          amountMinor: deposit.amount_minor,
          transactionId: deposit.id,
          note: `Bank deposit ${deposit.reference_no}`,
          userId: null,
        });
        // The agency records deposits in its own currency; one in another would credit a wrong
        // amount, so it is refused (and the posting above rolls back with it).
        if (entry.currency !== deposit.currency) {
          throw new AppError(
            'conflict',
            `Deposit ${deposit.reference_no} is in ${deposit.currency}, the agency's credits in ${entry.currency}`,
          );
        }
        await repo.markApproved(trx, deposit.id, {
          at: now,
          operatorId: actor.operatorId,
          ledgerEntryId: entry.id,
        });
        const amount = money(deposit.amount_minor, deposit.currency);
        await notify(trx, {
          companyId: deposit.company_id,
          userId: null,
          kind: 'deposit_approved',
          title: `Deposit ${deposit.reference_no} approved`,
          body: `${amount} credited to your balance; your balance is now ${money(entry.balanceAfterMinor, entry.currency)}.`,
          link: TRANSACTIONS_LINK,
          at: now,
        });
        await recordAudit(trx, {
          actor,
          action: 'deposit.approve',
          target: { type: 'deposit', id: deposit.id },
          before: {
            status: 'pending',
            balance: minorToAmount(entry.balanceAfterMinor - deposit.amount_minor),
          },
          after: {
            status: 'approved',
            amount: minorToAmount(deposit.amount_minor),
            currency: deposit.currency,
            reference_no: deposit.reference_no,
            ledger_entry_id: entry.id,
            balance: minorToAmount(entry.balanceAfterMinor),
          },
          at: now,
        });
      });
      return view(depositId);
    },

    async reject(actor: OperatorAction, depositId: string, reason: string): Promise<AdminDeposit> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const deposit = await pending(trx, depositId);
        await repo.markRejected(trx, deposit.id, { at: now, operatorId: actor.operatorId, reason });
        await notify(trx, {
          companyId: deposit.company_id,
          userId: null,
          kind: 'deposit_rejected',
          title: `Deposit ${deposit.reference_no} rejected`,
          body: `Your deposit of ${money(deposit.amount_minor, deposit.currency)} (reference ${deposit.reference_no}) was not credited.\n\nReason: ${reason}`,
          link: TRANSACTIONS_LINK,
          at: now,
        });
        await recordAudit(trx, {
          actor,
          action: 'deposit.reject',
          target: { type: 'deposit', id: deposit.id },
          before: { status: 'pending' },
          after: {
            status: 'rejected',
            amount: minorToAmount(deposit.amount_minor),
            currency: deposit.currency,
            reference_no: deposit.reference_no,
            reason,
          },
          at: now,
        });
      });
      return view(depositId);
    },
  };
}

export type AdminDepositService = ReturnType<typeof createAdminDepositService>;
