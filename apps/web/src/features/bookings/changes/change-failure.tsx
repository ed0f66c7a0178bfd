import { RefreshCw, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { useMayOpen } from '../../../shared/access/dashboard-access';
import { type ApiFailure, isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';

/** What went wrong with a change, as the panel says it: the refusals the contract names, in words. */
export type ChangeProblem =
  | { kind: 'refused'; message: string; details: string[] }
  | { kind: 'expired' }
  | { kind: 'taken'; message: string }
  | { kind: 'credits' }
  | { kind: 'forbidden' }
  | { kind: 'failed'; message: string };

/**
 * docs/api.md (issue 32): 422 a change the fare's rules refuse (Basic: not changeable, said with its
 * rule) or a leg asked wrongly; 410 the offer expired; 409 the offer was used already or its seats
 * are gone; 402 not enough credits for the net to pay; 403 the role may not change bookings.
 */
export function changeProblemOf(error: unknown): ChangeProblem {
  if (!isApiFailure(error)) return { kind: 'failed', message: 'Something went wrong. Try again.' };
  const failure: ApiFailure = error;
  switch (failure.status) {
    case 422:
      return {
        kind: 'refused',
        message: failure.message,
        details: [...new Set(Object.values(failure.fieldErrors ?? {}).flat())].filter(
          (detail) => detail !== failure.message,
        ),
      };
    case 410:
      return { kind: 'expired' };
    case 409:
      return { kind: 'taken', message: failure.message };
    case 402:
      return { kind: 'credits' };
    case 403:
      return { kind: 'forbidden' };
    default:
      return { kind: 'failed', message: failure.message || 'Something went wrong. Try again.' };
  }
}

type ChangeProblemAlertProps = {
  problem: ChangeProblem;
  /** Searching again for current offers (after 410 and 409). */
  onSearchAgain?: (() => void) | undefined;
  searching?: boolean;
  className?: string;
};

/** A change's refusal in words, with the way forward: search again, add credits, or ask someone who may. */
export function ChangeProblemAlert({
  problem,
  onSearchAgain,
  searching,
  className,
}: ChangeProblemAlertProps) {
  const canDeposit = useMayOpen(paths.dashboard.createTransaction);
  const searchAgain = onSearchAgain && (
    <Button variant="secondary" className="mt-2" busy={searching} onClick={onSearchAgain}>
      <RefreshCw aria-hidden="true" className="size-4" /> Search again
    </Button>
  );
  switch (problem.kind) {
    case 'refused':
      return (
        <Alert tone="error" title="This change is not allowed" className={className} assertive>
          <p>{problem.message}</p>
          {problem.details.length > 0 && (
            <ul className="list-disc pl-5">
              {problem.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </Alert>
      );
    case 'expired':
      return (
        <Alert tone="warning" title="This offer has expired" className={className} assertive>
          <p>Change offers are valid for 20 minutes. Search again for current flights and amounts.</p>
          {searchAgain}
        </Alert>
      );
    case 'taken':
      return (
        <Alert tone="warning" title="This offer can no longer be taken" className={className} assertive>
          <p>{problem.message}</p>
          {searchAgain}
        </Alert>
      );
    case 'credits':
      return (
        <Alert tone="error" title="Insufficient credits" className={className} assertive>
          <p>
            The amount to pay is more than your credits allow: nothing was changed or charged. Add credits,
            then confirm again while the offer lasts.
          </p>
          {canDeposit && (
            <Link
              to={paths.dashboard.createTransaction}
              className="mt-1 inline-flex items-center gap-1.5 font-medium text-rose-900 underline underline-offset-2"
            >
              <Wallet aria-hidden="true" className="size-4" /> Add credits
            </Link>
          )}
        </Alert>
      );
    case 'forbidden':
      return (
        <Alert tone="error" title="You may not change bookings" className={className} assertive>
          <p>
            Changing flights needs the permission to issue tickets (bookings.issue). Ask your agency's owner.
          </p>
        </Alert>
      );
    default:
      return (
        <Alert tone="error" title="The change could not be made" className={className} assertive>
          <p>{problem.message}</p>
        </Alert>
      );
  }
}
