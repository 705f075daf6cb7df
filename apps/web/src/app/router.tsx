import { Suspense, isValidElement } from 'react';
import { Navigate, Outlet, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { SessionProvider } from '../api/session';
import { NotFoundPage } from '../features/placeholders/not-found-page';
import { lazyPage } from '../lib/lazy-page';
import { PageOutlet } from '../ui/page-outlet';
import { FullPageSpinner } from '../ui/spinner';
import { AdminLayout } from './admin-layout';
import { PublicOnly, RequireAdmin, RequireAuth } from './guards';
import { RouteErrorBoundary } from './route-error-boundary';
import { ScrollRestoration } from './scroll-restoration';

/**
 * Starts loading the chunks of the screens an address shows (its layout and page) at once, while
 * the session is being checked, instead of after it: one round trip less before the first paint
 * on a slow network. What the guards then decide to show is unchanged; a failed load is retried
 * when the screen renders, which shows the error page if it fails again.
 */
export function preloadScreens(pathname: string): Promise<void> {
  const loads: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const type: unknown = isValidElement(match.route.element) ? match.route.element.type : undefined;
    if (typeof type === 'object' && type !== null && 'preload' in type && typeof type.preload === 'function') {
      loads.push((type.preload as () => Promise<unknown>)().catch(() => undefined));
    }
  }
  return Promise.all(loads).then(() => undefined);
}

