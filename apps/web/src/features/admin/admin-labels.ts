import type {
  AuditAction,
  CompanyDecisionAction,
  CompanyStatus,
  RefundRequestStatus,
  TransactionStatus,
} from '@skydesk/contract';
import type { BadgeTone } from '../../shared/ui/badge';

/** An agency's review state, as operators read it. */
export const COMPANY_STATUS: Record<CompanyStatus, { label: string; tone: BadgeTone }> = {
  registered: { label: 'Registered', tone: 'slate' },
  email_verified: { label: 'E-mail verified', tone: 'sky' },
  pending_review: { label: 'Pending review', tone: 'amber' },
  approved: { label: 'Approved', tone: 'emerald' },
  rejected: { label: 'Rejected', tone: 'rose' },
  suspended: { label: 'Suspended', tone: 'violet' },
};

export const DECISION_LABELS: Record<CompanyDecisionAction, string> = {
  approve: 'Approved',
  reject: 'Rejected',
  suspend: 'Suspended',
  reactivate: 'Reactivated',
};

export const REFUND_STATUS: Record<RefundRequestStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  approved: { label: 'Approved', tone: 'emerald' },
  rejected: { label: 'Rejected', tone: 'rose' },
};

/** A deposit's state on the desk. */
export const DEPOSIT_STATUS: Record<TransactionStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  approved: { label: 'Approved', tone: 'emerald' },
  rejected: { label: 'Rejected', tone: 'rose' },
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'company.approve': 'Agency approved',
  'company.reject': 'Agency rejected',
  'company.suspend': 'Agency suspended',
  'company.reactivate': 'Agency reactivated',
  'credits.adjust': 'Balance adjusted',
  'credits.limit': 'Credit limit set',
  'deposit.approve': 'Deposit approved',
  'deposit.reject': 'Deposit rejected',
  'refund.approve': 'Refund approved',
  'refund.reject': 'Refund rejected',
  'bank.create': 'Bank account added',
  'bank.update': 'Bank account edited',
  'bank.retire': 'Bank account retired',
  'operator.sign_in': 'Operator signed in',
  'operator.sign_out': 'Operator signed out',
  'ticket.assign': 'Support ticket taken',
  'ticket.reply': 'Support ticket answered',
  'ticket.close': 'Support ticket closed',
  'ticket.reopen': 'Support ticket reopened',
  'announcement.create': 'Announcement written',
  'announcement.update': 'Announcement changed',
  'announcement.delete': 'Announcement deleted',
  'offer.create': 'Offer written',
  'offer.update': 'Offer changed',
  'offer.delete': 'Offer deleted',
  'supplier.update': 'Supplier changed',
  'rate.set': 'Currency rate set',
  'schedule_change.publish': 'Schedule change published',
  'schedule_change.extend_deadline': 'Schedule change deadline extended',
  'pricing_rule.create': 'Platform pricing rule added',
  'pricing_rule.update': 'Platform pricing rule changed',
  'pricing_rule.delete': 'Platform pricing rule deleted',
  'pricing_rule.reorder': 'Platform pricing rules reordered',
};

/** What the console says after a decision went through. */
export const ADMIN_SUCCESS = {
  approved: 'Agency approved',
  rejected: 'Agency rejected',
  suspended: 'Agency suspended',
  reactivated: 'Agency reactivated',
  adjusted: 'Balance adjusted',
  refundApproved: 'Refund approved',
  refundRejected: 'Refund rejected',
  bankCreated: 'Bank account added',
  bankUpdated: 'Bank account saved',
  bankRetired: 'Bank account retired',
  depositApproved: 'Deposit approved',
  depositRejected: 'Deposit rejected',
  creditLimitSet: 'Credit limit set',
} as const;
