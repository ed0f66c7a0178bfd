import type { CompanyDecisionAction, NotificationKind } from '@skydesk/contract';

/**
 * What an agency is told of a decision on it: the in-app notification, and its e-mail to the owner
 * (notices/mail.ts), say the same thing (the reason included), and point to the portal.
 */

export type DecisionNotice = {
  kind: NotificationKind;
  title: string;
  body: string;
  /** The portal's path to open. */
  link: string;
};

const DASHBOARD = '/dashboard';

export function decisionNotice(
  action: CompanyDecisionAction,
  company: { name: string },
  reason: string | null,
): DecisionNotice {
  const why = reason ? `\n\nReason: ${reason}` : '';
  switch (action) {
    case 'approve':
      return {
        kind: 'company_approved',
        title: `${company.name} is approved`,
        body: 'Your agency is verified: you can now search flights, book and issue tickets on SkyDesk.',
        link: DASHBOARD,
      };
    case 'reject':
      return {
        kind: 'company_rejected',
        title: `${company.name} could not be approved yet`,
        body: `We could not approve your agency from the documents you sent.${why}\n\nCorrect the vendor form and send it again: it goes straight back to review.`,
        link: DASHBOARD,
      };
    case 'suspend':
      return {
        kind: 'company_suspended',
        title: `${company.name} is suspended`,
        body: `Your agency is suspended: nobody of it can sign in or use SkyDesk until it is reactivated. Nothing has been deleted.${why}\n\nContact SkyDesk support about it.`,
        link: DASHBOARD,
      };
    case 'reactivate':
      return {
        kind: 'company_reactivated',
        title: `${company.name} is active again`,
        body: `Your agency is reactivated: its users can sign in again.${why}`,
        link: DASHBOARD,
      };
  }
}
