import { ArrowLeft, MapPinOff } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../shared/routing/paths';
import { selectSessionUser } from '../shared/session/session-slice';
import { useAppSelector } from '../shared/store/hooks';
import { Button, buttonClasses } from '../shared/ui/button';
import { StatusScreen } from '../shared/ui/status-screen';
import { useDocumentTitle } from './layouts/screen-title';

/** docs/product-spec.md §2: every path that is not a screen. Offers the way back and the way home. */
export function NotFoundPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectSessionUser) !== null;
  useDocumentTitle('Page not found');

  const home = signedIn
    ? { to: paths.dashboard.home, label: 'Go to dashboard' }
    : { to: paths.login, label: 'Go to sign in' };
  // React Router gives the first page the app opened the key 'default': nothing of ours to go back to.
  const canGoBack = location.key !== 'default';

  return (
    <StatusScreen
      icon={MapPinOff}
      eyebrow="Error 404"
      title="Page not found"
      actions={
        <>
          {canGoBack && (
            <Button variant="secondary" onClick={() => navigate(-1)}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Go back
            </Button>
          )}
          <Link to={home.to} className={buttonClasses('primary')}>
            {home.label}
          </Link>
        </>
      }
    >
      <p>
        There is no page at{' '}
        <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-slate-800 text-sm">
          {location.pathname}
        </code>
        . It may have moved, or the address may be mistyped.
      </p>
    </StatusScreen>
  );
}