const AppLayout = lazyPage(() => import('./app-layout'), 'AppLayout');
const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/register-page'), 'RegisterPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
const ReportEmailChangePage = lazyPage(() => import('../features/auth/report-email-change-page'), 'ReportEmailChangePage');
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const PortfolioPage = lazyPage(() => import('../features/portfolio/portfolio-page'), 'PortfolioPage');
const DealsInputPage = lazyPage(() => import('../features/deals/deals-input-page'), 'DealsInputPage');
const DealsViewPage = lazyPage(() => import('../features/deals/deals-view-page'), 'DealsViewPage');
const SalesInputPage = lazyPage(() => import('../features/sales/sales-input-page'), 'SalesInputPage');
const SalesViewPage = lazyPage(() => import('../features/sales/sales-view-page'), 'SalesViewPage');
const SalesToVerifyPage = lazyPage(() => import('../features/sales/sales-to-verify-page'), 'SalesToVerifyPage');
const AdminMaterialsPage = lazyPage(() => import('../features/materials/admin-materials-page'), 'AdminMaterialsPage');
const MaterialsLibraryPage = lazyPage(() => import('../features/materials/materials-library-page'), 'MaterialsLibraryPage');
const HelpCenterPage = lazyPage(() => import('../features/tickets/help-center-page'), 'HelpCenterPage');
const AdminTicketsPage = lazyPage(() => import('../features/tickets/admin-tickets-page'), 'AdminTicketsPage');
const CommissionsPage = lazyPage(() => import('../features/commissions/commissions-page'), 'CommissionsPage');
const AdminCommissionsPage = lazyPage(() => import('../features/commissions/admin-commissions-page'), 'AdminCommissionsPage');
const ReportsPage = lazyPage(() => import('../features/reports/reports-page'), 'ReportsPage');
const RecruitmentPage = lazyPage(() => import('../features/members/recruitment-page'), 'RecruitmentPage');
const AdminMembersPage = lazyPage(() => import('../features/members/admin-members-page'), 'AdminMembersPage');
/** A member's sales, opened from the Members List (features stay independent: the router composes them). */
const MemberSalesModal = lazyPage(() => import('../features/sales/member-sales-modal'), 'MemberSalesModal');
const SettingsLayout = lazyPage(() => import('../features/settings/settings-layout'), 'SettingsLayout');
const PersonalDetailsTab = lazyPage(() => import('../features/settings/personal-details-tab'), 'PersonalDetailsTab');
const BankDetailsTab = lazyPage(() => import('../features/settings/bank-details-tab'), 'BankDetailsTab');
const HierarchyTab = lazyPage(() => import('../features/settings/hierarchy-tab'), 'HierarchyTab');
const CertificationsTab = lazyPage(() => import('../features/settings/certifications-tab'), 'CertificationsTab');
const SecurityTab = lazyPage(() => import('../features/settings/security-tab'), 'SecurityTab');
const LicencesTab = lazyPage(() => import('../features/licences/licences-tab'), 'LicencesTab');
const CompliancePage = lazyPage(() => import('../features/licences/compliance-page'), 'CompliancePage');
const AdminInsurersPage = lazyPage(() => import('../features/insurers/admin-insurers-page'), 'AdminInsurersPage');
const NotificationsTab = lazyPage(() => import('../features/notifications/notifications-tab'), 'NotificationsTab');
const NotificationsPage = lazyPage(() => import('../features/notifications/notifications-page'), 'NotificationsPage');
const PrivacyTab = lazyPage(() => import('../features/privacy/privacy-tab'), 'PrivacyTab');
const StatementsPage = lazyPage(() => import('../features/reconciliation/statements-page'), 'StatementsPage');
const ReconciliationPage = lazyPage(() => import('../features/reconciliation/reconciliation-page'), 'ReconciliationPage');
const MissingCommissionsPage = lazyPage(() => import('../features/reconciliation/missing-commissions-page'), 'MissingCommissionsPage');
/** A sale's cancellation, offered by a chargeback on a statement (features stay independent: the router composes them). */
// University (issue 47).
const UniversityPage = lazyPage(() => import('../features/university/university-page'), 'UniversityPage');
const CoursePage = lazyPage(() => import('../features/university/course-page'), 'CoursePage');
const PublicCertificatePage = lazyPage(() => import('../features/university/public-certificate-page'), 'PublicCertificatePage');
const AdminUniversityPage = lazyPage(() => import('../features/university/admin-university-page'), 'AdminUniversityPage');
const CancelSaleModal = lazyPage(() => import('../features/sales/cancel-sale-modal'), 'CancelSaleModal');
const AdminPrivacyLayout = lazyPage(() => import('../features/privacy/admin-privacy-layout'), 'AdminPrivacyLayout');
const PrivacyRequestsPage = lazyPage(() => import('../features/privacy/privacy-requests-page'), 'PrivacyRequestsPage');
const AccessLogPage = lazyPage(() => import('../features/privacy/access-log-page'), 'AccessLogPage');
const ProposalsPage = lazyPage(() => import('../features/proposals/proposals-page'), 'ProposalsPage');
const ProposalPage = lazyPage(() => import('../features/proposals/proposal-page'), 'ProposalPage');
const ProposalFormPage = lazyPage(() => import('../features/proposals/proposal-form-page'), 'ProposalFormPage');
const PublicProposalPage = lazyPage(() => import('../features/proposals/public-proposal-page'), 'PublicProposalPage');
const AdminProposalsPage = lazyPage(() => import('../features/proposals/admin-proposals-page'), 'AdminProposalsPage');
// E-Store (issue 48).
const EstorePage = lazyPage(() => import('../features/estore/estore-page'), 'EstorePage');
const AdminStoreProductsPage = lazyPage(() => import('../features/estore/admin-store-products-page'), 'AdminStoreProductsPage');
const PrivacyNoticePage = lazyPage(() => import('../features/privacy/privacy-notice-page'), 'PrivacyNoticePage');

function Root() {
  return (
    <RouteErrorBoundary>
      <SessionProvider>
        <ScrollRestoration />
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </SessionProvider>
    </RouteErrorBoundary>
  );
}

/**
 * The route table: every area of the sidebar has its screen. Rendered by
 * `AppRoutes` inside a `BrowserRouter` (main.tsx): React Router's declarative mode, not its data
 * router, which no screen used (no loader, action or fetcher) and which is 58 KiB more of
 * JavaScript before the first render (decision 014, eighth session).
 */
