import { PASSENGER_TYPE_LABELS as PASSENGER_LABEL } from '@skydesk/contract';
import { COLOR, LEFT, type Sheet, TONE, WIDTH } from '../../../../platform/pdf/sheet.js';
import { type Column, tableHeader } from '../../../../platform/pdf/tables.js';
import { TICKET_STATUS } from '../labels.js';
import type { TicketPdfInput } from '../ticket-pdf.js';

export function passengers(sheet: Sheet, { booking }: TicketPdfInput): void {
  const columns: Column[] = [
    { title: '#', width: 24 },
    { title: 'Passenger', width: 205 },
    { title: 'Type', width: 56 },
    { title: 'E-ticket number', width: 120 },
    { title: 'Ticket status', width: WIDTH - 405 },
  ];
  const nameWidth = (columns[1]?.width ?? 0) - 12;
  const firstRow = 20;
  sheet.section('Passengers and tickets', 16 + firstRow);
  tableHeader(sheet, columns);

  booking.passengers.forEach((passenger, index) => {
    // Airline style: SURNAME/GIVEN NAMES TITLE, complete even when long (it must match the passport).
    const name = `${passenger.last_name}/${passenger.first_name} ${passenger.title}`;
    const nameHeight = sheet.paragraphHeight(name, nameWidth, { face: 'bold', size: 9 });
    const rowHeight = Math.max(firstRow, nameHeight + 9);
    sheet.ensure(rowHeight, () => tableHeader(sheet, columns));
    // Issue 32: after a change, the ticket that replaced the exchanged one is the passenger's.
    const own = booking.tickets.filter((candidate) => candidate.passenger_id === passenger.id);
    const ticket = own.find((candidate) => candidate.status !== 'exchanged') ?? own[0];
    const top = sheet.y + 6;
    let x = LEFT;
    sheet.cell(String(index + 1), x + 6, top, 12, { size: 9, color: COLOR.muted });
    x += columns[0]?.width ?? 0;
    sheet.paragraph(name, x + 6, top, nameWidth, { face: 'bold', size: 9, color: COLOR.ink });
    x += columns[1]?.width ?? 0;
    sheet.cell(PASSENGER_LABEL[passenger.passenger_type], x + 6, top, 44, { size: 9 });
    x += columns[2]?.width ?? 0;
    sheet.cell(ticket?.ticket_number ?? '—', x + 6, top, 108, {
      face: 'mono',
      size: 9,
      color: COLOR.ink,
    });
    x += columns[3]?.width ?? 0;
    const status = ticket ? TICKET_STATUS[ticket.status] : { label: 'Not issued', tone: 'muted' as const };
    sheet.cell(status.label, x + 6, top, (columns[4]?.width ?? 0) - 12, {
      face: 'bold',
      size: 8.5,
      color: TONE[status.tone],
    });
    sheet.y += rowHeight;
    sheet.rule(sheet.y, COLOR.faint);
  });
  sheet.y += 6;
}
