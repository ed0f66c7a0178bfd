import { money } from '../../../../platform/pdf/format.js';
import { COLOR, LEFT, type Sheet, WIDTH } from '../../../../platform/pdf/sheet.js';
import { type Column, tableHeader } from '../../../../platform/pdf/tables.js';
import type { TicketPdfInput } from '../ticket-pdf.js';

/**
 * The seats and extra bags paid with the tickets (issue 31), as airlines print them beside the
 * ticket: each with its own EMD number, associated to the passenger's ticket. Only what is issued:
 * a service held, released or refunded is no document the passenger can travel with.
 */
export function services(sheet: Sheet, { booking }: TicketPdfInput): void {
  const issued = booking.services.filter((service) => service.status === 'issued');
  if (issued.length === 0) return;
  const columns: Column[] = [
    { title: 'Passenger', width: 170 },
    { title: 'Flight', width: 70 },
    { title: 'Service', width: 110 },
    { title: 'EMD number', width: 110 },
    { title: 'Amount', width: WIDTH - 460, align: 'right' },
  ];
  const rowHeight = 20;
  sheet.section('Seats and extra bags', 16 + rowHeight);
  tableHeader(sheet, columns);
  for (const service of issued) {
    sheet.ensure(rowHeight, () => tableHeader(sheet, columns));
    const passenger = booking.passengers[service.passenger_index];
    const segment = booking.segments[service.segment_index];
    const cells = [
      passenger ? `${passenger.last_name}/${passenger.first_name} ${passenger.title}` : '—',
      segment ? `${segment.MarketingAirline.Code} ${segment.FlightNumber}` : '—',
      service.type === 'seat'
        ? `Seat ${service.designator}`
        : `${service.quantity} extra bag${service.quantity === 1 ? '' : 's'}`,
      service.emd_number ?? '—',
      service.amount.Amount === 0 ? 'Included' : money(service.amount),
    ];
    const top = sheet.y + 6;
    let x = LEFT;
    cells.forEach((text, index) => {
      const column = columns[index]!;
      sheet.cell(text, x + 6, top, column.width - 12, {
        size: 9,
        color: COLOR.ink,
        ...(index === 3 ? { face: 'mono' as const } : {}),
        ...(column.align === 'right' ? { align: 'right' as const } : {}),
      });
      x += column.width;
    });
    sheet.y += rowHeight;
    sheet.rule(sheet.y, COLOR.faint);
  }
  sheet.y += 6;
}
