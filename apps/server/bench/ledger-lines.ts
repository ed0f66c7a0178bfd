import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/platform/db/schema.js';

/**
 * A long ledger in one statement, for the statement bench and its tests: `lines` lines appended
 * after the company's last one by `INSERT … SELECT generate_series`, shaped as postLedgerEntry
 * writes them — numbered on from the last `seq`, each with the balance and the credits after it —
 * and the balance row moved to the last. Only inserts: the append-only trigger stays as it is.
 *
 * The lines repeat a block of ten (a deposit, seven tickets, a refund, a debit adjustment) whose
 * running sums are known, so every line's balance is a closed form of its number; the balance
 * stays above zero. They are stamped `stepSeconds` apart from `from` on.
 */

const BLOCK = [
  { kind: 'deposit', amount: 100_000 },
  ...Array.from({ length: 7 }, () => ({ kind: 'ticket', amount: -11_000 })),
  { kind: 'refund', amount: 5_000 },
  { kind: 'adjustment', amount: -7_000 },
] as const;

export async function appendSyntheticLedger(
  db: Kysely<Database>,
  companyId: string,
  options: { lines: number; from: Date; stepSeconds: number },
): Promise<{ firstSeq: number; lastSeq: number; balanceMinor: number }> {
  const company = await db
    .selectFrom('companies')
    .leftJoin('credit_balances', 'credit_balances.company_id', 'companies.id')
    .select([
      'companies.currency',
      'credit_balances.balance_minor',
      'credit_balances.entry_count',
      'credit_balances.credits_total_minor',
    ])
    .where('companies.id', '=', companyId)
    .executeTakeFirstOrThrow();
  const start = {
    seq: company.entry_count ?? 0,
    balance: company.balance_minor ?? 0,
    credits: company.credits_total_minor ?? 0,
  };
  let balance = 0;
  let credits = 0;
  const block = BLOCK.map((line, position) => {
    balance += line.amount;
    credits += Math.max(line.amount, 0);
    return { position, kind: line.kind, amount: line.amount, balance, credits };
  });
  const net = balance;
  const blockCredits = credits;
  // Ids in ascending order (a random prefix per call, then the line's number): the primary key
  // grows at its right edge instead of taking a million random inserts, which halves the time.
  const idPrefix = `${randomUUID().slice(0, 24)}`;
  const rows = sql.join(
    block.map(
      (line) =>
        sql`(${line.position}::int, ${line.kind}::text, ${line.amount}::bigint, ${line.balance}::bigint, ${line.credits}::bigint)`,
    ),
  );
  await sql`
    insert into ledger_entries
      (id, company_id, seq, kind, amount_minor, balance_after_minor, credits_after_minor, currency, created_at)
    select (${idPrefix} || lpad(to_hex(n.i), 12, '0'))::uuid, ${companyId}, ${start.seq} + n.i, b.kind, b.amount,
      ${start.balance}::bigint + (n.i - 1) / 10 * ${net}::bigint + b.balance,
      ${start.credits}::bigint + (n.i - 1) / 10 * ${blockCredits}::bigint + b.credits,
      ${company.currency},
      ${options.from}::timestamptz + n.i * ${options.stepSeconds} * interval '1 second'
    from generate_series(1::bigint, ${options.lines}::bigint) as n(i)
    join (values ${rows}) as b(position, kind, amount, balance, credits) on b.position = (n.i - 1) % 10
  `.execute(db);

  const lastIndex = options.lines - 1;
  const last = block[lastIndex % 10]!;
  const blocks = Math.floor(lastIndex / 10);
  const end = {
    seq: start.seq + options.lines,
    balance: start.balance + blocks * net + last.balance,
    credits: start.credits + blocks * blockCredits + last.credits,
  };
  await db
    .insertInto('credit_balances')
    .values({
      company_id: companyId,
      currency: company.currency,
      balance_minor: end.balance,
      entry_count: end.seq,
      credits_total_minor: end.credits,
    })
    .onConflict((conflict) =>
      conflict.column('company_id').doUpdateSet({
        balance_minor: end.balance,
        entry_count: end.seq,
        credits_total_minor: end.credits,
      }),
    )
    .execute();
  return { firstSeq: start.seq + 1, lastSeq: end.seq, balanceMinor: end.balance };
}
