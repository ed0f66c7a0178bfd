import {
  type AdminCredits,
  AppError,
  amountToMinor,
  type CreditLimitBody,
  minorMoneyText,
  minorToAmount,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../../platform/audit/audit-log.js';
import type { OperatorAction } from '../../../platform/audit/operator-action.js';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import { notify } from '../../notices/index.js';
import {
  availableCredits,
  lockBalance,
  pendingDepositsMinor,
  readCreditRow,
  watchLowBalance,
} from '../../payments/index.js';
import * as repo from './repo.js';

/**
 * Credit limits (docs/api.md#back-office, docs/architecture.md §5): an operator grants an agency an overdraft —
 * it may then spend its balance plus the limit, the balance going down to minus the limit. The
 * limit changes under the balance row's lock, the lock every ledger posting takes, so it is never
 * set below what the agency already owes, whatever is being ticketed meanwhile. Every change is
 * kept with its operator and reason, the agency is told, and the audit log has it.
 */

const notFound = () => new AppError('not_found', 'Agency not found');
const money = minorMoneyText;

export function createAdminCreditLimitService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  async function credits(companyId: string): Promise<AdminCredits> {
    if (!(await repo.findCompany(db, companyId))) throw notFound();
    const [row, pending, history] = await Promise.all([
      readCreditRow(db, companyId),
      pendingDepositsMinor(db, companyId),
      repo.limitChangesOf(db, companyId),
    ]);
    const figures = availableCredits(row);
    return {
      balance: minorToAmount(figures.balanceMinor),
      credit_limit: minorToAmount(figures.creditLimitMinor),
      available: minorToAmount(figures.availableMinor),
      currency: figures.currency,
      pending_deposits: minorToAmount(pending),
      history: history.map((change) => ({
        id: change.id,
        from: minorToAmount(change.from_minor),
        to: minorToAmount(change.to_minor),
        reason: change.reason,
        operator: { id: change.operator_id, name: change.operator_name },
        created_at: change.created_at.toISOString(),
      })),
    };
  }

  return {
    credits,

    async setLimit(actor: OperatorAction, companyId: string, body: CreditLimitBody): Promise<AdminCredits> {
      const limitMinor = amountToMinor(body.amount);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const company = await repo.findCompany(trx, companyId);
        if (!company) throw notFound();
        const balance = await lockBalance(trx, companyId);
        const { currency } = balance;
        const owedMinor = -balance.balance_minor;
        if (owedMinor > limitMinor) {
          throw new AppError(
            'conflict',
            `${company.name} already owes ${money(owedMinor, currency)}: the credit limit cannot be less than that`,
          );
        }
        const fromMinor = balance.credit_limit_minor;
        await repo.setCreditLimit(trx, companyId, limitMinor, now);
        await repo.insertLimitChange(trx, {
          companyId,
          operatorId: actor.operatorId,
          fromMinor,
          toMinor: limitMinor,
          reason: body.reason,
          at: now,
        });
        // A lower limit lowers what the agency may spend: it may cross the low-balance threshold
        // as a debit would (and a higher one may lift it back over), so the same watch runs.
        await watchLowBalance(
          trx,
          companyId,
          { ...balance, credit_limit_minor: limitMinor },
          balance.balance_minor,
        );
        const before = availableCredits(balance);
        const after = availableCredits({ ...balance, credit_limit_minor: limitMinor });
        const direction =
          limitMinor > fromMinor ? 'raised' : limitMinor < fromMinor ? 'lowered' : 'confirmed';
        await notify(trx, {
          companyId,
          userId: null,
          kind: 'credit_limit_changed',
          title: `Credit limit ${direction}: ${money(limitMinor, currency)}`,
          body: `SkyDesk set your credit limit to ${money(limitMinor, currency)} (it was ${money(fromMinor, currency)}). You may now spend ${money(after.availableMinor, currency)}: your balance of ${money(balance.balance_minor, currency)} plus the credit limit.\n\nReason: ${body.reason}`,
          link: '/dashboard',
          at: now,
        });
        await recordAudit(trx, {
          actor,
          action: 'credits.limit',
          target: { type: 'company', id: companyId },
          before: {
            credit_limit: minorToAmount(fromMinor),
            balance: minorToAmount(balance.balance_minor),
            available: minorToAmount(before.availableMinor),
            currency,
          },
          after: {
            credit_limit: minorToAmount(limitMinor),
            balance: minorToAmount(balance.balance_minor),
            available: minorToAmount(after.availableMinor),
            currency,
            reason: body.reason,
          },
          at: now,
        });
      });
      return credits(companyId);
    },
  };
}

export type AdminCreditLimitService = ReturnType<typeof createAdminCreditLimitService>;
