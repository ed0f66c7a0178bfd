import {
  CABIN_LABELS,
  type PublicQuote,
  type PublicQuoteOption,
  QUOTE_MESSAGES,
  TRIP_TYPE_LABELS,
} from '@skydesk/contract';
import { logoBytes, openDocument } from '../../platform/pdf/document.js';
import { duration, localStamp, money, utcDay, utcMinutes, utcStamp } from '../../platform/pdf/format.js';
import { COLOR, FOOTER_Y, LEFT, PAGE, RIGHT, Sheet, WIDTH } from '../../platform/pdf/sheet.js';
import { type Column, tableHeader } from '../../platform/pdf/tables.js';

/**
 * The quote as the client reads it (issue 33, GET /api/quotes/{id}.pdf and the mail's attachment):
 * drawn from the public page's shape, so it can hold nothing the link would not show — the agency,
 * the options at selling prices with what each includes, the validity, the agent's note and that
 * prices are confirmed at booking. No net price ever reaches it.
 */

const PASSENGER_LABEL = { adult: 'Adult', child: 'Child', infant: 'Infant' } as const;

export async function renderQuotePdf(input: { quote: PublicQuote; generatedAt: Date }): Promise<Buffer> {
  const { quote, generatedAt } = input;
  const { doc, bytes } = openDocument({
    title: `Quote ${quote.reference}`,
    author: quote.agency.name,
    subject: `Travel quote for ${quote.client_name}`,
    generatedAt,
  });

  const sheet = new Sheet(doc, `${quote.agency.name} · Quote ${quote.reference} (continued)`);
  header(sheet, quote);
  for (const option of quote.options) optionBlock(sheet, option);
  closing(sheet, quote);
  footers(sheet, quote, generatedAt);
  doc.end();
  return bytes;
}

function header(sheet: Sheet, quote: PublicQuote): void {
  const band = 70;
  sheet.rect(0, 0, PAGE.width, band, COLOR.brand);
  let textLeft = LEFT;
  const logo = logoBytes(quote.agency.logo);
  if (logo) {
    try {
      sheet.rect(LEFT - 4, 13, 52, 44, COLOR.white);
      sheet.doc.image(logo, LEFT, 15, { fit: [44, 40], align: 'center', valign: 'center' });
      textLeft = LEFT + 60;
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the client's document.
    }
  }
  const nameWidth = WIDTH * 0.58 - (textLeft - LEFT);
  sheet.cell(quote.agency.name, textLeft, 20, nameWidth, { face: 'bold', size: 17, color: COLOR.white });
  sheet.cell(`Tel ${quote.agency.phone} · ${quote.agency.email}`, textLeft, 44, nameWidth, {
    size: 8.5,
    color: COLOR.brandText,
  });
  sheet.cell('Travel quote', LEFT + WIDTH * 0.58, 20, WIDTH * 0.42, {
    face: 'bold',
    size: 12,
    color: COLOR.white,
    align: 'right',
  });
  sheet.cell(`Reference ${quote.reference}`, LEFT + WIDTH * 0.58, 42, WIDTH * 0.42, {
    size: 8.5,
    color: COLOR.brandText,
    align: 'right',
  });
  sheet.y = band + 14;
  if (quote.agency.address) {
    sheet.y += sheet.paragraph(quote.agency.address, LEFT, sheet.y, WIDTH, { size: 8.5 }) + 8;
  }

  const facts: [string, string][] = [
    ['Prepared for', quote.client_name],
    ['Date', utcDay(quote.created_at)],
    ['Valid until', utcDay(quote.valid_until)],
    ['Options', String(quote.options.length)],
  ];
  const cellWidth = WIDTH / facts.length;
  sheet.rect(LEFT, sheet.y, WIDTH, 42, COLOR.panel);
  facts.forEach(([label, value], index) => {
    const x = LEFT + index * cellWidth + 10;
    sheet.cell(label.toUpperCase(), x, sheet.y + 8, cellWidth - 20, {
      face: 'bold',
      size: 6.5,
      color: COLOR.muted,
    });
    sheet.cell(value, x, sheet.y + 21, cellWidth - 20, { face: 'bold', size: 10.5, color: COLOR.ink });
  });
  sheet.y += 54;
  if (quote.note) {
    const height = sheet.paragraphHeight(quote.note, WIDTH, { size: 9 });
    sheet.section('A note from your agent', height);
    sheet.y += sheet.paragraph(quote.note, LEFT, sheet.y, WIDTH, { size: 9, color: COLOR.text }) + 8;
  }
}

const FLIGHT_COLUMNS: Column[] = [
  { title: 'Flight', width: 70 },
  { title: 'From', width: 55 },
  { title: 'Departs (local)', width: 150 },
  { title: 'To', width: 55 },
  { title: 'Arrives (local)', width: 120 },
  { title: 'Duration', width: WIDTH - 450, align: 'right' },
];

