import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/transactions (spec §2). Coming soon. */
export function TransactionsPage() {
  return (
    <ComingSoon
      title="Transactions"
      description="Deposits to your credit balance and whether they have been approved."
    />
  );
}
