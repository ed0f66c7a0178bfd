import { NEW_VERSION_SCREEN } from '@skydesk/contract';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../shared/ui/button';
import { StatusScreen } from '../../shared/ui/status-screen';
import { reloadPage } from './page-location';

type NewVersionScreenProps = {
  /** A page of its own rather than a panel inside a layout. */
  standalone?: boolean;
  onLogout: () => void;
};

/** docs/product-spec.md §2: a screen failed to load because a new version was deployed; the page is reloading. */
export function NewVersionScreen({ standalone, onLogout }: NewVersionScreenProps) {
  return (
    <StatusScreen
      standalone={standalone}
      icon={RefreshCw}
      tone="sky"
      busy
      title={NEW_VERSION_SCREEN.title}
      actions={
        <>
          <Button variant="secondary" onClick={onLogout}>
            {NEW_VERSION_SCREEN.logout}
          </Button>
          <Button onClick={reloadPage}>{NEW_VERSION_SCREEN.reload}</Button>
        </>
      }
    >
      <p>{NEW_VERSION_SCREEN.body}</p>
      <p role="status" className="mt-4 font-medium text-sky-700 text-sm">
        {NEW_VERSION_SCREEN.progress}
      </p>
    </StatusScreen>
  );
}