const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
        ],
      },
      // The e-mailed reset link (decision 026): open with or without a session.
      { path: 'reset-password', element: <ResetPasswordPage /> },
      // The link sent to the address an e-mail change replaced (decision 027): open with or without
      // a session.
      { path: 'report-email-change', element: <ReportEmailChangePage /> },
      // The client's link to a proposal (issue 46): no sign-in, with or without a session.
      { path: 'p/:token', element: <PublicProposalPage /> },
      // A certificate's public check (issue 47): no sign-in, with or without a session.
      { path: 'certificate/:code', element: <PublicCertificatePage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                element: <PageOutlet />,
                children: [
                  { index: true, element: <DashboardPage /> },
                  { path: 'portfolio', element: <PortfolioPage /> },
                  {
                    path: 'deals',
                    children: [
                      { index: true, element: <Navigate to="dealsinput" replace /> },
                      { path: 'dealsinput', element: <DealsInputPage /> },
                      { path: 'dealsview', element: <DealsViewPage /> },
                    ],
                  },
                  {
                    path: 'sales',
                    children: [
                      { index: true, element: <Navigate to="salesview" replace /> },
                      { path: 'salesinput', element: <SalesInputPage /> },
                      { path: 'salesview', element: <SalesViewPage /> },
                    ],
                  },
                  {
                    path: 'proposals',
                    children: [
                      { index: true, element: <ProposalsPage /> },
                      { path: 'new', element: <ProposalFormPage /> },
                      { path: ':proposalId', element: <ProposalPage /> },
                      { path: ':proposalId/edit', element: <ProposalFormPage /> },
                    ],
                  },
                  { path: 'estore', element: <EstorePage /> },
                  { path: 'helpcenter', element: <HelpCenterPage /> },
                  {
                    path: 'university',
                    children: [
                      { index: true, element: <UniversityPage /> },
                      { path: ':courseId', element: <CoursePage /> },
                    ],
                  },
                  { path: 'recruitment', element: <RecruitmentPage /> },
                  {
                    path: 'marketing',
                    element: <MaterialsLibraryPage key="marketing" library="Marketing" />,
                  },
                  { path: 'commissions', element: <CommissionsPage /> },
                  { path: 'reports', element: <ReportsPage /> },
                  { path: 'notifications', element: <NotificationsPage /> },
                  {
                    path: 'learning',
                    element: <MaterialsLibraryPage key="learning" library="Learning" />,
                  },
                  {
                    path: 'settings',
                    children: [
                      { index: true, element: <Navigate to="userdetails" replace /> },
                      {
                        // The tabs of 'Settings And Details'; each tab is a child route.
                        element: <SettingsLayout />,
                        children: [
                          { path: 'userdetails', element: <PersonalDetailsTab /> },
                          { path: 'bankdetails', element: <BankDetailsTab /> },
                          { path: 'hiearchy', element: <HierarchyTab /> },
                          { path: 'certifications', element: <CertificationsTab /> },
                          { path: 'licences', element: <LicencesTab /> },
                          { path: 'security', element: <SecurityTab /> },
                          { path: 'notifications', element: <NotificationsTab /> },
                          { path: 'privacy', element: <PrivacyTab /> },
                        ],
                      },
                    ],
                  },
                  {
                    path: 'admin',
                    element: <RequireAdmin />,
                    children: [
                      { index: true, element: <Navigate to="adminmembers" replace /> },
                      {
                        // The Admin Panel's sub-navigation above every admin screen.
                        element: <AdminLayout />,
                        children: [
                          { path: 'adminmembers', element: <AdminMembersPage SalesDialog={MemberSalesModal} /> },
                          { path: 'adminmaterials', element: <AdminMaterialsPage /> },
                          { path: 'adminticketlist', element: <AdminTicketsPage /> },
                          { path: 'admincommissions', element: <AdminCommissionsPage /> },
                          { path: 'verifysales', element: <SalesToVerifyPage /> },
                          { path: 'compliance', element: <CompliancePage /> },
                          { path: 'insurers', element: <AdminInsurersPage /> },
                          { path: 'statements', element: <StatementsPage /> },
                          { path: 'statements/missing', element: <MissingCommissionsPage /> },
                          { path: 'statements/:importId', element: <ReconciliationPage CancelDialog={CancelSaleModal} /> },
                          { path: 'proposals', element: <AdminProposalsPage /> },
                          { path: 'estore', element: <AdminStoreProductsPage /> },
                          { path: 'university', element: <AdminUniversityPage /> },
                          {
                            path: 'privacy',
                            element: <AdminPrivacyLayout />,
                            children: [
                              { index: true, element: <Navigate to="requests" replace /> },
                              { path: 'requests', element: <PrivacyRequestsPage /> },
                              { path: 'accesslog', element: <AccessLogPage /> },
                              { path: 'notice', element: <PrivacyNoticePage /> },
                            ],
                          },
                        ],
                      },
                    ],
                  },
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/** The screens of the route table for the current address. */
export function AppRoutes() {
  return useRoutes(routes);
}
