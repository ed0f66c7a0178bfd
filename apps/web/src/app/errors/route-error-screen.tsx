import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { paths } from '../../shared/routing/paths';
import { selectSessionUser } from '../../shared/session/session-slice';
import { useAppSelector } from '../../shared/store/hooks';
import { useLogout } from '../logout';
import { NotFoundPage } from '../not-found-page';
import { isChunkLoadError } from './chunk-load-error';
import { CrashScreen } from './crash-screen';
import { NewVersionScreen } from './new-version-screen';
import { loadFreshPage } from './page-location';

type RouteErrorScreenProps = {
  /** A page of its own (the root's error element) rather than a panel inside a layout. */
  standalone?: boolean;
};

/** The router's error element: the new-version screen, not-found, or the crash screen (docs/product-spec.md §2). */
export function RouteErrorScreen({ standalone = false }: RouteErrorScreenProps) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const signedIn = useAppSelector(selectSessionUser) !== null;

  if (isChunkLoadError(error)) {
    // A full page load: the old build's chunks are gone, so the login screen must come from the new one.
    return (
      <NewVersionScreen
        standalone={standalone}
        onLogout={async () => {
          await logout();
          loadFreshPage(paths.login);
        }}
      />
    );
  }

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  // React Router gives the first page the app opened the key 'default': there is no page of ours to go back to.
  const goBack = () => {
    if (location.key === 'default') navigate(signedIn ? paths.dashboard.home : paths.login);
    else navigate(-1);
  };

  // Navigating to the same location resets the route's error boundary and renders the screen afresh.
  const retry = () =>
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: location.state },
    );

  const startFresh = async () => {
    await logout();
    navigate(paths.login, { replace: true });
  };

  return <CrashScreen standalone={standalone} onBack={goBack} onRetry={retry} onStartFresh={startFresh} />;
}
