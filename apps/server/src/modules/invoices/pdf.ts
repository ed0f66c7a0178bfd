import type { Invoice } from '@skydesk/contract';
import { logoBytes, openDocument } from '../../platform/pdf/document.js';
import { money, utcDay, utcStamp } from '../../platform/pdf/format.js';
import { COLOR, FOOTER_Y, LEFT, PAGE, RIGHT, Sheet, WIDTH } from '../../platform/pdf/sheet.js';
import { type Column, tableHeader } from '../../platform/pdf/tables.js';

/**
 * A client invoice, credit note or supplementary invoice as an A4 PDF, with the PDF toolkit the
 * e-ticket and the statement use (platform/pdf). It prints what the client reads — the agency with
 * its logo and contacts, the client, the lines at selling price, the tax on the agency's earnings
 * and the total — and never the agency's net or margin.
 */

export const KIND_TITLE: Record<Invoice['kind'], string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  supplementary: 'Supplementary invoice',
};

const REASON_TEXT: Record<NonNullable<Invoice['reason']>, string> = {
  void: 'the tickets were voided',
  refund: 'tickets were refunded',
  change: 'the booking was changed',
};

const COLUMNS: Column[] = [
  { title: 'Description', width: WIDTH - 50 - 100 - 100 },
  { title: 'Qty', width: 50, align: 'right' },
  { title: 'Unit price', width: 100, align: 'right' },
  { title: 'Amount', width: 100, align: 'right' },
];
const ROW = 16;

/** The day an instant falls on in a zone, printed as the PDFs print days ("22 Nov 2026"). */
function agencyDay(iso: string, timeZone: string): string {
  try {
    const day = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(iso));
    return utcDay(`${day}T00:00:00Z`);
  } catch {
    return utcDay(iso);
  }
}

