import { PTC_LABELS as PTC_LABEL } from '@skydesk/contract';
import { money, moneyTimes, utcStamp } from '../../../../platform/pdf/format.js';
import { COLOR, LEFT, RIGHT, type Sheet, TONE, WIDTH } from '../../../../platform/pdf/sheet.js';
import { type Column, keyValues, tableHeader } from '../../../../platform/pdf/tables.js';
import type { TicketPdfInput } from '../ticket-pdf.js';
import { invalidity } from '../validity.js';

export function fare(sheet: Sheet, { booking }: TicketPdfInput): void {
  const pricing = booking.pricing;
  const breakdowns = pricing.PTC_FareBreakdowns.PTC_FareBreakdown;
  const columns: Column[] = [
    { title: 'Passenger type', width: 120 },
    { title: 'Passengers', width: 60, align: 'right' },
    { title: 'Base fare each', width: 85, align: 'right' },
    { title: 'Taxes each', width: 80, align: 'right' },
    { title: 'Total each', width: 80, align: 'right' },
    { title: 'Subtotal', width: WIDTH - 425, align: 'right' },
  ];
  const rowHeight = 18;
  sheet.section('Fare', 16 + rowHeight * breakdowns.length + 60);
  tableHeader(sheet, columns);
  for (const breakdown of breakdowns) {
    sheet.ensure(rowHeight, () => tableHeader(sheet, columns));
    const { Code, Quantity } = breakdown.PassengerTypeQuantity;
    const each = breakdown.PassengerFare;
    const values = [
      PTC_LABEL[Code] ?? Code,
      String(Quantity),
      money(each.BaseFare),
      money(each.Taxes),
      money(each.TotalFare),
      moneyTimes(each.TotalFare, Quantity),
    ];
    let x = LEFT;
    columns.forEach((column, index) => {
      sheet.cell(values[index] ?? '', x + 6, sheet.y + 5, column.width - 12, {
        face: index === 0 ? 'bold' : 'regular',
        size: 8.5,
        color: COLOR.ink,
        align: column.align,
      });
      x += column.width;
    });
    sheet.y += rowHeight;
    sheet.rule(sheet.y, COLOR.faint);
  }

  // Totals, right-aligned under the amounts.
  const invalid = invalidity(booking);
  sheet.ensure((invalid ? 76 : 60) + (booking.services_total.Amount > 0 ? 13 : 0));
  sheet.y += 6;
  const labelX = RIGHT - 260;
  const totals: [string, string][] = [
    ['Base fare', money(pricing.ItinTotalFare.BaseFare)],
    ['Taxes, fees and charges', money(pricing.ItinTotalFare.Taxes.Total)],
    // Issue 31: the seats and bags paid with the booking are part of what the agency pays.
    ...(booking.services_total.Amount > 0
      ? [['Seats and extra bags', money(booking.services_total)] as [string, string]]
      : []),
  ];
  for (const [label, value] of totals) {
    sheet.cell(label, labelX, sheet.y, 140, { size: 8.5, color: COLOR.text });
    sheet.cell(value, labelX + 140, sheet.y, 254 - 140, { size: 8.5, color: COLOR.ink, align: 'right' });
    sheet.y += 13;
  }
  sheet.rule(sheet.y + 1, COLOR.brand, labelX, RIGHT - 6, 0.9);
  sheet.y += 6;
  // A ticket no longer valid shows what was charged struck through, and what became of it.
  sheet.cell(invalid ? 'Total charged' : 'Total', labelX, sheet.y + 1, 100, {
    face: 'bold',
    size: 10.5,
    color: COLOR.ink,
  });
  // The booking's total (total.ts): the fare with its seats and bags, as the debit was.
  const total = money(booking.total);
  sheet.cell(total, labelX + 100, sheet.y, 254 - 100, {
    face: 'bold',
    size: 12,
    color: invalid ? COLOR.muted : COLOR.brand,
    align: 'right',
  });
  if (invalid) {
    const width = sheet.measure(total, { face: 'bold', size: 12 });
    sheet.rule(sheet.y + 7, COLOR.muted, labelX + 254 - width, labelX + 254, 1);
    sheet.y += 18;
    sheet.cell(invalid.moneyLine, LEFT, sheet.y, RIGHT - LEFT - 6, {
      face: 'bold',
      size: 8.5,
      color: TONE.bad,
      align: 'right',
    });
  }
  sheet.y += 22;
}

export function fareRules(sheet: Sheet, { booking }: TicketPdfInput): void {
  const pricing = booking.pricing;
  const cancel = pricing.Refundable
    ? `Refundable. Cancellation penalty ${money(pricing.Penalties.Cancel)} per adult ticket; the rest of the fare and the taxes are refunded. Refunds are possible until departure.`
    : 'Non-refundable. On cancellation only the taxes are refunded; the fare is kept.';
  const invalid = invalidity(booking);
  // A ticket no longer valid is past any void: the rule would read as an offer still open.
  const voidRule = invalid
    ? `Does not apply any more. ${invalid.when}; the tickets cannot be used.`
    : booking.void_until
      ? `Tickets can be voided for a full refund until ${utcStamp(booking.void_until)}, and not after the first departure.`
      : booking.status === 'booked'
        ? `Not ticketed yet. The reservation is held until ${utcStamp(booking.ticketing_deadline)}; it expires unless tickets are issued.`
        : 'The void window does not apply to this booking.';
  const rules: [string, string][] = [
    ['Cancellation', cancel],
    [
      'Changes',
      `Change penalty ${money(pricing.Penalties.Change)} per adult ticket, plus any fare difference.`,
    ],
    ['Void', voidRule],
  ];
  keyValues(sheet, 'Fare rules', rules);
}
