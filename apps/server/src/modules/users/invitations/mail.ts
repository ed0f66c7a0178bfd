import { mailLayout } from '../../../platform/mail/layout.js';
import type { Mail } from '../../../platform/mail/mailer.js';

/** The invitation e-mail: who invited them to which agency, and the link that sets the password. */
export function invitationMail(options: {
  to: string;
  name: string;
  inviterName: string;
  companyName: string;
  link: string;
  hours: number;
}): Mail {
  const title = `You are invited to ${options.companyName} on SkyDesk`;
  const lines = [
    `Hello ${options.name},`,
    `${options.inviterName} invited you to join ${options.companyName} on SkyDesk, the flight booking portal for travel agencies.`,
    `Open this link to choose your password. It works once and expires in ${options.hours} hours; after that, ask your agency's administrator for a new invitation.`,
    'When you first sign in we e-mail you a code and you set up an authenticator app.',
  ];
  return {
    to: options.to,
    subject: title,
    text: `SkyDesk\n\n${[...lines.slice(0, 3), options.link, lines[3]].join('\n\n')}\n`,
    html: mailLayout(title, lines, { link: { href: options.link, label: 'Choose your password' } }),
  };
}
