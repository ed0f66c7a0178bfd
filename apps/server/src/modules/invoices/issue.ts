import type { Transaction } from 'kysely';
import type { Database, StoredInvoiceParty } from '../../platform/db/schema.js';
import { loadPricingSettings } from '../pricing/index.js';
import {
  type DocumentLine,
  documentFigures,
  formatRate,
  invoiceNumber,
  line,
  splitByWeights,
} from './lines.js';
import {
  agencyPartyOf,
  bookingInvoiceOf,
  bookingLinesOf,
  eventFeesOf,
  type InvoiceRow,
  insertInvoice,
  invoiceBookingOf,
  invoicePassengersOf,
  invoiceServicesOf,
  latestChangeOf,
  passengerTicketsOf,
  takeInvoiceNumber,
  ticketDebitsOf,
} from './repo.js';

type ServiceRow = Awaited<ReturnType<typeof invoiceServicesOf>>[number];

/**
 * Whether the agency pays for a service with its booking: held to be paid with the tickets, or
 * paid once (whatever became of it since) — the bookings module's rule (booking/total.ts).
 */
const paidWithBooking = (service: Pick<ServiceRow, 'status' | 'issued_at'>) =>
  service.status === 'held' || service.issued_at !== null;

/** 'Seat 23C BA117', '2 × Extra bag 23 kg BA117': as the statement names them (services/lines.ts). */
function serviceLineText(
  service: Pick<ServiceRow, 'type' | 'designator' | 'quantity' | 'weight_kg' | 'flight'>,
) {
  if (service.type === 'seat') return `Seat ${service.designator} ${service.flight}`;
  const quantity = service.quantity ?? 1;
  return `${quantity > 1 ? `${quantity} × ` : ''}Extra bag ${service.weight_kg} kg ${service.flight}`;
}

/**
 * Issuing the client's documents (issue 33), always inside the transaction of the event they bill
 * — the issue, the void, the refund's approval, the exchange — so the document, its number and the
 * event commit together or not at all, and a rolled-back event gives its number back (no gap).
 */

/** The client named at issue (IssueBody.client); absent, the booking's contact and lead passenger. */
export type InvoiceClientInput = {
  name: string;
  email?: string | null | undefined;
  address?: string | null | undefined;
  tax_id?: string | null | undefined;
};

export type AdjustmentReason = 'void' | 'refund' | 'change';

const PASSENGER_TYPE: Record<string, string> = { adult: 'adult', child: 'child', infant: 'infant' };

type Passenger = Awaited<ReturnType<typeof invoicePassengersOf>>[number];
const passengerName = (p: Pick<Passenger, 'last_name' | 'first_name' | 'title'>) =>
  `${p.last_name}/${p.first_name} ${p.title}`.toUpperCase();
const fareText = (p: Passenger) =>
  `Fare — ${passengerName(p)} (${PASSENGER_TYPE[p.passenger_type] ?? p.passenger_type})`;

async function agencyParty(trx: Transaction<Database>, companyId: string): Promise<StoredInvoiceParty> {
  const agency = await agencyPartyOf(trx, companyId);
  return {
    name: agency.name,
    email: agency.email,
    address: [agency.address, agency.city, agency.country].filter((part) => part?.trim()).join(', '),
    tax_id: null,
    phone: agency.phone,
    iata_number: agency.iata_number,
  };
}

async function numbered(trx: Transaction<Database>, companyId: string, at: Date) {
  const settings = await loadPricingSettings(trx, companyId);
  const { year, sequence } = await takeInvoiceNumber(trx, companyId, at);
  return { number: invoiceNumber(settings.invoicePrefix, year, sequence), settings };
}

/**
 * The client invoice of a booking being ticketed: a line per passenger at selling price (the
 * booking's selling price less its seats and bags, split over the passengers in proportion to their
 * net fares, to the cent), a line per seat or bag at its price, a line per service fee of the issue,
 * and the tax on the agency's earnings. Net is what the agency pays for the booking.
 */
