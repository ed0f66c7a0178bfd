import type { AdminDeposit } from '@skydesk/contract';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { formatMoney } from '../../../shared/format/money';
import { isApiFailure } from '../../../shared/http/api-error';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Modal } from '../../../shared/ui/dialog';
import { ADMIN_SUCCESS } from '../admin-labels';
import { adminPaymentsApi } from '../admin-payments-api';
import { ReasonDialog } from '../components/reason-dialog';

type DepositDecisionProps = {
  deposit: AdminDeposit;
  /** A 409: another operator approved or rejected it first. The page reads it again and says so. */
  onDecidedElsewhere: () => void;
};

const decidedElsewhere = (error: unknown) => isApiFailure(error) && error.status === 409;

/**
 * Approve (after a confirmation that says what the balance becomes) or reject with a reason.
 * The calls' failures are not toasted by the client: a 409 is the page's to say, a 422 lands on
 * the reason, anything else is toasted here.
 */
export function DepositDecision({ deposit, onDecidedElsewhere }: DepositDecisionProps) {
  const [approve, { isLoading: approving }] = adminPaymentsApi.useApproveDepositMutation();
  const [reject] = adminPaymentsApi.useRejectDepositMutation();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const money = (amount: number) => formatMoney({ Amount: amount, CurrencyCode: deposit.currency });
  const after = Math.round((deposit.company_balance + deposit.amount) * 100) / 100;
  const params = { id: deposit.id };

  const confirmApproval = async () => {
    try {
      await approve({ params }).unwrap();
      toast.success(ADMIN_SUCCESS.depositApproved);
      setOpen(null);
    } catch (error) {
      if (decidedElsewhere(error)) {
        setOpen(null);
        onDecidedElsewhere();
      } else if (isApiFailure(error)) {
        // The dialog stays for another try.
        toast.error(error.message);
      }
    }
  };

  const rejectWithReason = async (reason: string) => {
    try {
      await reject({ params, body: { reason } }).unwrap();
      toast.success(ADMIN_SUCCESS.depositRejected);
    } catch (error) {
      if (decidedElsewhere(error)) {
        // Resolves: the dialog closes on a deposit that is no longer this operator's to decide.
        onDecidedElsewhere();
        return;
      }
      const onTheField = isApiFailure(error) && Object.hasOwn(error.fieldErrors, 'reason');
      if (isApiFailure(error) && !onTheField) toast.error(error.message);
      throw error;
    }
  };

  return (
    <Card title="Decision">
      <p className="mb-4 text-slate-600 text-sm">
        Check the receipt against the amount, the reference and the day. Approving credits{' '}
        {money(deposit.amount)} to {deposit.company.name} at once; either way the agency is notified.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
        <Button onClick={() => setOpen('approve')} variant="success" className="flex-1">
          <Check aria-hidden="true" className="size-4" />
          Approve deposit
        </Button>
        <Button variant="secondary" onClick={() => setOpen('reject')} className="flex-1 text-rose-700">
          <X aria-hidden="true" className="size-4" />
          Reject deposit
        </Button>
      </div>

      <Modal
        open={open === 'approve'}
        onOpenChange={(next) => setOpen(next ? 'approve' : null)}
        title="Approve the deposit"
        description={
          <>
            {money(deposit.amount)} is credited to {deposit.company.name}: its balance goes from{' '}
            {money(deposit.company_balance)} to {money(after)}. The agency is notified.
          </>
        }
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(null)}>
            Cancel
          </Button>
          <Button busy={approving} onClick={confirmApproval} variant="success">
            Approve {money(deposit.amount)}
          </Button>
        </div>
      </Modal>
      <ReasonDialog
        open={open === 'reject'}
        onOpenChange={(next) => setOpen(next ? 'reject' : null)}
        title="Reject the deposit"
        description="Nothing is credited. The agency may record the deposit again with the right details."
        hint="Shown to the agency with the deposit: say what does not match."
        submitLabel="Reject deposit"
        danger
        onSubmit={rejectWithReason}
      />
    </Card>
  );
}
