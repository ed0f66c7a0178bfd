import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { permissionForPath } from '../shared/access/dashboard-access';
import { RequirePermission } from '../shared/access/require-permission';
import { paths } from '../shared/routing/paths';
import { adminRoutes } from './admin/admin-routes';
import { lazyScreen } from './errors/lazy-screen';
import { RouteErrorScreen } from './errors/route-error-screen';
import { AuthLayout } from './layouts/auth-layout';
import { BareLayout } from './layouts/bare-layout';
import { DashboardLayout } from './layouts/dashboard-layout';
import type { ScreenHandle } from './layouts/screen-title';
import { NotFoundPage } from './not-found-page';
import { RequireSession } from './require-session';

// docs/product-spec.md §2: every screen loads on demand, behind the layouts' loading spinner.
const LoginPage = lazyScreen(() => import('../features/auth/pages/login-page'), 'LoginPage');
const VerificationPage = lazyScreen(
  () => import('../features/auth/pages/verification-page'),
  'VerificationPage',
);
const ResetPasswordPage = lazyScreen(
  () => import('../features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);
const ForgetPasswordPage = lazyScreen(
  () => import('../features/auth/pages/forget-password-page'),
  'ForgetPasswordPage',
);
const QrCodeScanPage = lazyScreen(() => import('../features/auth/pages/qr-code-scan-page'), 'QrCodeScanPage');
const AcceptInvitationPage = lazyScreen(
  () => import('../features/users/pages/accept-invitation-page'),
  'AcceptInvitationPage',
);
const RegistrationPage = lazyScreen(
  () => import('../features/company/pages/registration-page'),
  'RegistrationPage',
);

const DashboardHomePage = lazyScreen(
  () => import('../features/company/pages/dashboard-home-page'),
  'DashboardHomePage',
);
const SearchFlightsPage = lazyScreen(
  () => import('../features/flights/pages/search-flights-page'),
  'SearchFlightsPage',
);
const FlightResultsPage = lazyScreen(
  () => import('../features/flights/pages/flight-results-page'),
  'FlightResultsPage',
);
const FlightDetailsPage = lazyScreen(
  () => import('../features/flights/pages/flight-details-page'),
  'FlightDetailsPage',
);
const SearchHistoryPage = lazyScreen(
  () => import('../features/flights/pages/search-history-page'),
  'SearchHistoryPage',
);
const TravelersDetailsPage = lazyScreen(
  () => import('../features/bookings/pages/travelers-details-page'),
  'TravelersDetailsPage',
);
const ChooseSeatsPage = lazyScreen(
  () => import('../features/bookings/pages/choose-seats-page'),
  'ChooseSeatsPage',
);
const ExtraBagsPage = lazyScreen(() => import('../features/bookings/pages/extra-bags-page'), 'ExtraBagsPage');
const PriceSummaryPage = lazyScreen(
  () => import('../features/bookings/pages/price-summary-page'),
  'PriceSummaryPage',
);
const ConfirmBookingPage = lazyScreen(
  () => import('../features/bookings/pages/confirm-booking-page'),
  'ConfirmBookingPage',
);
const ETicketPage = lazyScreen(() => import('../features/bookings/pages/e-ticket-page'), 'ETicketPage');
const FlightBookingsPage = lazyScreen(
  () => import('../features/bookings/pages/flight-bookings-page'),
  'FlightBookingsPage',
);
const BookingDetailsPage = lazyScreen(
  () => import('../features/bookings/pages/booking-details-page'),
  'BookingDetailsPage',
);
const BookingHistoryPage = lazyScreen(
  () => import('../features/bookings/pages/booking-history-page'),
  'BookingHistoryPage',
);
const OrderHistoryPage = lazyScreen(
  () => import('../features/bookings/pages/order-history-page'),
  'OrderHistoryPage',
);
const TransactionsPage = lazyScreen(
  () => import('../features/payments/pages/transactions-page'),
  'TransactionsPage',
);
const CreateTransactionPage = lazyScreen(
  () => import('../features/payments/pages/create-transaction-page'),
  'CreateTransactionPage',
);
const StatementPage = lazyScreen(() => import('../features/payments/pages/statement-page'), 'StatementPage');
const AnalyticsPage = lazyScreen(() => import('../features/analytics/pages/analytics-page'), 'AnalyticsPage');
const UsersPage = lazyScreen(() => import('../features/users/pages/users-page'), 'UsersPage');
const CreateUserPage = lazyScreen(() => import('../features/users/pages/create-user-page'), 'CreateUserPage');
const SettingsPage = lazyScreen(() => import('../features/users/pages/settings-page'), 'SettingsPage');
const PricingPage = lazyScreen(() => import('../features/pricing/pages/pricing-page'), 'PricingPage');
const QuotesPage = lazyScreen(() => import('../features/quotes/pages/quotes-page'), 'QuotesPage');
const CreateQuotePage = lazyScreen(
  () => import('../features/quotes/pages/create-quote-page'),
  'CreateQuotePage',
);
const QuoteDetailsPage = lazyScreen(
  () => import('../features/quotes/pages/quote-details-page'),
  'QuoteDetailsPage',
);
const PublicQuotePage = lazyScreen(
  () => import('../features/quotes/pages/public-quote-page'),
  'PublicQuotePage',
);
const InvoicesPage = lazyScreen(() => import('../features/invoices/pages/invoices-page'), 'InvoicesPage');
const InvoiceDetailsPage = lazyScreen(
  () => import('../features/invoices/pages/invoice-details-page'),
  'InvoiceDetailsPage',
);
const RolesPage = lazyScreen(() => import('../features/roles/pages/roles-page'), 'RolesPage');
const CreateRolePage = lazyScreen(() => import('../features/roles/pages/create-role-page'), 'CreateRolePage');
const ViewTicketsPage = lazyScreen(
  () => import('../features/support/pages/view-tickets-page'),
  'ViewTicketsPage',
);
const CreateTicketPage = lazyScreen(
  () => import('../features/support/pages/create-ticket-page'),
  'CreateTicketPage',
);
const TicketInfoPage = lazyScreen(
  () => import('../features/support/pages/ticket-info-page'),
  'TicketInfoPage',
);
const SupportChatPage = lazyScreen(
  () => import('../features/support/pages/support-chat-page'),
  'SupportChatPage',
);
const NotificationsPage = lazyScreen(
  () => import('../features/notices/pages/notifications-page'),
  'NotificationsPage',
);
const AnnouncementPage = lazyScreen(
  () => import('../features/notices/pages/announcement-page'),
  'AnnouncementPage',
);

/**
 * A screen's route: its path, its title (header and browser tab) and what it shows — behind the
 * permission DASHBOARD_ACCESS names for the path (issue 13: a 403 screen for a role without it).
 */
const screen = (path: string, title: string, element: ReactNode): RouteObject => {
  const permission = permissionForPath(path);
  return {
    path,
    element: permission ? <RequirePermission permission={permission}>{element}</RequirePermission> : element,
    handle: { title } satisfies ScreenHandle,
  };
};

const d = paths.dashboard;

/**
 * docs/product-spec.md §2: the public screens in the split-screen auth layout, the dashboard (signed in only) in
 * the sidebar layout, and a not-found screen for every other path. An error inside a screen shows
 * its error screen inside the layout; an error in a layout itself shows it full page.
 */
export const appRoutes: RouteObject[] = [
  {
    errorElement: (
      <BareLayout>
        <RouteErrorScreen standalone />
      </BareLayout>
    ),
    children: [
      {
        element: <AuthLayout />,
        children: [
          {
            errorElement: <RouteErrorScreen />,
            children: [
              screen(paths.login, 'Sign in', <LoginPage />),
              screen(paths.registration, 'Register your agency', <RegistrationPage />),
              screen(paths.verification, 'Verify your e-mail', <VerificationPage mode="registration" />),
              screen(paths.verificationLogin, "Confirm it's you", <VerificationPage mode="login" />),
              screen(paths.resetPassword, 'Reset password', <ResetPasswordPage />),
              screen(paths.forgetPassword, 'Forgot password', <ForgetPasswordPage />),
              screen(paths.qrCodeScan, 'Authenticator app', <QrCodeScanPage />),
              screen(paths.acceptInvitation, 'Join your agency', <AcceptInvitationPage />),
            ],
          },
        ],
      },
      {
        path: d.home,
        element: (
          <RequireSession>
            <DashboardLayout />
          </RequireSession>
        ),
        children: [
          {
            errorElement: <RouteErrorScreen />,
            children: [
              {
                index: true,
                element: <DashboardHomePage />,
                handle: { title: 'Home' } satisfies ScreenHandle,
              },
              screen(d.searchFlights, 'Search flights', <SearchFlightsPage />),
              screen(d.flightResults, 'Flight results', <FlightResultsPage />),
              screen(d.flightDetails, 'Flight details', <FlightDetailsPage />),
              screen(d.travelersDetails, 'Traveller details', <TravelersDetailsPage />),
              screen(d.chooseSeats, 'Seats', <ChooseSeatsPage />),
              screen(d.extraBags, 'Extra bags', <ExtraBagsPage />),
              screen(d.priceSummary, 'Price summary', <PriceSummaryPage />),
              screen(d.confirmBooking, 'Confirm booking', <ConfirmBookingPage />),
              screen(d.eTicket, 'E-ticket', <ETicketPage />),
              screen(d.flightBookings, 'Flight bookings', <FlightBookingsPage />),
              screen(d.bookingDetails, 'Booking details', <BookingDetailsPage />),
              screen(d.searchHistory, 'Search history', <SearchHistoryPage />),
              screen(d.bookingHistory, 'Booking history', <BookingHistoryPage />),
              screen(d.orderHistory, 'Order history', <OrderHistoryPage />),
              screen(d.transactions, 'Transactions', <TransactionsPage />),
              screen(d.createTransaction, 'New deposit', <CreateTransactionPage />),
              screen(d.statement, 'Statement', <StatementPage />),
              screen(d.analytics, 'Analytics', <AnalyticsPage />),
              screen(d.users, 'Users', <UsersPage />),
              screen(d.createUser, 'Add user', <CreateUserPage />),
              screen(d.roles, 'Roles', <RolesPage />),
              screen(d.createRole, 'Create role', <CreateRolePage />),
              screen(d.viewTickets, 'Support tickets', <ViewTicketsPage />),
              screen(d.createTicket, 'New support ticket', <CreateTicketPage />),
              screen(d.ticketInfo, 'Ticket details', <TicketInfoPage />),
              screen(d.supportChat, 'Support chat', <SupportChatPage />),
              screen(d.notifications, 'Notifications', <NotificationsPage />),
              screen(d.announcement, 'Announcements', <AnnouncementPage />),
              screen(d.settings, 'Settings', <SettingsPage />),
              screen(d.pricing, 'Pricing', <PricingPage />),
              screen(d.quotes, 'Quotes', <QuotesPage />),
              screen(d.createQuote, 'New quote', <CreateQuotePage />),
              screen(d.quoteDetails, 'Quote', <QuoteDetailsPage />),
              screen(d.invoices, 'Invoices', <InvoicesPage />),
              screen(d.invoiceDetails, 'Invoice', <InvoiceDetailsPage />),
            ],
          },
        ],
      },
      // The operator console under /admin: its own frame, sign-in and session, all loaded on demand.
      ...adminRoutes,
      {
        element: <BareLayout />,
        children: [
          // Issue 33: the client's page of a quote, for anyone with the link — no session, no frame.
          {
            path: paths.publicQuote,
            element: <PublicQuotePage />,
            handle: { title: 'Quote' } satisfies ScreenHandle,
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
