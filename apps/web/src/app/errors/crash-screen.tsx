import { CRASH_SCREEN } from '@skydesk/contract';
import { TriangleExclamationPoint } from 'lucide-react';
import { Button } from '../../shared/ui/button';
import { StatusScreen } from '../../shared/ui/status-screen';

type CrashScreenProps = {
  /** A page of its own rather than a panel inside a layout. */
  standalone?: boolean;
  onBack: () => void;
  onRetry: () => void;
  onStartFresh: () => void;
};

/** docs/product-spec.md §2: any runtime error other than a failed screen load. */
export function CrashScreen({ standalone, onBack, onRetry, onStartFresh }: CrashScreenProps) {
  return (
    <StatusScreen
      standalone={standalone}
      icon={TriangleExclamationPoint}
      tone="rose"
      title={CRASH_SCREEN.title}
      actions={
        <>
          <Button variant="ghost" onClick={onStartFresh}>
            {CRASH_SCREEN.reset}
          </Button>
          <Button variant="secondary" onClick={onBack}>
            {CRASH_SCREEN.back}
          </Button>
          <Button onClick={onRetry}>{CRASH_SCREEN.retry}</Button>
        </>
      }
    >
      <p>An unexpected error stopped this screen. Your work on other screens is safe.</p>
    </StatusScreen>
  );
}
