import type { CompanySummary } from '@skydesk/contract';
import { Building, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { loadProfile } from '../features/auth/start-session';
import { selectSessionCompany } from '../shared/session/session-slice';
import { useAppDispatch, useAppSelector } from '../shared/store/hooks';
import { Button } from '../shared/ui/button';
import { ScreenLoader } from '../shared/ui/spinner';
import { StatusScreen } from '../shared/ui/status-screen';
import { lazyScreen } from './errors/lazy-screen';

const VendorVerificationPage = lazyScreen(
  () => import('../features/company/pages/vendor-verification-page'),
  'VendorVerificationPage',
);

/** The header's title while the verification page stands in for every dashboard screen. */
export const VERIFICATION_SCREEN_TITLE = 'Agency verification';

/** docs/architecture.md §5: only an approved company searches and books. */
export const isCompanyApproved = (company: CompanySummary | null): boolean =>
  company?.verification_status === 'approved';

/**
 * Between the dashboard layout and its screens: an approved agency gets the screen it asked for;
 * any other gets the vendor verification page, whatever the route (docs/architecture.md §5). The company
 * comes from `GET /api/me`; when the session has none yet (that call failed at sign-in), it is
 * asked for here.
 */
export function CompanyGate({ children }: { children: ReactNode }) {
  const company = useAppSelector(selectSessionCompany);
  if (!company) return <ProfileLoader />;
  if (!isCompanyApproved(company)) return <VendorVerificationPage />;
  return children;
}

function ProfileLoader() {
  const dispatch = useAppDispatch();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure
  useEffect(() => {
    let current = true;
    setFailed(false);
    dispatch(loadProfile()).catch(() => {
      if (current) setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [dispatch, attempt]);

  if (!failed) return <ScreenLoader />;
  return (
    <StatusScreen
      standalone={false}
      icon={Building}
      title="Your agency could not be loaded"
      actions={
        <Button onClick={() => setAttempt((n) => n + 1)}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      }
    >
      <p>Check your connection and try again.</p>
    </StatusScreen>
  );
}
