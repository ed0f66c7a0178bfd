import type { AdminDeposit } from '@skydesk/contract';
import { Check, X } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { formatMoney } from '../../../shared/format/money';
import { isApiFailure } from '../../../shared/http/api-error';
import { ADMIN_SUCCESS } from '../admin-labels';
import { adminPaymentsApi } from '../admin-payments-api';
import { DecisionPanel } from '../desk/decision-panel';

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
  const [approve] = adminPaymentsApi.useApproveDepositMutation();
  const [reject] = adminPaymentsApi.useRejectDepositMutation();
  const money = (amount: number) => formatMoney({ Amount: amount, CurrencyCode: deposit.currency });
  const after = Math.round((deposit.company_balance + deposit.amount) * 100) / 100;
  const params = { id: deposit.id };

  const confirmApproval = async () => {
    try {
      await approve({ params }).unwrap();
      toast.success(ADMIN_SUCCESS.depositApproved);
    } catch (error) {
      if (decidedElsewhere(error)) {
        onDecidedElsewhere();
        return;
      }
      // The dialog stays for another try.
      if (isApiFailure(error)) toast.error(error.message);
      throw error;
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
    <DecisionPanel
      intro={
        <p>
          Check the receipt against the amount, the reference and the day. Approving credits{' '}
          {money(deposit.amount)} to {deposit.company.name} at once; either way the agency is notified.
        </p>
      }
      decisions={[
        {
          key: 'approve',
          label: 'Approve deposit',
          icon: Check,
          look: 'approve',
          confirm: {
            title: 'Approve the deposit',
            description: (
              <>
                {money(deposit.amount)} is credited to {deposit.company.name}: its balance goes from{' '}
                {money(deposit.company_balance)} to {money(after)}. The agency is notified.
              </>
            ),
            submitLabel: `Approve ${money(deposit.amount)}`,
          },
          decide: confirmApproval,
        },
        {
          key: 'reject',
          label: 'Reject deposit',
          icon: X,
          look: 'refuse',
          reason: {
            title: 'Reject the deposit',
            description:
              'Nothing is credited. The agency may record the deposit again with the right details.',
            hint: 'Shown to the agency with the deposit: say what does not match.',
            submitLabel: 'Reject deposit',
            danger: true,
          },
          decide: rejectWithReason,
        },
      ]}
    />
  );
}
