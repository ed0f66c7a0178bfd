import { COLOR, LEFT, type Sheet, WIDTH } from './sheet.js';

/** The two table shapes sections share: column tables under a header row, and label/value rows. */

export type Column = { title: string; width: number; align?: 'left' | 'right' | 'center' };

export function tableHeader(sheet: Sheet, columns: Column[]): void {
  sheet.rect(LEFT, sheet.y, WIDTH, 16, COLOR.panel);
  let x = LEFT;
  for (const column of columns) {
    sheet.cell(column.title.toUpperCase(), x + 6, sheet.y + 5, column.width - 12, {
      face: 'bold',
      size: 6.5,
      color: COLOR.muted,
      align: column.align,
    });
    x += column.width;
  }
  sheet.y += 16;
}

export function keyValues(sheet: Sheet, title: string, rows: [string, string][]): void {
  const labelWidth = 110;
  const valueWidth = WIDTH - labelWidth;
  const heights = rows.map(([, value]) => sheet.paragraphHeight(value, valueWidth, { size: 8.5 }) + 6);
  sheet.section(title, heights[0] ?? 0);
  rows.forEach(([label, value], index) => {
    const height = heights[index] ?? 0;
    sheet.ensure(height);
    sheet.cell(label, LEFT, sheet.y, labelWidth - 10, { face: 'bold', size: 8.5, color: COLOR.ink });
    sheet.paragraph(value, LEFT + labelWidth, sheet.y, valueWidth, { size: 8.5, color: COLOR.text });
    sheet.y += height;
  });
  sheet.y += 4;
}
