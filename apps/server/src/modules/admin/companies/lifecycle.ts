import { AppError, type CompanyDecisionAction, type CompanyStatus } from '@skydesk/contract';

/**
 * The operators' side of the company lifecycle (docs/architecture.md §5):
 * - approve: pending_review → approved;
 * - reject (reason): pending_review → rejected; the agency sees the reason and may send its vendor
 *   form again, which puts it back in the queue (pending_review);
 * - suspend (reason): any state but suspended → suspended; its sessions end, its users are refused;
 * - reactivate (reason): suspended → the state it was suspended from.
 * Anything else is a 409 that says what the agency's state allows.
 */

const spoken = (status: CompanyStatus) => status.replaceAll('_', ' ');

export function nextStatus(
  action: CompanyDecisionAction,
  company: { name: string; verification_status: CompanyStatus },
  /** For reactivate: the state the agency was suspended from. */
  suspendedFrom?: CompanyStatus,
): CompanyStatus {
  const from = company.verification_status;
  const refuse = (message: string) => new AppError('conflict', message);
  switch (action) {
    case 'approve':
    case 'reject': {
      if (from === 'pending_review') return action === 'approve' ? 'approved' : 'rejected';
      if (from === 'approved' || from === 'rejected') {
        throw refuse(`${company.name} is already ${from}; only an agency under review can be ${action}d`);
      }
      throw refuse(
        `${company.name} is ${spoken(from)}: only an agency under review (its vendor form sent) can be ${action}d`,
      );
    }
    case 'suspend':
      if (from === 'suspended') throw refuse(`${company.name} is already suspended`);
      return 'suspended';
    case 'reactivate':
      if (from !== 'suspended') throw refuse(`${company.name} is ${spoken(from)}, not suspended`);
      return suspendedFrom && suspendedFrom !== 'suspended' ? suspendedFrom : 'approved';
  }
}
