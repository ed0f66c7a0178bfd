import { type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { adminPaths } from '../../shared/routing/admin-paths';
import { FullPageLoader, ScreenLoader } from '../../shared/ui/spinner';
import { lazyScreen } from '../errors/lazy-screen';
import { BareLayout } from '../layouts/bare-layout';
import type { ScreenHandle } from '../layouts/screen-title';

/*
 * The operator console's routes (issue 11): every element is loaded on demand, the frame too, so
 * this table is all of the console the agency's start-up bundle holds. Later operator screens add
 * a route below and an entry to admin-navigation.ts.
 */

const shell = () => import('./admin-shell');
const AdminConsole = lazyScreen(shell, 'AdminConsole');
const AdminAuthLayout = lazyScreen(shell, 'AdminAuthLayout');
const AdminLayout = lazyScreen(shell, 'AdminLayout');
const AdminRouteError = lazyScreen(shell, 'AdminRouteError');
const AdminNotFound = lazyScreen(shell, 'AdminNotFound');

const OperatorLoginPage = lazyScreen(
  () => import('../../features/admin/auth/pages/operator-login-page'),
  'OperatorLoginPage',
);
const OperatorAuthenticatorPage = lazyScreen(
  () => import('../../features/admin/auth/pages/operator-authenticator-page'),
  'OperatorAuthenticatorPage',
);
const OperatorSetupPage = lazyScreen(
  () => import('../../features/admin/auth/pages/operator-setup-page'),
  'OperatorSetupPage',
);
const WorkQueuePage = lazyScreen(() => import('../../features/admin/work/work-queue-page'), 'WorkQueuePage');
const AgenciesPage = lazyScreen(() => import('../../features/admin/agencies/agencies-page'), 'AgenciesPage');
const AgencyPage = lazyScreen(() => import('../../features/admin/agencies/agency-page'), 'AgencyPage');
const AgencyStatementPage = lazyScreen(
  () => import('../../features/admin/agencies/agency-statement-page'),
  'AgencyStatementPage',
);
const RefundsPage = lazyScreen(() => import('../../features/admin/refunds/refunds-page'), 'RefundsPage');
const RefundPage = lazyScreen(() => import('../../features/admin/refunds/refund-page'), 'RefundPage');
const DepositsPage = lazyScreen(() => import('../../features/admin/deposits/deposits-page'), 'DepositsPage');
const DepositPage = lazyScreen(() => import('../../features/admin/deposits/deposit-page'), 'DepositPage');
const BanksPage = lazyScreen(() => import('../../features/admin/banks/banks-page'), 'BanksPage');
const SuppliersPage = lazyScreen(
  () => import('../../features/admin/suppliers/suppliers-page'),
  'SuppliersPage',
);
const RatesPage = lazyScreen(() => import('../../features/admin/suppliers/rates-page'), 'RatesPage');
const ScheduleChangesPage = lazyScreen(
  () => import('../../features/admin/changes/schedule-changes-page'),
  'ScheduleChangesPage',
);
const ExchangesPage = lazyScreen(
  () => import('../../features/admin/changes/exchanges-page'),
  'ExchangesPage',
);
const PlatformPricingPage = lazyScreen(
  () => import('../../features/admin/pricing/platform-pricing-page'),
  'PlatformPricingPage',
);
const AuditPage = lazyScreen(() => import('../../features/admin/audit/audit-page'), 'AuditPage');
const SupportQueuePage = lazyScreen(
  () => import('../../features/admin/support/support-queue-page'),
  'SupportQueuePage',
);
const AdminTicketPage = lazyScreen(
  () => import('../../features/admin/support/admin-ticket-page'),
  'AdminTicketPage',
);
const noticePosts = () => import('../../features/admin/notices/notice-posts-page');
const noticePostEditor = () => import('../../features/admin/notices/notice-post-editor-page');
const PlatformFiguresPage = lazyScreen(
  () => import('../../features/admin/analytics/platform-figures-page'),
  'PlatformFiguresPage',
);
const AnnouncementsPage = lazyScreen(noticePosts, 'AnnouncementsPage');
const OffersPage = lazyScreen(noticePosts, 'OffersPage');
const AnnouncementEditorPage = lazyScreen(noticePostEditor, 'AnnouncementEditorPage');
const OfferEditorPage = lazyScreen(noticePostEditor, 'OfferEditorPage');

const screen = (path: string, title: string, element: ReactNode): RouteObject => ({
  path,
  element,
  handle: { title } satisfies ScreenHandle,
});

/** An error inside a screen, shown inside the frame (the frame's own code may still be on its way). */
const screenError = (
  <Suspense fallback={<ScreenLoader />}>
    <AdminRouteError />
  </Suspense>
);

export const adminRoutes: RouteObject[] = [
  {
    path: adminPaths.home,
    element: (
      <Suspense fallback={<FullPageLoader label="Opening the operator console" />}>
        <AdminConsole />
      </Suspense>
    ),
    errorElement: (
      <BareLayout>
        <Suspense fallback={<FullPageLoader />}>
          <AdminRouteError standalone />
        </Suspense>
      </BareLayout>
    ),
    children: [
      {
        element: <AdminAuthLayout />,
        children: [
          {
            errorElement: screenError,
            children: [
              screen(adminPaths.login, 'Operator sign-in', <OperatorLoginPage />),
              screen(adminPaths.authenticator, 'Authenticator', <OperatorAuthenticatorPage />),
              screen(adminPaths.setup, 'Set up your account', <OperatorSetupPage />),
            ],
          },
        ],
      },
      {
        element: <AdminLayout />,
        children: [
          {
            errorElement: screenError,
            children: [
              // Issue 30: the console opens on what waits for a decision.
              {
                index: true,
                element: <WorkQueuePage />,
                handle: { title: 'Work queue' } satisfies ScreenHandle,
              },
              screen(adminPaths.agencies, 'Agency review', <AgenciesPage />),
              screen(`${adminPaths.agencies}/:id`, 'Agency', <AgencyPage />),
              screen(`${adminPaths.agencies}/:id/statement`, 'Agency statement', <AgencyStatementPage />),
              screen(adminPaths.refunds, 'Refunds', <RefundsPage />),
              screen(`${adminPaths.refunds}/:id`, 'Refund request', <RefundPage />),
              screen(adminPaths.deposits, 'Deposit desk', <DepositsPage />),
              screen(`${adminPaths.deposits}/:id`, 'Deposit', <DepositPage />),
              screen(adminPaths.banks, 'Bank accounts', <BanksPage />),
              screen(adminPaths.scheduleChanges, 'Schedule changes', <ScheduleChangesPage />),
              screen(adminPaths.exchanges, 'Exchanges', <ExchangesPage />),
              screen(adminPaths.kpi, 'Platform figures', <PlatformFiguresPage />),
              screen(adminPaths.audit, 'Audit log', <AuditPage />),
              screen(adminPaths.suppliers, 'Suppliers', <SuppliersPage />),
              screen(adminPaths.rates, 'Currency rates', <RatesPage />),
              screen(adminPaths.pricing, 'Platform pricing', <PlatformPricingPage />),
              screen(adminPaths.support, 'Support', <SupportQueuePage />),
              screen(`${adminPaths.support}/:id`, 'Support ticket', <AdminTicketPage />),
              screen(adminPaths.announcements, 'Announcements', <AnnouncementsPage />),
              screen(`${adminPaths.announcements}/new`, 'New announcement', <AnnouncementEditorPage />),
              screen(`${adminPaths.announcements}/:id`, 'Edit announcement', <AnnouncementEditorPage />),
              screen(adminPaths.offers, 'Offers', <OffersPage />),
              screen(`${adminPaths.offers}/new`, 'New offer', <OfferEditorPage />),
              screen(`${adminPaths.offers}/:id`, 'Edit offer', <OfferEditorPage />),
              screen('*', 'Page not found', <AdminNotFound />),
            ],
          },
        ],
      },
    ],
  },
];
