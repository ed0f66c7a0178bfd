import { MapPinOff } from 'lucide-react';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { logoutOperator } from '../../features/admin/session/operator-session';
import { adminPaths } from '../../shared/routing/admin-paths';
import { useAppDispatch } from '../../shared/store/hooks';
import { buttonClasses } from '../../shared/ui/button';
import { StatusScreen } from '../../shared/ui/status-screen';
import { isChunkLoadError } from '../errors/chunk-load-error';
import { CrashScreen } from '../errors/crash-screen';
import { NewVersionScreen } from '../errors/new-version-screen';
import { loadFreshPage } from '../errors/page-location';
import { useDocumentTitle } from '../layouts/screen-title';

/** The console's error element: the agency's screens, with the console's way home and its own logout. */
export function AdminRouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const signOut = async () => {
    await dispatch(logoutOperator());
  };

  if (isChunkLoadError(error)) {
    return (
      <NewVersionScreen
        standalone={standalone}
        onLogout={async () => {
          await signOut();
          loadFreshPage(adminPaths.login);
        }}
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <AdminNotFound />;
  return (
    <CrashScreen
      standalone={standalone}
      onBack={() => (location.key === 'default' ? navigate(adminPaths.home) : navigate(-1))}
      onRetry={() =>
        navigate(
          { pathname: location.pathname, search: location.search, hash: location.hash },
          { replace: true, state: location.state },
        )
      }
      onStartFresh={async () => {
        await signOut();
        navigate(adminPaths.login, { replace: true });
      }}
    />
  );
}

/** A path under /admin that is no console screen. */
export function AdminNotFound() {
  const location = useLocation();
  useDocumentTitle('Page not found');
  return (
    <StatusScreen
      standalone={false}
      icon={MapPinOff}
      eyebrow="Error 404"
      title="Page not found"
      actions={
        <Link to={adminPaths.home} className={buttonClasses('primary')}>
          Go to the console
        </Link>
      }
    >
      <p>
        The console has no page at{' '}
        <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-slate-800 text-sm">
          {location.pathname}
        </code>
        .
      </p>
    </StatusScreen>
  );
}
