import type { AdminCompanyDetails, CompanyStatus } from '@skydesk/contract';
import { Ban, Check, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Modal } from '../../../shared/ui/dialog';
import { adminApi } from '../admin-api';
import { ADMIN_SUCCESS } from '../admin-labels';
import { ReasonDialog } from '../components/reason-dialog';

type Decision = 'approve' | 'reject' | 'suspend' | 'reactivate';

/** What an operator may decide in each state (docs/architecture.md §5): review, or suspend and bring back. */
export function decisionsFor(status: CompanyStatus): Decision[] {
  if (status === 'suspended') return ['reactivate'];
  if (status === 'pending_review') return ['approve', 'reject', 'suspend'];
  return ['suspend'];
}

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
  const [open, setOpen] = useState<Decision | null>(null);
  const [approve, { isLoading: approving }] = adminApi.useApproveAgencyMutation();
  const [reject] = adminApi.useRejectAgencyMutation();
  const [suspend] = adminApi.useSuspendAgencyMutation();
  const [reactivate] = adminApi.useReactivateAgencyMutation();
  const decisions = decisionsFor(company.verification_status);
  const params = { id: company.id };

  const decideWithReason = (decision: Exclude<Decision, 'approve'>) => async (reason: string) => {
    const call = { reject, suspend, reactivate }[decision];
    await call({ params, body: { reason } }).unwrap();
    toast.success(REASON_DIALOGS[decision].success);
  };

  const confirmApproval = async () => {
    try {
      await approve({ params }).unwrap();
      toast.success(ADMIN_SUCCESS.approved);
      setOpen(null);
    } catch {
      // Toasted by the client; the dialog stays for another try.
    }
  };

  return (
    <Card title="Decision" className={className}>
      {company.verification_status === 'pending_review' ? (
        <p className="mb-4 text-slate-600 text-sm">
          The documents wait for a review. Approve to open the portal to the agency, or reject with what to
          correct.
        </p>
      ) : company.verification_status === 'suspended' ? (
        <p className="mb-4 text-slate-600 text-sm">The agency is suspended: its users cannot sign in.</p>
      ) : (
        <p className="mb-4 text-slate-600 text-sm">Nothing waits for a review.</p>
      )}
      <div className="flex flex-wrap gap-2">
        {decisions.includes('approve') && (
          <Button variant="success" onClick={() => setOpen('approve')}>
            <Check aria-hidden="true" className="size-4" />
            Approve
          </Button>
        )}
        {decisions.includes('reject') && (
          <Button variant="secondary" onClick={() => setOpen('reject')} className="text-rose-700">
            <X aria-hidden="true" className="size-4" />
            Reject
          </Button>
        )}
        {decisions.includes('suspend') && (
          <Button variant="secondary" onClick={() => setOpen('suspend')}>
            <Ban aria-hidden="true" className="size-4" />
            Suspend
          </Button>
        )}
        {decisions.includes('reactivate') && (
          <Button onClick={() => setOpen('reactivate')}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Reactivate
          </Button>
        )}
      </div>

      <Modal
        open={open === 'approve'}
        onOpenChange={(next) => setOpen(next ? 'approve' : null)}
        title={`Approve ${company.name}`}
        description="Its users can search, book and ticket at once; the owner is e-mailed and notified."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(null)}>
            Cancel
          </Button>
          <Button variant="success" busy={approving} onClick={confirmApproval}>
            Approve agency
          </Button>
        </div>
      </Modal>
      {(['reject', 'suspend', 'reactivate'] as const).map((decision) => (
        <ReasonDialog
          key={decision}
          open={open === decision}
          onOpenChange={(next) => setOpen(next ? decision : null)}
          {...REASON_DIALOGS[decision]}
          onSubmit={decideWithReason(decision)}
        />
      ))}
    </Card>
  );
}
