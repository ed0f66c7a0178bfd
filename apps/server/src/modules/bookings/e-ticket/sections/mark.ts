import { printable } from '../../../../platform/pdf/fonts.js';
import { PAGE, type Sheet, TONE } from '../../../../platform/pdf/sheet.js';
import type { TicketPdfInput } from '../ticket-pdf.js';
import { invalidity } from '../validity.js';

/**
 * A large word (VOID, REFUNDED…) diagonally across every page of an e-ticket that is no longer
 * valid, drawn light over the content so the page stays readable but no page — a printed second
 * page included — can pass for a valid ticket. Drawn last, on every buffered page.
 */
export function invalidMark(sheet: Sheet, { booking }: TicketPdfInput): void {
  const invalid = invalidity(booking);
  if (!invalid) return;
  const { doc } = sheet;
  const text = printable(invalid.mark, 'bold');
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    doc.save();
    doc.font('bold');
    // As large as fits the page's diagonal with a margin.
    const diagonal = Math.hypot(PAGE.width, PAGE.height) * 0.72;
    doc.fontSize(100);
    const size = Math.min(180, (100 * diagonal) / doc.widthOfString(text));
    doc.fontSize(size);
    const width = doc.widthOfString(text);
    const cx = PAGE.width / 2;
    const cy = PAGE.height / 2;
    doc.rotate(-Math.atan2(PAGE.height, PAGE.width) * (180 / Math.PI), { origin: [cx, cy] });
    doc.fillColor(TONE.bad).fillOpacity(0.13);
    doc.text(text, cx - width / 2, cy - size * 0.6, { lineBreak: false });
    doc.restore();
  }
}
