import { Navigate, Outlet, ScrollRestoration, createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { ComingSoonPage } from '../features/placeholders/coming-soon-page';
import { NotFoundPage } from '../features/placeholders/not-found-page';
import { RouteErrorPage } from '../features/placeholders/route-error-page';
import { AppLayout } from './app-layout';
import { PublicOnly, RequireAdmin, RequireAuth } from './guards';
import { SessionProvider } from './session';

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
                  { path: 'dealsinput', element: soon('Deals') },
                  { path: 'dealsview', element: soon('Deals Table') },
                ],
              },
              {
                path: 'sales',
                children: [
                  { index: true, element: <Navigate to="salesview" replace /> },
                  { path: 'salesinput', element: soon('Sales') },
                  { path: 'salesview', element: soon('Sales', 'View Your Sales') },
                ],
              },
              { path: 'proposals', element: soon('Insurance Proposals') },
              { path: 'estore', element: soon('E-Store') },
              { path: 'helpcenter', element: soon('Help Center') },
              { path: 'university', element: soon('University') },
              { path: 'recruitment', element: soon('Agent Recruitment') },
              { path: 'marketing', element: soon('Marketing') },
              { path: 'commissions', element: soon('Commission Tracking') },
              { path: 'reports', element: soon('Performance Reports') },
              { path: 'learning', element: soon('Learning Resources') },
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
                  { path: 'adminmaterials', element: soon('Materials Panel') },
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
