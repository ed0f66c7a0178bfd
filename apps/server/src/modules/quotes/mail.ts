import { QUOTE_MESSAGES } from '@skydesk/contract';
import { mailLayout } from '../../platform/mail/layout.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { utcDay } from '../../platform/pdf/format.js';
import type { QuoteAgency } from './presenter.js';
import type { QuoteRow } from './repo.js';

/**
 * The mail that carries a quote to the client: from the agency, by name (the client answers it),
 * the agent's message when there is one, the link to the read-only page, and the PDF attached.
 */
export function quoteMail(input: {
  to: string;
  quote: QuoteRow;
  agency: QuoteAgency;
  link: string;
  message: string | null;
  sender: string;
  pdf: Buffer;
}): Mail {
  const { quote, agency } = input;
  const title = `Your travel quote ${quote.reference}`;
  const paragraphs = [
    `Hello ${quote.client_name},`,
    ...(input.message ? [input.message] : []),
    `${agency.name} has prepared travel options for you. They are in the attached PDF, and on the page below, valid until ${utcDay(quote.valid_until.toISOString())}.`,
    QUOTE_MESSAGES.disclaimer,
    `Questions or ready to book? Contact ${agency.name}: ${agency.phone}, ${agency.email}.`,
  ];
  const footnote = `Sent by ${input.sender} of ${agency.name} through SkyDesk.`;
  return {
    to: input.to,
    subject: `Travel quote ${quote.reference} from ${agency.name}`,
    text: `${[...paragraphs, `View the quote: ${input.link}`, footnote].join('\n\n')}\n`,
    html: mailLayout(title, paragraphs, { link: { href: input.link, label: 'View the quote' }, footnote }),
    attachments: [
      { filename: `quote-${quote.reference}.pdf`, contentType: 'application/pdf', content: input.pdf },
    ],
  };
}
