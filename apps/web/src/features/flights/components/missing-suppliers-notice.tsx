import { RefreshCw } from 'lucide-react';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';

/** Issue 29's words, to the letter, for an answer some supplier missed. */
export const MISSING_SUPPLIERS_MESSAGE =
  'Some airlines did not answer in time — search again to include them';

type MissingSuppliersNoticeProps = {
  /** The answer's `missing_suppliers` (absent from an older answer: none missing). */
  suppliers: readonly string[] | undefined;
  onSearchAgain: () => void;
  busy?: boolean;
  /** Nothing came from the airlines that answered: the notice stands over the empty state. */
  empty?: boolean;
};

/**
 * A search answered without one of its suppliers (failed, too slow, or paused after failures:
 * docs/api.md `data.missing_suppliers`): the flights shown are the others', and searching again
 * may bring the missing airlines' in — an empty answer too (the 404 'No Flight Found!' names them:
 * the missing airlines may sell this search). The agent is told in words, never by supplier code.
 */
export function MissingSuppliersNotice({
  suppliers,
  onSearchAgain,
  busy = false,
  empty = false,
}: MissingSuppliersNoticeProps) {
  if (!suppliers || suppliers.length === 0) return null;
  return (
    <Alert tone="warning" title={MISSING_SUPPLIERS_MESSAGE}>
      <p>
        {empty
          ? 'The airlines that answered have no flights for this search; the others may.'
          : 'The flights below are those of the airlines that answered.'}
      </p>
      <Button variant="secondary" className="mt-2" busy={busy} onClick={onSearchAgain}>
        <RefreshCw aria-hidden="true" className="size-4" /> Search again
      </Button>
    </Alert>
  );
}