export async function issueClientInvoice(
  trx: Transaction<Database>,
  input: {
    companyId: string;
    bookingId: string;
    userId: string;
    client?: InvoiceClientInput | null | undefined;
    /** When it is issued; the booking's issue time by default. */
    at?: Date;
  },
): Promise<InvoiceRow> {
  const booking = await invoiceBookingOf(trx, input.companyId, input.bookingId);
  if (!booking) throw new Error(`No booking ${input.bookingId} to invoice`);
  const at = input.at ?? booking.issued_at ?? new Date();
  const [passengers, allServices, fees] = await Promise.all([
    invoicePassengersOf(trx, booking.id),
    invoiceServicesOf(trx, booking.id),
    eventFeesOf(trx, booking.id, 'issue'),
  ]);
  const services = allServices.filter(paidWithBooking);
  // What the agency paid: its ticket debits, posted earlier in this transaction (the issue's).
  const netMinor = await ticketDebitsOf(trx, booking.id);
  const servicesMinor = services.reduce((sum, service) => sum + Number(service.amount_minor), 0);
  const sellingMinor = Number(booking.selling_minor ?? netMinor);
  const fares = splitByWeights(
    sellingMinor - servicesMinor,
    passengers.map((p) => Number(p.fare_minor) + Number(p.taxes_minor)),
  );
  const lines: DocumentLine[] = [
    ...passengers.map((p, index) => line('fare', fareText(p), fares[index]!, p.id)),
    ...services.map((service) => {
      const p = passengers[service.passenger_index];
      const who = p ? ` — ${passengerName(p)}` : '';
      return line('service', `${serviceLineText(service)}${who}`, Number(service.amount_minor), service.id);
    }),
    ...fees.map((fee) => line('fee', fee.name, Number(fee.amount_minor), fee.id)),
  ];
  const { number, settings } = await numbered(trx, input.companyId, at);
  const figures = documentFigures({ lines, netMinor, tax: settings.tax, floorAtZero: true });
  const lead = passengers[0];
  const client: StoredInvoiceParty = input.client
    ? {
        name: input.client.name,
        email: input.client.email ?? booking.contact_email,
        address: input.client.address ?? null,
        tax_id: input.client.tax_id ?? null,
      }
    : {
        name: lead ? `${lead.first_name} ${lead.last_name}` : booking.contact_email,
        email: booking.contact_email,
        address: null,
        tax_id: null,
      };
  return insertInvoice(
    trx,
    {
      companyId: input.companyId,
      bookingId: booking.id,
      number,
      kind: 'invoice',
      againstId: null,
      reason: null,
      issuedAt: at,
      issuedBy: input.userId,
      client,
      agency: await agencyParty(trx, input.companyId),
      subtotalMinor: figures.subtotalMinor,
      taxMinor: figures.taxMinor,
      taxName: settings.tax && figures.taxMinor !== 0 ? settings.tax.name : null,
      taxRate: settings.tax && figures.taxMinor !== 0 ? settings.tax.rate : null,
      taxBaseMinor: figures.taxBaseMinor,
      totalMinor: figures.totalMinor,
      netMinor: figures.netMinor,
      marginMinor: figures.marginMinor,
      currency: booking.currency,
    },
    figures.lines,
  );
}

type BilledLines = Awaited<ReturnType<typeof bookingLinesOf>>;

/** What the booking's documents billed for a source (a passenger, a service), and whether it was credited. */
function billing(lines: BilledLines) {
  const billed = new Map<string, number>();
  const credited = new Set<string>();
  for (const entry of lines) {
    if (!entry.source_id) continue;
    const amount = Number(entry.amount_minor);
    if (amount < 0 || entry.document_kind === 'credit_note') credited.add(entry.source_id);
    else billed.set(entry.source_id, (billed.get(entry.source_id) ?? 0) + amount);
  }
  return {
    billed,
    credited,
    seen: new Set(lines.flatMap((entry) => (entry.source_id ? [entry.source_id] : []))),
  };
}

/**
 * The lines of an adjustment, and what the agency paid or got back for them (its net):
 * - void: the invoice's lines negated, all of it back;
 * - refund: each refunded ticket's passenger's billed fare in the share that came back (refunded ÷
 *   paid), each refunded seat or bag for what came back for it, and the refund's fees as positive
 *   lines;
 * - change: the airline's penalty and fare difference (when they move money), the seats and bags the
 *   change refunded, and the change's fees.
 * Sources already credited, and fees already billed, are left out: every document bills each once.
 */
