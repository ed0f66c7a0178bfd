import { utcStamp } from '../../../../platform/pdf/format.js';
import { COLOR, FOOTER_Y, LEFT, RIGHT, type Sheet, WIDTH } from '../../../../platform/pdf/sheet.js';
import type { TicketPdfInput } from '../ticket-pdf.js';

/** Drawn last, on every buffered page, once the page count is known. */
export function footers(sheet: Sheet, { booking, generatedAt }: TicketPdfInput): void {
  const { start, count } = sheet.doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    sheet.doc.switchToPage(page);
    sheet.rule(FOOTER_Y - 6, COLOR.faint);
    sheet.cell(
      `Generated ${utcStamp(generatedAt.toISOString())} · ${booking.pnr} · Check in at least 3 hours before international flights.`,
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
