import { type LedgerKind, minorToAmount, servicesNamedIn } from '@skydesk/contract';
import PDFDocument from 'pdfkit';
import { FACES, type Face, faces } from '../../../platform/pdf/fonts.js';
import { money, utcDay, utcStamp } from '../../../platform/pdf/format.js';
import {
  COLOR,
  FOOTER_Y,
  LEFT,
  MARGIN,
  PAGE,
  RIGHT,
  Sheet,
  TONE,
  WIDTH,
} from '../../../platform/pdf/sheet.js';
import { type Column, tableHeader } from '../../../platform/pdf/tables.js';
import type { StatementLine } from './repo.js';
import type { StatementRange } from './service.js';

/**
 * The statement as an A4 PDF, drawn with the PDF toolkit the e-ticket uses too (platform/pdf: its
 * embedded fonts, hand-laid sheet, table header and money format) and streamed as it is drawn:
 * each page leaves the process when the next one opens (no buffered pages), so it is footed
 * "Page n" without a count. A range is bounded (STATEMENT_PDF_MAX_LINES, checked before), which
 * also bounds what a slow reader can leave queued in the document.
 */

const KIND_LABEL: Record<LedgerKind, string> = {
  deposit: 'Deposit',
  ticket: 'Ticket',
  void: 'Void',
  refund: 'Refund',
  adjustment: 'Adjustment',
  // A ticket debit given back because the airline never made the order (decision 020).
  reversal: 'Reversal',
  // Issue 32: an exchange's penalty and fare difference, or what it gives back.
  change: 'Change',
};

const COLUMNS: Column[] = [
  { title: 'Line', width: 46, align: 'right' },
  { title: 'Date', width: 88 },
  { title: 'Kind', width: 56 },
  { title: 'Details', width: WIDTH - 46 - 88 - 56 - 82 - 86 },
  { title: 'Amount', width: 82, align: 'right' },
  { title: 'Balance', width: 86, align: 'right' },
];
const ROW = 14;
/** The services' line under a ticket line that paid for seats and bags. */
const SERVICES_ROW = 9;
/** Where the Details column starts: the services' line runs from there to the right edge. */
const DETAILS_X = LEFT + 46 + 88 + 56;

/** What a line is about: its booking and tickets, its deposit's reference, or its note. */
function details(line: StatementLine): string {
  const tickets = line.ticket_numbers ?? [];
  const about = [
    line.pnr ? `PNR ${line.pnr}` : null,
    tickets.length > 0 ? tickets.join(' ') : null,
    line.reference_no ? `Ref ${line.reference_no}` : null,
  ].filter(Boolean);
  if (line.kind === 'adjustment' || about.length === 0) about.push(line.note);
  return about.filter(Boolean).join(' · ');
}

