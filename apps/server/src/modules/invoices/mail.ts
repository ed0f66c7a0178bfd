import { amountToMinor, type Invoice, minorMoneyText } from '@skydesk/contract';
import { mailLayout } from '../../platform/mail/layout.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { KIND_TITLE } from './pdf.js';

/** The mail that carries a client document to the client, from the agency by name, PDF attached. */
export function invoiceMail(input: { to: string; invoice: Invoice; sender: string; pdf: Buffer }): Mail {
  const { invoice, sender } = input;
  const agency = invoice.agency;
  const title = `${KIND_TITLE[invoice.kind]} ${invoice.number}`;
  const total = minorMoneyText(amountToMinor(invoice.total.Amount), invoice.total.CurrencyCode);
  const paragraphs = [
    `Hello ${invoice.client.name},`,
    `${agency.name} has sent you ${KIND_TITLE[invoice.kind].toLowerCase()} ${invoice.number} for booking ${invoice.booking.pnr}: ${total}.${invoice.against ? ` It is against invoice ${invoice.against.number}.` : ''} It is attached as a PDF.`,
    `Questions about it? Contact ${agency.name}: ${[agency.phone, agency.email].filter(Boolean).join(', ')}.`,
  ];
  const footnote = `Sent by ${sender} of ${agency.name} through SkyDesk.`;
  return {
    to: input.to,
    subject: `${title} from ${agency.name}`,
    text: `${[...paragraphs, footnote].join('\n\n')}\n`,
    html: mailLayout(title, paragraphs, { footnote }),
    attachments: [{ filename: `${invoice.number}.pdf`, contentType: 'application/pdf', content: input.pdf }],
  };
}
