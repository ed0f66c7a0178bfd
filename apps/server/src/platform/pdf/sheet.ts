import { type Face, printable } from './fonts.js';

/**
 * Layout is laid out by hand (a y cursor, with `ensure()` opening a new page before a block that
 * would not fit) rather than by pdfkit's flowing text, so blocks never split mid-way and nothing
 * ever runs into the footer. Single-line cells are truncated with an ellipsis to their column;
 * passenger names and the agency address wrap instead, as they must stay complete.
 */

export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 40;
export const LEFT = MARGIN;
export const WIDTH = PAGE.width - 2 * MARGIN;
export const RIGHT = LEFT + WIDTH;
/** Content stops here; below it only the footer is drawn. */
const CONTENT_BOTTOM = PAGE.height - MARGIN - 28;
export const FOOTER_Y = PAGE.height - MARGIN - 12;

export const COLOR = {
  ink: '#0f172a',
  text: '#334155',
  muted: '#64748b',
  rule: '#cbd5e1',
  faint: '#e2e8f0',
  panel: '#f1f5f9',
  brand: '#1e3a8a',
  brandSoft: '#e0e7ff',
  brandText: '#c7d2fe',
  layover: '#fff7ed',
  layoverText: '#9a3412',
  white: '#ffffff',
};

/** How a status reads at a glance: a colour each, the same on every document. */
export type Tone = 'good' | 'warn' | 'bad' | 'muted';

export const TONE: Record<Tone, string> = {
  good: '#15803d',
  warn: '#b45309',
  bad: '#b91c1c',
  muted: '#64748b',
};

type TextStyle = { face?: Face; size?: number; color?: string };
type CellStyle = TextStyle & { align?: 'left' | 'right' | 'center' };

/** Where the cursor is and how to draw on the current page, with page breaks we decide. */
export class Sheet {
  y = MARGIN;
  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly continuationTitle: string,
  ) {}

  private use({ face = 'regular', size = 9, color = COLOR.text }: TextStyle): void {
    this.doc.font(face).fontSize(size).fillColor(color);
  }

  /** Width of a string in a style, as it would be drawn. */
  measure(text: string, style: TextStyle): number {
    this.use(style);
    return this.doc.widthOfString(printable(text, style.face ?? 'regular'));
  }

  /** One line at (x, y) within `width`, cut with an ellipsis rather than spilling. */
  cell(text: string, x: number, y: number, width: number, style: CellStyle = {}): void {
    this.use(style);
    let line = printable(text, style.face ?? 'regular');
    if (this.doc.widthOfString(line) > width) {
      while (line.length > 1 && this.doc.widthOfString(`${line}…`) > width) line = line.slice(0, -1);
      line = `${line.trimEnd()}…`;
    }
    const lineWidth = this.doc.widthOfString(line);
    const left =
      style.align === 'right'
        ? x + width - lineWidth
        : style.align === 'center'
          ? x + (width - lineWidth) / 2
          : x;
    // No `width` option: pdfkit's line wrapper would otherwise be free to open pages on its own.
    this.doc.text(line, left, y, { lineBreak: false });
  }

  /** Height that `paragraph` will take. */
  paragraphHeight(text: string, width: number, style: TextStyle): number {
    this.use(style);
    return this.doc.heightOfString(printable(text, style.face ?? 'regular'), { width, lineGap: 1 });
  }

  /** Wrapped text; callers reserve its height with `ensure` first. */
  paragraph(text: string, x: number, y: number, width: number, style: TextStyle): number {
    const height = this.paragraphHeight(text, width, style);
    this.use(style);
    this.doc.text(printable(text, style.face ?? 'regular'), x, y, { width, lineGap: 1 });
    return height;
  }

  rect(x: number, y: number, width: number, height: number, fill: string): void {
    this.doc.rect(x, y, width, height).fill(fill);
  }

  rule(y: number, color = COLOR.rule, x1 = LEFT, x2 = RIGHT, thickness = 0.6): void {
    this.doc.moveTo(x1, y).lineTo(x2, y).lineWidth(thickness).strokeColor(color).stroke();
  }

  /** Opens a new page unless `height` still fits; `onNewPage` redraws e.g. a table's header. */
  ensure(height: number, onNewPage?: () => void): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.doc.addPage();
    this.y = MARGIN;
    this.cell(this.continuationTitle, LEFT, this.y, WIDTH, { face: 'bold', size: 8.5, color: COLOR.muted });
    this.rule(this.y + 14, COLOR.faint);
    this.y += 24;
    onNewPage?.();
    return true;
  }

  /** A section title, kept on the same page as the block that follows it. */
  section(title: string, firstBlockHeight: number): void {
    this.ensure(30 + firstBlockHeight);
    this.y += 8;
    this.cell(title.toUpperCase(), LEFT, this.y, WIDTH, { face: 'bold', size: 9.5, color: COLOR.brand });
    this.rule(this.y + 14, COLOR.brand, LEFT, RIGHT, 0.9);
    this.y += 22;
  }
}