export function statementPdf(
  range: StatementRange,
  batches: AsyncIterable<StatementLine[]>,
  generatedAt: Date,
): PDFKit.PDFDocument {
  const { holder } = range;
  const amount = (minor: number) => money({ CurrencyCode: holder.currency, Amount: minorToAmount(minor) });
  const period = `${utcDay(`${range.from}T00:00:00Z`)} – ${utcDay(`${range.to}T00:00:00Z`)}`;
  const loaded = faces();
  const doc = new PDFDocument({
    size: 'A4',
    // As the e-ticket: only Sheet.ensure opens pages (the bottom margin stays out of its way).
    margins: { top: MARGIN, bottom: 10, left: MARGIN, right: MARGIN },
    // The default face must be one the statement never draws in: pdfkit caches a registered name
    // only when its font differs from every font opened before, and reopens (parses) it on each
    // use otherwise — 100,000 cells made that minutes. The e-ticket's few cells never noticed.
    font: loaded.mono.path,
    info: {
      Title: `Statement ${holder.name} ${range.from} – ${range.to}`,
      Author: 'SkyDesk',
      Subject: 'Statement of account',
      Creator: 'SkyDesk',
      CreationDate: generatedAt,
      ModDate: generatedAt,
    },
  });
  for (const face of Object.keys(FACES) as Face[]) doc.registerFont(face, loaded[face].data);
  doc.font('regular');
  const sheet = new Sheet(doc, `${holder.name} · Statement ${period} (continued)`);

  let pageNumber = 1;
  const footer = () => {
    sheet.rule(FOOTER_Y - 6, COLOR.faint);
    sheet.cell(
      `Generated ${utcStamp(generatedAt.toISOString())} · ${holder.name} · Statement ${period} (UTC days)`,
      LEFT,
      FOOTER_Y,
      WIDTH - 70,
      { size: 7, color: COLOR.muted },
    );
    sheet.cell(`Page ${pageNumber}`, RIGHT - 70, FOOTER_Y, 70, {
      size: 7,
      color: COLOR.muted,
      align: 'right',
    });
  };
  footer();
  doc.on('pageAdded', () => {
    pageNumber += 1;
    footer();
  });

  const header = () => {
    const band = 66;
    sheet.rect(0, 0, PAGE.width, band, COLOR.brand);
    sheet.cell(holder.name, LEFT, 20, WIDTH * 0.55, { face: 'bold', size: 17, color: COLOR.white });
    sheet.cell(`Credits in ${holder.currency}`, LEFT, 43, WIDTH * 0.55, {
      size: 8.5,
      color: COLOR.brandText,
    });
    sheet.cell('Statement of account', LEFT + WIDTH * 0.55, 22, WIDTH * 0.45, {
      face: 'bold',
      size: 11.5,
      color: COLOR.white,
      align: 'right',
    });
    sheet.cell(`${period} (UTC)`, LEFT + WIDTH * 0.55, 41, WIDTH * 0.45, {
      size: 8.5,
      color: COLOR.brandText,
      align: 'right',
    });
    sheet.y = band + 14;

    const facts = [
      {
        label: 'Opening balance',
        value: amount(range.openingMinor),
        sub: `Before ${utcDay(`${range.from}T00:00:00Z`)}`,
      },
      { label: 'Credits', value: amount(range.creditsMinor), sub: 'Deposits, voids, refunds, credits' },
      { label: 'Debits', value: amount(range.debitsMinor), sub: 'Tickets and debits' },
      {
        label: 'Closing balance',
        value: amount(range.closingMinor),
        sub: `${range.total.toLocaleString('en-US')} line${range.total === 1 ? '' : 's'}`,
      },
    ];
    const strip = 46;
    sheet.rect(LEFT, sheet.y, WIDTH, strip, COLOR.panel);
    const width = WIDTH / facts.length;
    facts.forEach((fact, index) => {
      const x = LEFT + index * width + 10;
      sheet.cell(fact.label.toUpperCase(), x, sheet.y + 7, width - 16, { size: 6.5, color: COLOR.muted });
      sheet.cell(fact.value, x, sheet.y + 18, width - 16, { face: 'bold', size: 10, color: COLOR.ink });
      sheet.cell(fact.sub, x, sheet.y + 33, width - 16, { size: 7, color: COLOR.muted });
    });
    sheet.y += strip + 6;
  };

  const row = (line: StatementLine) => {
    // Issue 31: a ticket line paying for seats and bags names them on a second, smaller line.
    const services = line.kind === 'ticket' ? servicesNamedIn(line.note) : [];
    // Issue 32: a change line says its amounts in words (fare difference, fee, net, services
    // refunded, tickets old → new), one part a line under the entry.
    const words = line.kind === 'change' && line.note ? line.note.split('; ') : [];
    const height = ROW + (services.length > 0 ? SERVICES_ROW : 0) + words.length * SERVICES_ROW;
    sheet.ensure(height, () => tableHeader(sheet, COLUMNS));
    const top = sheet.y + 4;
    const cells = [
      { text: String(line.seq), color: COLOR.muted },
      { text: utcStamp(line.created_at.toISOString()) },
      { text: KIND_LABEL[line.kind] },
      { text: details(line) },
      {
        text: amount(line.amount_minor),
        color: line.amount_minor > 0 ? TONE.good : COLOR.ink,
        face: 'bold' as Face,
      },
      { text: amount(line.balance_after_minor), color: COLOR.ink },
    ];
    let x = LEFT;
    cells.forEach((cell, index) => {
      const column = COLUMNS[index]!;
      sheet.cell(cell.text, x + 6, top, column.width - 12, {
        size: 7.5,
        face: cell.face ?? 'regular',
        color: cell.color ?? COLOR.text,
        align: column.align,
      });
      x += column.width;
    });
    if (services.length > 0) {
      sheet.cell(services.join(' · '), DETAILS_X + 6, top + ROW - 3, RIGHT - DETAILS_X - 12, {
        size: 6.5,
        color: COLOR.muted,
      });
    }
    words.forEach((part, index) => {
      sheet.cell(part, DETAILS_X + 6, top + ROW - 3 + index * SERVICES_ROW, RIGHT - DETAILS_X - 12, {
        size: 6.5,
        color: COLOR.muted,
      });
    });
    sheet.y += height;
    sheet.rule(sheet.y, COLOR.faint);
  };

  const draw = async () => {
    header();
    sheet.section('Lines', 16 + ROW);
    tableHeader(sheet, COLUMNS);
    if (range.total === 0) {
      sheet.cell('No lines in this period.', LEFT + 6, sheet.y + 6, WIDTH - 12, {
        size: 8.5,
        color: COLOR.muted,
      });
      sheet.y += ROW + 6;
    }
    for await (const lines of batches) {
      // The reader went away: stop reading the ledger for it.
      if (doc.destroyed) return;
      for (const line of lines) row(line);
    }
    sheet.ensure(30);
    sheet.y += 8;
    sheet.cell(`Closing balance ${amount(range.closingMinor)}`, LEFT, sheet.y, WIDTH, {
      face: 'bold',
      size: 9.5,
      color: COLOR.ink,
      align: 'right',
    });
    doc.end();
  };
  draw().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
