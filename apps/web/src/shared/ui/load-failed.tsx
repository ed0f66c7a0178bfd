import { RefreshCw } from 'lucide-react';
import { Alert } from './alert';
import { Button } from './button';

type LoadFailedProps = {
  /** What could not be read: the server's message, or the call's fallback. */
  title: string;
  onRetry: () => void;
  /** The retry is on its way. */
  busy?: boolean;
  className?: string;
};

/** A list, page or section that could not be read: says so, and lets the user ask again. */
export function LoadFailed({ title, onRetry, busy = false, className }: LoadFailedProps) {
  return (
    <Alert tone="error" title={title} className={className}>
      <Button variant="secondary" className="mt-2" busy={busy} onClick={onRetry}>
        {!busy && <RefreshCw aria-hidden="true" className="size-4" />}
        Try again
      </Button>
    </Alert>
  );
}