export async function renderInvoicePdf(input: {
  invoice: Invoice;
  logo: string | null;
  generatedAt: Date;
  /** The agency's time zone: the issue day printed is the agency's (as the list's filters count it). */
  timeZone?: string;
}): Promise<Buffer> {
  const { invoice, generatedAt } = input;
  const title = KIND_TITLE[invoice.kind];
  const { doc, bytes } = openDocument({
    title: `${title} ${invoice.number}`,
    author: invoice.agency.name,
    subject: `${title} ${invoice.number}, booking ${invoice.booking.pnr}`,
    generatedAt,
  });
  const sheet = new Sheet(doc, `${invoice.agency.name} · ${title} ${invoice.number} (continued)`);

  // The band: the agency (logo, name) on the left, the document and its number on the right.
  const band = 78;
  sheet.rect(0, 0, PAGE.width, band, COLOR.brand);
  let nameX = LEFT;
  const logo = logoBytes(input.logo);
  if (logo) {
    try {
      // At most 120 × 50 points, its proportions kept; the name starts just after it.
      // pdfkit's `openImage` (missing from its types) reads the size without drawing.
      const image = (
        doc as unknown as { openImage(src: Buffer): { width: number; height: number } }
      ).openImage(logo);
      const scale = Math.min(120 / image.width, 50 / image.height);
      doc.image(image as unknown as Buffer, LEFT, 14 + (50 - image.height * scale) / 2, {
        width: image.width * scale,
      });
      nameX = LEFT + image.width * scale + 12;
    } catch {
      // An image pdfkit cannot read is left out; the agency's name still heads the page.
    }
  }
  sheet.cell(invoice.agency.name, nameX, 22, WIDTH * 0.55 - (nameX - LEFT), {
    face: 'bold',
    size: 16,
    color: COLOR.white,
  });
  sheet.cell(
    [invoice.agency.phone, invoice.agency.email].filter(Boolean).join(' · '),
    nameX,
    45,
    WIDTH * 0.55 - (nameX - LEFT),
    { size: 8, color: COLOR.brandText },
  );
  sheet.cell(title, LEFT + WIDTH * 0.55, 20, WIDTH * 0.45, {
    face: 'bold',
    size: 13,
    color: COLOR.white,
    align: 'right',
  });
  sheet.cell(invoice.number, LEFT + WIDTH * 0.55, 40, WIDTH * 0.45, {
    face: 'bold',
    size: 10,
    color: COLOR.white,
    align: 'right',
  });
  sheet.cell(
    `Issued ${agencyDay(invoice.issued_at, input.timeZone ?? 'UTC')}`,
    LEFT + WIDTH * 0.55,
    56,
    WIDTH * 0.45,
    {
      size: 8,
      color: COLOR.brandText,
      align: 'right',
    },
  );
  sheet.y = band + 16;

  if (invoice.against) {
    const why = invoice.reason ? `: ${REASON_TEXT[invoice.reason]}` : '';
    const word = invoice.kind === 'credit_note' ? 'Credit note' : 'Supplementary invoice';
    sheet.rect(LEFT, sheet.y, WIDTH, 22, COLOR.brandSoft);
    sheet.cell(`${word} against ${invoice.against.number}${why}`, LEFT + 8, sheet.y + 7, WIDTH - 16, {
      face: 'bold',
      size: 9,
      color: COLOR.brand,
    });
    sheet.y += 30;
  }

  // From and to, side by side.
  const half = (WIDTH - 20) / 2;
  const partyLines = (party: Invoice['client'], extra: (string | null)[] = []) =>
    [party.name, party.address, party.email, ...extra, party.tax_id ? `Tax ID ${party.tax_id}` : null].filter(
      (text): text is string => Boolean(text),
    );
  const from = partyLines(invoice.agency, [
    invoice.agency.phone || null,
    invoice.agency.iata_number ? `IATA ${invoice.agency.iata_number}` : null,
  ]);
  const to = partyLines(invoice.client);
  const top = sheet.y;
  const block = (heading: string, lines: string[], x: number) => {
    let y = top;
    sheet.cell(heading.toUpperCase(), x, y, half, { face: 'bold', size: 7, color: COLOR.muted });
    y += 12;
    lines.forEach((text, index) => {
      y += sheet.paragraph(text, x, y, half, {
        face: index === 0 ? 'bold' : 'regular',
        size: index === 0 ? 10 : 8.5,
        color: index === 0 ? COLOR.ink : COLOR.text,
      });
    });
    return y;
  };
  const bottom = Math.max(block('From', from, LEFT), block('Bill to', to, LEFT + half + 20));
  sheet.y = bottom + 10;
  sheet.cell(`Booking ${invoice.booking.pnr} · issued by ${invoice.issued_by.name}`, LEFT, sheet.y, WIDTH, {
    size: 8,
    color: COLOR.muted,
  });
  sheet.y += 14;

  // The lines (the tax apart, under the subtotal).
  sheet.section('Lines', 16 + ROW);
  tableHeader(sheet, COLUMNS);
  const rows = invoice.lines.filter((entry) => entry.kind !== 'tax');
  for (const entry of rows) {
    sheet.ensure(ROW, () => tableHeader(sheet, COLUMNS));
    const cells = [entry.description, String(entry.quantity), money(entry.unit_amount), money(entry.amount)];
    let x = LEFT;
    cells.forEach((text, index) => {
      const column = COLUMNS[index]!;
      sheet.cell(text, x + 6, sheet.y + 4, column.width - 12, {
        size: 8.5,
        color: index === 0 ? COLOR.ink : COLOR.text,
        align: column.align,
      });
      x += column.width;
    });
    sheet.y += ROW;
    sheet.rule(sheet.y, COLOR.faint);
  }

  // Subtotal, tax, total, right-aligned.
  const totals: [string, string, boolean][] = [['Subtotal', money(invoice.subtotal), false]];
  if (invoice.tax) {
    totals.push([
      `${invoice.tax.name} ${invoice.tax.rate} % on earnings of ${money(invoice.tax.base)}`,
      money(invoice.tax.amount),
      false,
    ]);
  }
  totals.push([invoice.kind === 'credit_note' ? 'Total credited' : 'Total', money(invoice.total), true]);
  sheet.ensure(totals.length * 18 + 10);
  sheet.y += 8;
  for (const [label, value, strong] of totals) {
    sheet.cell(label, LEFT + WIDTH * 0.3, sheet.y, WIDTH * 0.5 - 10, {
      face: strong ? 'bold' : 'regular',
      size: strong ? 10.5 : 8.5,
      color: strong ? COLOR.ink : COLOR.text,
      align: 'right',
    });
    sheet.cell(value, LEFT + WIDTH * 0.8, sheet.y, WIDTH * 0.2, {
      face: strong ? 'bold' : 'regular',
      size: strong ? 10.5 : 8.5,
      color: COLOR.ink,
      align: 'right',
    });
    sheet.y += strong ? 20 : 16;
  }

  // Every page's footer, once the pages are known.
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    sheet.rule(FOOTER_Y - 6, COLOR.faint);
    sheet.cell(
      `${title} ${invoice.number} · ${invoice.agency.name} · generated ${utcStamp(generatedAt.toISOString())}`,
      LEFT,
      FOOTER_Y,
      WIDTH - 70,
      { size: 7, color: COLOR.muted },
    );
    sheet.cell(`Page ${index + 1} of ${range.count}`, RIGHT - 70, FOOTER_Y, 70, {
      size: 7,
      color: COLOR.muted,
      align: 'right',
    });
  }
  doc.end();
  return bytes;
}
