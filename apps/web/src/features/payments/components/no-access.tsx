import { Lock } from 'lucide-react';
import { EmptyState } from '../../../shared/ui/empty-state';

/** A payments screen the user's role does not open (`payments.view` / `payments.create`, or a 403). */
export function NoPaymentsAccess({ title }: { title: string }) {
  return (
    <EmptyState icon={Lock} title={title}>
      Your role does not include this. Ask your agency&apos;s owner to grant it in Roles; it applies at your
      next sign-in.
    </EmptyState>
  );
}
