import { Component, type ErrorInfo, type ReactNode } from 'react';
import { paths } from '../../shared/routing/paths';
import { BareLayout } from '../layouts/bare-layout';
import { isChunkLoadError } from './chunk-load-error';
import { CrashScreen } from './crash-screen';
import { NewVersionScreen } from './new-version-screen';
import { loadFreshPage } from './page-location';

type AppErrorBoundaryProps = {
  children: ReactNode;
  /** Wipes the state and the saved session (docs/product-spec.md §4). */
  onLogout: () => Promise<void>;
};

type AppErrorBoundaryState = { error: unknown };

/**
 * The last line of defence around the router (whose own error element handles errors inside
 * routes): shows the screens of docs/product-spec.md §2 for an error anywhere else in the app. It sits outside
 * the router, so it moves with full page loads and the browser's history.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): AppErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('SkyDesk stopped on an unexpected error', error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: null });

  private readonly goBack = () => {
    window.addEventListener('popstate', this.reset, { once: true });
    window.history.back();
  };

  private readonly logoutAndReload = async () => {
    await this.props.onLogout();
    loadFreshPage(paths.login);
  };

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <BareLayout>
        {isChunkLoadError(error) ? (
          <NewVersionScreen standalone onLogout={this.logoutAndReload} />
        ) : (
          <CrashScreen
            standalone
            onBack={this.goBack}
            onRetry={this.reset}
            onStartFresh={this.logoutAndReload}
          />
        )}
      </BareLayout>
    );
  }
}
