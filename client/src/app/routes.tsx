import type { RouteObject } from 'react-router';
import { ManagePage } from '../features/admin/ManagePage';
import { SignupPage } from '../features/admin/SignupPage';
import { AppHomePage } from '../features/apphome/AppHomePage';
import { AppPortfoliosPage } from '../features/appPortfolios/AppPortfoliosPage';
import { LoginPage } from '../features/auth/LoginPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { TermsPage } from '../features/auth/TermsPage';
import { PublicOnly, RequireAuth, RequireRight } from '../features/auth/guards';
import { HelpPage } from '../features/help/HelpPage';
import { HomePage } from '../features/home/HomePage';
import { InvestmentProfilePage } from '../features/investmentProfile/InvestmentProfilePage';
import { NewProfilePage } from '../features/investmentProfile/NewProfilePage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { AppLayout } from '../features/shell/AppLayout';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import { StockPage } from '../features/stock/StockPage';
import { ContactRoute } from '../features/support/ContactRoute';

/** The route table of spec 000 §2 and 002 §2.1. */
export const routes: RouteObject[] = [
  // Public pages.
  {
    path: '/login',
    element: (
      <PublicOnly>
        <LoginPage />
      </PublicOnly>
    ),
  },
  {
    path: '/signup',
    element: (
      <PublicOnly>
        <SignupPage />
      </PublicOnly>
    ),
  },
  { path: '/terms', element: <TermsPage /> },
  // Signed in or not: an expired account's user is told to contact us.
  { path: '/contact', element: <ContactRoute /> },
  { path: '/reset-pass/:code', element: <ResetPasswordPage /> },
  { path: '/apphome', element: <AppHomePage /> },
  { path: '/help', element: <HelpPage /> },

  // Signed-in pages, in the app shell.
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: '/', element: <HomePage /> },
          {
            path: '/investment-profile',
            element: (
              <RequireRight right="investmentProfile.edit">
                <InvestmentProfilePage />
              </RequireRight>
            ),
          },
          {
            path: '/stock/:symbol',
            element: (
              <RequireRight right="stock.read">
                <StockPage />
              </RequireRight>
            ),
          },
          { path: '/profile', element: <ProfilePage /> },
          {
            path: '/newProfile',
            element: (
              <RequireRight right="profiles.create">
                <NewProfilePage />
              </RequireRight>
            ),
          },
          { path: '/manage/:mode', element: <ManagePage /> },
          { path: '/manage/:mode/:itemId', element: <ManagePage /> },
          {
            path: '/appportfolios',
            element: (
              <RequireRight right="appPortfolios.manage">
                <AppPortfoliosPage />
              </RequireRight>
            ),
          },
        ],
      },
    ],
  },

  { path: '*', element: <NotFoundPage /> },
];
