import { type AdminBank, AppError, type BankBody, type BankUpdateBody } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../../../platform/audit/audit-log.js';
import type { OperatorAction } from '../../../platform/audit/operator-action.js';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import * as repo from './repo.js';

/**
 * The platform's bank accounts agencies deposit into (docs/api.md#back-office): listed, added,
 * edited while live, and retired — never deleted, since deposits name the account they went to.
 * Each change is audited with the account before and after.
 */

const present = (row: repo.BankRow): AdminBank => ({
  id: row.id,
  bank: row.bank,
  account_title: row.account_title,
  account_number: row.account_number,
  iban: row.iban,
  retired_at: row.retired_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const notFound = () => new AppError('not_found', 'Bank account not found');

/** The unique index of live accounts (migration 0006) speaks for a duplicate. */
function refuseDuplicate(error: unknown): never {
  if ((error as { code?: string }).code === '23505') {
    const message = 'This bank already has a live account with this number';
    throw new AppError('conflict', message, { fieldErrors: { account_number: [message] } });
  }
  throw error;
}

export function createAdminBankService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  async function locked(trx: Transaction<Database>, id: string) {
    const bank = await repo.lockBank(trx, id);
    if (!bank) throw notFound();
    return bank;
  }

  return {
    async list(): Promise<AdminBank[]> {
      return (await repo.listBanks(db)).map(present);
    },

    async create(actor: OperatorAction, body: BankBody): Promise<AdminBank> {
      const now = clock.now();
      return db
        .transaction()
        .execute(async (trx) => {
          const bank = present(await repo.insertBank(trx, { ...body, iban: body.iban ?? null }, now));
          await recordAudit(trx, {
            actor,
            action: 'bank.create',
            target: { type: 'bank', id: bank.id },
            after: bank,
            at: now,
          });
          return bank;
        })
        .catch(refuseDuplicate);
    },

    async update(actor: OperatorAction, id: string, body: BankUpdateBody): Promise<AdminBank> {
      const now = clock.now();
      return db
        .transaction()
        .execute(async (trx) => {
          const before = present(await locked(trx, id));
          if (before.retired_at) {
            throw new AppError('conflict', 'This bank account is retired: add a new one instead');
          }
          const after = present(await repo.updateBank(trx, id, { ...body, updated_at: now }));
          await recordAudit(trx, {
            actor,
            action: 'bank.update',
            target: { type: 'bank', id },
            before,
            after,
            at: now,
          });
          return after;
        })
        .catch(refuseDuplicate);
    },

    async retire(actor: OperatorAction, id: string): Promise<AdminBank> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const before = present(await locked(trx, id));
        if (before.retired_at) throw new AppError('conflict', 'This bank account is retired already');
        const after = present(await repo.updateBank(trx, id, { retired_at: now, updated_at: now }));
        await recordAudit(trx, {
          actor,
          action: 'bank.retire',
          target: { type: 'bank', id },
          before,
          after,
          at: now,
        });
        return after;
      });
    },
  };
}