function optionBlock(sheet: Sheet, option: PublicQuoteOption): void {
  const brand = option.brand_label ? `${option.brand_label} (${option.brand})` : option.brand;
  const airline = option.segments[0]?.MarketingAirline.Name ?? option.validating_carrier;
  const rowHeight = 16;
  const rows = detailRows(option);
  const labelWidth = 80;
  const heights = rows.map(
    ([, value]) => sheet.paragraphHeight(value, WIDTH - labelWidth, { size: 8.5 }) + 5,
  );
  const detailsHeight = heights.reduce((sum, height) => sum + height, 0);
  // The whole option on one page when it fits one (a long one breaks between its flights).
  sheet.section(
    `Option ${option.position} · ${TRIP_TYPE_LABELS[option.trip_type]} · ${CABIN_LABELS[option.cabin]} ${brand}`,
    Math.min(600, 18 + 16 + option.segments.length * rowHeight + 8 + detailsHeight),
  );
  sheet.cell(`${airline} · fare ${brand}`, LEFT, sheet.y, WIDTH * 0.6, {
    face: 'bold',
    size: 9,
    color: COLOR.ink,
  });
  sheet.cell(money(option.selling), LEFT + WIDTH * 0.6, sheet.y - 2, WIDTH * 0.4, {
    face: 'bold',
    size: 13,
    color: COLOR.brand,
    align: 'right',
  });
  sheet.y += 18;

  const drawHeader = () => tableHeader(sheet, FLIGHT_COLUMNS);
  drawHeader();
  for (const segment of option.segments) {
    sheet.ensure(rowHeight, drawHeader);
    const cells = [
      `${segment.MarketingAirline.Code}${segment.FlightNumber}`,
      segment.DepartureAirport.LocationCode,
      localStamp(segment.DepartureDateTime, segment.DepartureUTCOffset),
      segment.ArrivalAirport.LocationCode,
      localStamp(segment.ArrivalDateTime, segment.ArrivalUTCOffset).replace(/ \(UTC.*\)$/, ''),
      duration(
        utcMinutes(segment.ArrivalDateTime, segment.ArrivalUTCOffset) -
          utcMinutes(segment.DepartureDateTime, segment.DepartureUTCOffset),
      ),
    ];
    let x = LEFT;
    FLIGHT_COLUMNS.forEach((column, index) => {
      sheet.cell(cells[index] ?? '', x + 6, sheet.y + 4, column.width - 12, {
        size: 8,
        color: COLOR.text,
        align: column.align,
      });
      x += column.width;
    });
    sheet.rule(sheet.y + rowHeight, COLOR.faint);
    sheet.y += rowHeight;
  }
  sheet.y += 8;

  sheet.ensure(detailsHeight);
  rows.forEach(([label, value], index) => {
    sheet.cell(label, LEFT, sheet.y, labelWidth - 8, { face: 'bold', size: 8.5, color: COLOR.ink });
    sheet.paragraph(value, LEFT + labelWidth, sheet.y, WIDTH - labelWidth, { size: 8.5, color: COLOR.text });
    sheet.y += heights[index] ?? 0;
  });
  sheet.y += 10;
}

/** What the client pays and what the fare includes, in words. */
function detailRows(option: PublicQuoteOption): [string, string][] {
  return [
    [
      'Price',
      `${option.passengers
        .map(
          (entry) =>
            `${entry.quantity} × ${PASSENGER_LABEL[entry.passenger_type]}${entry.quantity === 1 ? '' : 's'} at ${money(entry.selling)}`,
        )
        .join(' · ')} — total ${money(option.selling)}`,
    ],
    ['Baggage', option.includes.baggage],
    ['Changes', option.includes.changes],
    ['Refunds', option.includes.refunds],
  ];
}

function closing(sheet: Sheet, quote: PublicQuote): void {
  const text = `${QUOTE_MESSAGES.disclaimer} Seats and fares are not held by this quote; the price is checked again when you book. Valid until ${utcStamp(quote.valid_until)}. To book, contact ${quote.agency.name}: ${quote.agency.phone}, ${quote.agency.email}.`;
  const height = sheet.paragraphHeight(text, WIDTH - 20, { size: 9 }) + 16;
  sheet.ensure(height + 10);
  sheet.y += 4;
  sheet.rect(LEFT, sheet.y, WIDTH, height, COLOR.brandSoft);
  sheet.paragraph(text, LEFT + 10, sheet.y + 8, WIDTH - 20, { size: 9, color: COLOR.ink });
  sheet.y += height + 6;
}

/** Drawn last, on every buffered page, once the page count is known. */
function footers(sheet: Sheet, quote: PublicQuote, generatedAt: Date): void {
  const { start, count } = sheet.doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    sheet.doc.switchToPage(page);
    sheet.rule(FOOTER_Y - 6, COLOR.faint);
    sheet.cell(
      `Generated ${utcStamp(generatedAt.toISOString())} · Quote ${quote.reference} · ${QUOTE_MESSAGES.disclaimer}`,
      LEFT,
      FOOTER_Y,
      WIDTH - 70,
      { size: 7, color: COLOR.muted },
    );
    sheet.cell(`Page ${page - start + 1} of ${count}`, RIGHT - 70, FOOTER_Y, 70, {
      size: 7,
      color: COLOR.muted,
      align: 'right',
    });
  }
}
