import { type Kysely, sql } from 'kysely';
import { insertBank, insertPost } from '../modules/admin/index.js';
import type { HoldPolicy } from '../modules/bookings/index.js';
import { createAgency } from '../modules/company/index.js';
import { postLedgerEntry } from '../modules/payments/index.js';
import type { Database } from '../platform/db/schema.js';
import type { SecretBox } from '../platform/security/encryption.js';
import type { PasswordHasher } from '../platform/security/password.js';
import type { FileStore } from '../platform/storage/file-store.js';
import {
  DEMO_TIME_ZONE,
  type DemoHistorySummary,
  demoSupplier,
  seedDemoHistory,
} from './demo-history/index.js';
import { writeDemoVendorForm } from './demo-vendor-form.js';

/** docs/architecture.md §7: the demo agency and operator a newcomer signs in with. Not secrets: demo only. */
export const DEMO = {
  companyName: 'Demo Travels',
  ownerEmail: 'demo@skydesk.local',
  ownerName: 'Dana Demo',
  iataNumber: '05512345',
  operatorEmail: 'ops@skydesk.local',
  operatorName: 'Olli Operator',
  password: 'SkyDesk-demo-2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  /** docs/architecture.md §7: 10,000.00 in the platform currency, in minor units. */
  creditsMinor: 1_000_000,
} as const;

const DEMO_BANKS = [
  {
    bank: 'Silicon Valley Commerce Bank',
    account_title: 'SkyDesk Travel Technologies Inc.',
    account_number: '4410 0027 5531',
    iban: null,
  },
  {
    bank: 'Barclays Bank UK',
    account_title: 'SkyDesk Travel Technologies Ltd',
    account_number: '20-32-06 53149876',
    iban: 'GB33BUKB20201555555555',
  },
];

/**
 * What SkyDesk's operators have published (limited Markdown, as they write it): one announcement
 * and one offer for every agency, so the announcements page and the dashboard's offer show
 * something. The offer runs 90 days from the seeding.
 */
const DEMO_POSTS = [
  {
    kind: 'announcement',
    title: 'Winter schedules are loaded: ticket the holiday peak early',
    body: [
      "The airlines' **winter schedules** are loaded for travel up to the end of March.",
      '',
      '- Holiday departures (20 December to 5 January) are selling fast on long-haul routes from Europe and the Gulf.',
      '- A hold keeps its seats until the *ticketing deadline* shown on the booking: **issue before it**, or the seats go back on sale.',
      "- Name corrections after ticketing are at the airline's discretion and may be charged.",
      '',
      'Questions? Open a ticket under *Support* and our desk answers within the business day.',
    ].join('\n'),
    validDays: null,
  },
  {
    kind: 'offer',
    title: 'No service fee on Business class, London to New York',
    body: [
      'For the next 90 days SkyDesk waives its **service fee** on Business class tickets between London Heathrow (LHR) and New York JFK.',
      '',
      '- Any travel date, one-way or return, per passenger.',
      '- Applies to tickets issued while the offer runs.',
      '- Nothing to enter: the fee is left out when you issue.',
      '',
      'Check the fare rules on each itinerary before you issue: *refund and change penalties still apply*.',
    ].join('\n'),
    validDays: 90,
  },
] as const;

/** How the demo agency's past is made (demo-history/); `false` seeds the agency without one. */
export type DemoHistorySettings = {
  /** The server's hold rules, so the history's deadlines are the ones the server would set. */
  hold?: HoldPolicy;
  /** Where the deposits' receipts go (the server's uploads); the seeding's `files` when unset. */
  files?: FileStore;
  days?: number;
  /** Told what was made (the start-up log). */
  onSeeded?: (summary: DemoHistorySummary) => void;
};

/** The demo seeding's advisory lock (migrate.ts holds another key). */
const DEMO_SEED_LOCK_KEY = 7_404_312_012;

/** Whether the store has an agency or an operator already (the demo is seeded only into neither). */
async function hasAnyone(db: Kysely<Database>): Promise<boolean> {
  const existing = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  const operator = await db.selectFrom('operators').select('id').limit(1).executeTakeFirst();
  return Boolean(existing || operator);
}