async function adjustmentLines(
  trx: Transaction<Database>,
  booking: { id: string },
  invoice: InvoiceRow,
  reason: AdjustmentReason,
): Promise<{ lines: DocumentLine[]; netMinor: number }> {
  const all = await bookingLinesOf(trx, booking.id);
  if (reason === 'void') {
    const own = all.filter((entry) => entry.invoice_id === invoice.id && entry.kind !== 'tax');
    return {
      lines: own.map((entry) => ({
        kind: entry.kind,
        description: entry.description,
        quantity: entry.quantity,
        unit_amount_minor: -Number(entry.unit_amount_minor),
        amount_minor: -Number(entry.amount_minor),
        source_id: entry.source_id,
      })),
      netMinor: -Number(invoice.net_minor),
    };
  }
  const { billed, credited, seen } = billing(all);
  const lines: DocumentLine[] = [];
  let netMinor = 0;

  if (reason === 'refund') {
    const [passengers, tickets] = await Promise.all([
      invoicePassengersOf(trx, booking.id),
      passengerTicketsOf(trx, booking.id),
    ]);
    for (const p of passengers) {
      const ticket = tickets.find((t) => t.passenger_id === p.id && t.status === 'refunded');
      if (!ticket || credited.has(p.id) || !billed.has(p.id)) continue;
      const paid = Number(ticket.paid_minor);
      const back = Number(ticket.refunded_minor ?? 0);
      const share = paid > 0 ? Math.round((billed.get(p.id)! * back) / paid) : 0;
      lines.push(line('fare', `Refund — ${passengerName(p)}`, -share, p.id));
      netMinor -= back;
    }
  } else {
    const change = await latestChangeOf(trx, booking.id);
    if (change) {
      const penalty = Number(change.penalty_minor);
      const difference = Number(change.fare_difference_minor);
      const total = Number(change.change_total_minor);
      // A negative change total forfeited returns nothing: the client is billed the change as the
      // agency paid it (docs/booking-and-money.md, the change line).
      const moves = total > 0 || change.refund_to === 'credits';
      if (moves && penalty !== 0) lines.push(line('fare', 'Change penalty', penalty, change.id));
      if (moves && difference !== 0) lines.push(line('fare', 'Fare difference', difference, null));
      if (moves) netMinor += penalty + difference;
    }
  }

  // Seats and bags whose money came back (with the refunded tickets, or not carried by a change).
  for (const service of await invoiceServicesOf(trx, booking.id)) {
    if (service.status !== 'refunded' || !billed.has(service.id) || credited.has(service.id)) continue;
    const back = Number(service.refunded_minor ?? 0);
    if (back <= 0) continue;
    lines.push(line('service', `Refund — ${serviceLineText(service)}`, -back, service.id));
    netMinor -= back;
  }

  for (const fee of await eventFeesOf(trx, booking.id, reason)) {
    if (seen.has(fee.id)) continue;
    lines.push(line('fee', fee.name, Number(fee.amount_minor), fee.id));
  }
  return { lines, netMinor };
}

/**
 * A credit note or supplementary invoice against the booking's invoice, for a void, a refund's
 * approval or an exchange, issued in that event's transaction after its work is written. Nothing
 * when the booking has no invoice (ticketed before invoices existed) or the event bills nothing.
 * Its tax is the invoice's (same name and rate): it corrects that document.
 */
export async function issueAdjustment(
  trx: Transaction<Database>,
  input: {
    companyId: string;
    bookingId: string;
    /** Who decided it; null for an operator's or the timer's refund approval (the booking's maker then). */
    userId: string | null;
    reason: AdjustmentReason;
    at?: Date;
  },
): Promise<InvoiceRow | null> {
  const booking = await invoiceBookingOf(trx, input.companyId, input.bookingId);
  if (!booking) return null;
  const invoice = await bookingInvoiceOf(trx, booking.id);
  if (!invoice) return null;
  const at = input.at ?? booking.updated_at ?? new Date();
  const { lines, netMinor } = await adjustmentLines(trx, booking, invoice, input.reason);
  if (lines.length === 0) return null;
  const tax = invoice.tax_name ? { name: invoice.tax_name, rate: Number(invoice.tax_rate ?? 0) } : null;
  const figures = documentFigures({
    lines,
    netMinor,
    tax: input.reason === 'void' ? null : tax,
    floorAtZero: false,
  });
  if (input.reason === 'void' && Number(invoice.tax_minor) !== 0) {
    // Everything back: the invoice's own tax, negated to the cent (not recomputed).
    const taxMinor = -Number(invoice.tax_minor);
    figures.lines.push(
      line(
        'tax',
        `${invoice.tax_name} ${formatRate(Number(invoice.tax_rate))} % on earnings`,
        taxMinor,
        null,
      ),
    );
    figures.taxMinor = taxMinor;
    figures.taxBaseMinor = -Number(invoice.tax_base_minor);
    figures.totalMinor = figures.subtotalMinor + taxMinor;
    figures.marginMinor = figures.totalMinor - taxMinor - netMinor;
  }
  const { number } = await numbered(trx, input.companyId, at);
  return insertInvoice(
    trx,
    {
      companyId: input.companyId,
      bookingId: booking.id,
      number,
      kind: figures.totalMinor < 0 ? 'credit_note' : 'supplementary',
      againstId: invoice.id,
      reason: input.reason,
      issuedAt: at,
      issuedBy: input.userId ?? booking.created_by,
      client: invoice.client,
      agency: await agencyParty(trx, input.companyId),
      subtotalMinor: figures.subtotalMinor,
      taxMinor: figures.taxMinor,
      taxName: figures.taxMinor !== 0 ? invoice.tax_name : null,
      taxRate: figures.taxMinor !== 0 && invoice.tax_rate !== null ? Number(invoice.tax_rate) : null,
      taxBaseMinor: figures.taxBaseMinor,
      totalMinor: figures.totalMinor,
      netMinor: figures.netMinor,
      marginMinor: figures.marginMinor,
      currency: invoice.currency,
    },
    figures.lines,
  );
}
