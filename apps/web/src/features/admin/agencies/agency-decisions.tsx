import type { AdminCompanyDetails, CompanyStatus } from '@skydesk/contract';
import { Ban, Check, RotateCcw, X } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { adminApi } from '../admin-api';
import { ADMIN_SUCCESS } from '../admin-labels';
import { type Decision, DecisionPanel } from '../desk/decision-panel';

type AgencyDecision = 'approve' | 'reject' | 'suspend' | 'reactivate';

/** What an operator may decide in each state (docs/architecture.md §5): review, or suspend and bring back. */
export function decisionsFor(status: CompanyStatus): AgencyDecision[] {
  if (status === 'suspended') return ['reactivate'];
  if (status === 'pending_review') return ['approve', 'reject', 'suspend'];
  return ['suspend'];
}

const BUTTONS: Record<AgencyDecision, Pick<Decision, 'key' | 'label' | 'icon' | 'look'>> = {
  approve: { key: 'approve', label: 'Approve', icon: Check, look: 'approve' },
  reject: { key: 'reject', label: 'Reject', icon: X, look: 'refuse' },
  suspend: { key: 'suspend', label: 'Suspend', icon: Ban, look: 'neutral' },
  reactivate: { key: 'reactivate', label: 'Reactivate', icon: RotateCcw, look: 'primary' },
};

const REASON_DIALOGS = {
  reject: {
    title: 'Reject the documents',
    description: 'The agency is told why and may send its documents again.',
    hint: 'Shown to the agency on its verification page: say what to correct.',
    submitLabel: 'Reject',
    danger: true,
    success: ADMIN_SUCCESS.rejected,
  },
  suspend: {
    title: 'Suspend the agency',
    description: 'Its users are signed out and refused until it is reactivated. Nothing is deleted.',
    hint: 'Kept in the agency’s history and the audit log.',
    submitLabel: 'Suspend',
    danger: true,
    success: ADMIN_SUCCESS.suspended,
  },
  reactivate: {
    title: 'Reactivate the agency',
    description: 'The agency returns to the state it was suspended from.',
    hint: 'Kept in the agency’s history and the audit log.',
    submitLabel: 'Reactivate',
    danger: false,
    success: ADMIN_SUCCESS.reactivated,
  },
} as const;

/** The decisions open on this agency, each behind its confirmation (and reason, where one is needed). */
export function AgencyDecisions({
  details,
  className,
}: {
  details: AdminCompanyDetails;
  className?: string;
}) {
  const { company } = details;
  const [approve] = adminApi.useApproveAgencyMutation();
  const [reject] = adminApi.useRejectAgencyMutation();
  const [suspend] = adminApi.useSuspendAgencyMutation();
  const [reactivate] = adminApi.useReactivateAgencyMutation();
  const params = { id: company.id };

  const decideWithReason = (decision: Exclude<AgencyDecision, 'approve'>) => async (reason: string) => {
    const call = { reject, suspend, reactivate }[decision];
    await call({ params, body: { reason } }).unwrap();
    toast.success(REASON_DIALOGS[decision].success);
  };

  // A failed approval was toasted by the client: unwrap's throw keeps the dialog for another try.
  const confirmApproval = async () => {
    await approve({ params }).unwrap();
    toast.success(ADMIN_SUCCESS.approved);
  };

  const decisions = decisionsFor(company.verification_status).map((decision): Decision => {
    const button = BUTTONS[decision];
    if (decision === 'approve')
      return {
        ...button,
        confirm: {
          title: `Approve ${company.name}`,
          description: 'Its users can search, book and ticket at once; the owner is e-mailed and notified.',
          submitLabel: 'Approve agency',
        },
        decide: confirmApproval,
      };
    const { success: _, ...reason } = REASON_DIALOGS[decision];
    return { ...button, reason, decide: decideWithReason(decision) };
  });

  return (
    <DecisionPanel
      className={className}
      intro={
        company.verification_status === 'pending_review'
          ? 'The documents wait for a review. Approve to open the portal to the agency, or reject with what to correct.'
          : company.verification_status === 'suspended'
            ? 'The agency is suspended: its users cannot sign in.'
            : 'Nothing waits for a review.'
      }
      decisions={decisions}
    />
  );
}