/**
 * Seeds the demo agency (approved on its vendor form and documents, owner verified with TOTP
 * enrolled, credits) and the demo operator,
 * and what SkyDesk published for agencies (its agencies are told of it by the publication sweep
 * once the server listens), only when the store has no company and no operator yet. Returns
 * whether it seeded.
 *
 * With `history` (the default) the agency also has a few months behind it (issue 15: a newcomer's
 * dashboard shows a living agency): its 10,000.00 of opening credits are the first line of that
 * history, four months ago, and staff, bookings, deposits and searches follow up to now. Without,
 * the credits are one adjustment posted now and nothing else has happened.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  deps: {
    hasher: PasswordHasher;
    secretBox: SecretBox;
    currency: string;
    now: Date;
    /** The server's uploads, where the agency's documents go (and the history's receipts); without, no files. */
    files?: FileStore;
    history?: boolean | DemoHistorySettings;
  },
): Promise<boolean> {
  // Every start after the first finds the demo there: said at once, without hashing passwords
  // (most of a restart's second). The check under the lock below decides a race.
  if (await hasAnyone(db)) return false;
  const history = deps.history === false ? null : deps.history === true || !deps.history ? {} : deps.history;
  // One uploads folder for the agency's documents and the deposits' receipts, named either way.
  const files = deps.files ?? history?.files;
  // The sandbox network the history books from is built while the passwords hash (the server
  // that starts next shares it, so a start-up pays for it once).
  const [passwordHash, operatorHash, supplier] = await Promise.all([
    deps.hasher.hash(DEMO.password),
    deps.hasher.hash(DEMO.password),
    history ? demoSupplier(deps.currency) : null,
  ]);
  return db.transaction().execute(async (trx) => {
    // Two servers starting together on one empty PostgreSQL: the second waits here, then finds
    // the first one's demo and seeds nothing (without it both saw an empty store).
    await sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`.execute(trx);
    if (await hasAnyone(trx)) return false;

    const ownerTotpSealed = deps.secretBox.seal(DEMO.totpSecret);
    const agency = await createAgency(trx, {
      company: {
        name: DEMO.companyName,
        contactName: DEMO.ownerName,
        email: DEMO.ownerEmail,
        phone: '+1 415 555 0100',
        country: 'US',
        city: 'San Francisco',
        address: '1 Market Street',
        iataNumber: DEMO.iataNumber,
        currency: deps.currency,
        status: 'approved',
      },
      // docs/architecture.md §7: the demo owner's sign-in skips the e-mail step and asks for TOTP only.
      owner: {
        passwordHash,
        emailVerifiedAt: deps.now,
        totpSecretSealed: ownerTotpSealed,
        totpEnabledAt: deps.now,
      },
    });
    // Approved on its vendor form: the documents an operator would have read are on file.
    await writeDemoVendorForm(
      trx,
      { companyId: agency.companyId, ownerId: agency.owner.id, iataNumber: DEMO.iataNumber },
      files,
    );
    // The platform's accounts a demo deposit is paid into (operators keep them at /admin/banks).
    const bankIds: string[] = [];
    for (const bank of DEMO_BANKS) bankIds.push((await insertBank(trx, bank, deps.now)).id);
    const demoOperator = await trx
      .insertInto('operators')
      .values({
        name: DEMO.operatorName,
        email: DEMO.operatorEmail,
        password_hash: operatorHash,
        totp_secret_enc: deps.secretBox.seal(DEMO.totpSecret),
        totp_enabled_at: deps.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The demo agency is in San Francisco: its days are Los Angeles days (its country's default
    // would be New York's), set as an owner sets them in the company settings, before any of its
    // history is counted in them.
    await trx
      .updateTable('companies')
      .set({ time_zone: DEMO_TIME_ZONE })
      .where('id', '=', agency.companyId)
      .execute();
    for (const post of DEMO_POSTS) {
      await insertPost(trx, {
        kind: post.kind,
        title: post.title,
        body: post.body,
        publishAt: deps.now,
        expiresAt: post.validDays ? new Date(deps.now.getTime() + post.validDays * 86_400_000) : null,
        countries: [],
        operatorId: demoOperator.id,
        at: deps.now,
      });
    }

    if (!history || !supplier) {
      // Credits come the way every balance change comes: one ledger entry, here an adjustment.
      await postLedgerEntry(trx, {
        companyId: agency.companyId,
        kind: 'adjustment',
        amountMinor: DEMO.creditsMinor,
        note: 'Demo credits',
      });
      return true;
    }
    const summary = await seedDemoHistory(
      trx,
      {
        companyId: agency.companyId,
        currency: deps.currency,
        openingCreditsMinor: DEMO.creditsMinor,
        owner: { id: agency.owner.id, passwordHash, totpSecretSealed: ownerTotpSealed },
        operatorId: demoOperator.id,
        bankIds,
      },
      {
        now: deps.now,
        timeZone: DEMO_TIME_ZONE,
        supplier,
        ...(history.days ? { days: history.days } : {}),
        ...(history.hold ? { hold: history.hold } : {}),
        ...(files ? { files } : {}),
      },
    );
    history.onSeeded?.(summary);
    return true;
  });
}
