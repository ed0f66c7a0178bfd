import { ComingSoon } from '../../../shared/ui/coming-soon';

/** /dashboard/create-transaction (spec §2). Coming soon. */
export function CreateTransactionPage() {
  return (
    <ComingSoon
      title="New deposit"
      description="Record a bank deposit with its receipt to top up your credits."
    />
  );
}
