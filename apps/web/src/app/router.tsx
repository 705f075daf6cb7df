import { Navigate, Outlet, ScrollRestoration, createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { DealsInputPage } from '../features/deals/deals-input-page';
import { DealsViewPage } from '../features/deals/deals-view-page';
import { AdminMaterialsPage } from '../features/materials/admin-materials-page';
import { MaterialsLibraryPage } from '../features/materials/materials-library-page';
import { ComingSoonPage } from '../features/placeholders/coming-soon-page';
import { NotFoundPage } from '../features/placeholders/not-found-page';
import { RouteErrorPage } from '../features/placeholders/route-error-page';
import { SalesInputPage } from '../features/sales/sales-input-page';
import { SalesViewPage } from '../features/sales/sales-view-page';
import { AppLayout } from './app-layout';
import { PublicOnly, RequireAdmin, RequireAuth } from './guards';
import { SessionProvider } from '../api/session';

function Root() {
  return (
    <SessionProvider>
      <ScrollRestoration />
      <Outlet />
    </SessionProvider>
  );
}

const soon = (title: string, description?: string) => <ComingSoonPage key={title} title={title} description={description} />;

/** The route table of spec §2. Areas not built yet show their title and 'Coming Soon...'. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <DashboardPage /> },
              { path: 'portfolio', element: soon('My Portfolio') },
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
              { path: 'proposals', element: soon('Insurance Proposals') },
              { path: 'estore', element: soon('E-Store') },
              { path: 'helpcenter', element: soon('Help Center') },
              { path: 'university', element: soon('University') },
              { path: 'recruitment', element: soon('Agent Recruitment') },
              {
                path: 'marketing',
                element: (
                  <MaterialsLibraryPage
                    key="marketing"
                    title="Marketing"
                    description="Brochures, flyers and other materials to share with your clients."
                  />
                ),
              },
              { path: 'commissions', element: soon('Commission Tracking') },
              { path: 'reports', element: soon('Performance Reports') },
              {
                path: 'learning',
                element: (
                  <MaterialsLibraryPage
                    key="learning"
                    title="Learning Resources"
                    description="Guides, product sheets and training files from the agency."
                  />
                ),
              },
              {
                path: 'settings',
                children: [
                  { index: true, element: <Navigate to="userdetails" replace /> },
                  { path: 'userdetails', element: soon('Settings And Details', 'Personal Details') },
                  { path: 'bankdetails', element: soon('Settings And Details', 'Bank Details') },
                  { path: 'certifications', element: soon('Settings And Details', 'Certifications') },
                  { path: 'hiearchy', element: soon('Settings And Details', 'Hiearchy') },
                ],
              },
              {
                path: 'admin',
                element: <RequireAdmin />,
                children: [
                  { index: true, element: <Navigate to="adminmembers" replace /> },
                  { path: 'adminmembers', element: soon('Members List') },
                  { path: 'adminmaterials', element: <AdminMaterialsPage /> },
                  { path: 'adminticketlist', element: soon('Tickets List') },
                ],
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
