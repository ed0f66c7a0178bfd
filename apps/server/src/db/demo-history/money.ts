import { randomBytes, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import {
  between,
  DAY_MS,
  HOUR_MS,
  type LedgerLine,
  localDay,
  MINUTE_MS,
  money,
  type Plan,
  type PlannedBooking,
  type PlannedDeposit,
  type Planner,
  pick,
} from './plan.js';
import { insertRows } from './rows.js';

/** The demo's opening credits (seed-demo.ts DEMO.creditsMinor), posted at the history's start. */
const OPENING_NOTE = 'Demo credits';

/**
 * The ledger in posting order from the opening credits, with the deposits the agency made to
 * keep paying: whenever a ticket would take the balance under a floor, a deposit recorded the day
 * before is approved hours ahead of it. Once in the history a deposit is rejected first (a wrong
 * bank reference) and recorded again; and one recorded yesterday still waits for SkyDesk.
 */
export function planMoney(
  planner: Planner,
  input: { ledger: LedgerLine[]; accountant: string; start: Date; bookings: PlannedBooking[] },
): PlannedDeposit[] {
  const { random, agency, options } = planner;
  const { now } = options;
  const FLOOR = 300_000;
  const deposits: PlannedDeposit[] = [];
  const opening: LedgerLine = {
    id: randomUUID(),
    at: input.start,
    kind: 'adjustment',
    amount: agency.openingCreditsMinor,
    bookingId: null,
    transactionId: null,
    note: OPENING_NOTE,
    userId: null,
  };
  const lines = [...input.ledger].sort((a, b) => a.at.getTime() - b.at.getTime());
  const posted: LedgerLine[] = [opening];
  let balance = opening.amount;
  let rejectedOne = false;
  let referenceNo = 4_100 + Math.floor(random() * 800);

  const deposit = (approveBy: Date, amount: number) => {
    // Approved after the last line posted and before the line it pays for: posting order is time order.
    const last = posted[posted.length - 1]!.at.getTime();
    const by = approveBy.getTime();
    const approvedAt = new Date(
      by - last > 2 * MINUTE_MS
        ? Math.min(by - MINUTE_MS, Math.max(last + MINUTE_MS, by - between(random, 1, 5) * HOUR_MS))
        : last + (by - last) / 2,
    );
    const createdAt = new Date(approvedAt.getTime() - between(random, 3, 26) * HOUR_MS);
    const bankId = agency.bankIds[deposits.length % agency.bankIds.length]!;
    const reference = () => `FT26${String(++referenceNo).padStart(6, '0')}`;
    // Once, half-way through: the first attempt named a reference the bank never sent.
    if (!rejectedOne && approvedAt.getTime() - input.start.getTime() > (options.days / 2) * DAY_MS) {
      rejectedOne = true;
      const triedAt = new Date(createdAt.getTime() - between(random, 20, 30) * HOUR_MS);
      deposits.push({
        id: randomUUID(),
        bankId,
        amount,
        depositDate: localDay(planner, triedAt),
        reference: reference(),
        note: 'Top-up for the month',
        status: 'rejected',
        rejection:
          'No transfer with this reference reached our account; record it again with the reference on your bank statement',
        createdBy: input.accountant,
        createdAt: triedAt,
        decidedAt: new Date(triedAt.getTime() + between(random, 2, 6) * HOUR_MS),
        line: null,
      });
    }
    const id = randomUUID();
    const line: LedgerLine = {
      id: randomUUID(),
      at: approvedAt,
      kind: 'deposit',
      amount,
      bookingId: null,
      transactionId: id,
      note: '',
      userId: null,
    };
    const ref = reference();
    line.note = `Bank deposit ${ref}`;
    deposits.push({
      id,
      bankId,
      amount,
      depositDate: localDay(planner, createdAt),
      reference: ref,
      note: random() < 0.5 ? 'Top-up' : null,
      status: 'approved',
      rejection: null,
      createdBy: input.accountant,
      createdAt,
      decidedAt: approvedAt,
      line,
    });
    posted.push(line);
    balance += amount;
  };

  for (const line of lines) {
    if (line.amount < 0 && balance + line.amount < FLOOR) {
      deposit(line.at, pick(random, [3_000_000, 4_000_000, 5_000_000]));
    }
    posted.push(line);
    balance += line.amount;
  }
  // Live holds must fit what the agency can pay (HOLD_VALUE_RATIO 1) with room to spare.
  const held = input.bookings
    .filter((booking) => booking.status === 'booked')
    .reduce((sum, booking) => sum + booking.total, 0);
  if (balance < held + FLOOR) deposit(now, 1_500_000);
  // Recorded yesterday afternoon, not decided yet: the operators' queue has one.
  const yesterday = new Date(now.getTime() - between(random, 16, 22) * HOUR_MS);
  deposits.push({
    id: randomUUID(),
    bankId: agency.bankIds[0]!,
    amount: 1_000_000,
    depositDate: localDay(planner, yesterday),
    reference: `FT26${String(++referenceNo).padStart(6, '0')}`,
    note: 'Top-up before the holidays',
    status: 'pending',
    rejection: null,
    createdBy: input.accountant,
    createdAt: yesterday,
    decidedAt: null,
    line: null,
  });
  input.ledger.splice(0, input.ledger.length, ...posted);
  return deposits;
}

/** A one-page PDF saying what a bank's transfer advice says: the deposit's receipt. */
export function receiptPdf(lines: readonly string[]): Buffer {
  const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '-');
  const content = [
    'BT /F1 11 Tf 56 780 Td 15 TL',
    ...lines.map((line, index) => `${index === 0 ? '' : 'T* '}(${pdfText(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The ledger, numbered 1..n in posting order with the balance and the credits after each line. */
export async function writeLedger(
  trx: Transaction<Database>,
  plan: Plan,
  input: { companyId: string; currency: string; now: Date; renameOrders: (text: string) => string },
): Promise<{ lines: number; balanceMinor: number }> {
  const { companyId, currency, renameOrders } = input;
  let balance = 0;
  let credits = 0;
  const ledgerRows = plan.ledger.map((line, index) => {
    balance += line.amount;
    credits += Math.max(line.amount, 0);
    return {
      id: line.id,
      company_id: companyId,
      seq: index + 1,
      kind: line.kind,
      amount_minor: line.amount,
      balance_after_minor: balance,
      credits_after_minor: credits,
      currency,
      booking_id: line.bookingId,
      transaction_id: line.transactionId,
      note: renameOrders(line.note),
      created_by: line.userId,
      created_at: line.at,
    };
  });
  if (ledgerRows.some((row) => row.balance_after_minor < 0))
    throw new Error('The demo history overdraws the agency');
  await insertRows(trx, 'ledger_entries', ledgerRows);
  await trx
    .insertInto('credit_balances')
    .values({
      company_id: companyId,
      currency,
      balance_minor: balance,
      entry_count: ledgerRows.length,
      credits_total_minor: credits,
      updated_at: input.now,
    })
    .onConflict((conflict) =>
      conflict.column('company_id').doUpdateSet({
        balance_minor: balance,
        entry_count: ledgerRows.length,
        credits_total_minor: credits,
        updated_at: input.now,
      }),
    )
    .execute();
  return { lines: ledgerRows.length, balanceMinor: balance };
}

/** Deposits with their receipts (a transfer advice each, when there is somewhere to keep it). */
export async function writeDeposits(
  trx: Transaction<Database>,
  plan: Plan,
  input: { companyId: string; currency: string; operatorId: string; files: FileStore | undefined },
) {
  const { companyId, currency, files } = input;
  const receipts = new Map<string, { key: string; size: number }>();
  for (const deposit of plan.deposits) {
    const content = receiptPdf([
      'Bank transfer advice',
      '',
      `Date: ${deposit.depositDate}`,
      `Reference: ${deposit.reference}`,
      `Amount: ${money(deposit.amount, currency)}`,
      'Ordering customer: Demo Travels, 1 Market Street, San Francisco',
      'Beneficiary: SkyDesk Travel Technologies',
    ]);
    const key = files ? await files.put(content) : randomBytes(24).toString('base64url');
    receipts.set(deposit.id, { key, size: content.length });
  }
  await insertRows(
    trx,
    'deposit_transactions',
    plan.deposits.map((deposit) => ({
      id: deposit.id,
      company_id: companyId,
      bank_id: deposit.bankId,
      amount_minor: deposit.amount,
      currency,
      deposit_date: deposit.depositDate,
      reference_no: deposit.reference,
      note: deposit.note,
      status: deposit.status,
      rejection_reason: deposit.rejection,
      receipt_key: receipts.get(deposit.id)!.key,
      receipt_file_name: `transfer-${deposit.reference}.pdf`,
      receipt_content_type: 'application/pdf',
      receipt_size_bytes: receipts.get(deposit.id)!.size,
      created_by: deposit.createdBy,
      created_at: deposit.createdAt,
      decided_at: deposit.decidedAt,
      decided_by: deposit.decidedAt ? input.operatorId : null,
      ledger_entry_id: deposit.line?.id ?? null,
    })),
  );
}
