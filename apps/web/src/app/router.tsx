import type { ComponentType, LazyExoticComponent } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import type { AccessLevel } from './access.ts';
import { ErrorScreen } from './layout/error-screen.tsx';
import { NotFoundPage } from './layout/not-found-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import HomePage from './pages/home-page.tsx';
import { pages } from './pages.ts';
import { RequireAccess } from './require-access.tsx';

type Page = LazyExoticComponent<ComponentType>;

function open(path: string, Page: Page): RouteObject {
  return { path, element: <Page /> };
}

function guarded(path: string, level: AccessLevel, Page: Page): RouteObject {
  return {
    path,
    element: (
      <RequireAccess level={level}>
        <Page />
      </RequireAccess>
    ),
  };
}

/** SPEC section 2: every screen, its path and its guard. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        errorElement: <ErrorScreen />,
        children: [
          { path: '/', element: <HomePage /> },
          open('/privacy-policy', pages.privacyPolicy),
          open('/terms-of-service', pages.termsOfService),
          open('/cookie-policy', pages.cookiePolicy),
          open('/contact', pages.contact),
          open('/updates', pages.updates),
          open('/partners', pages.partners),
          open('/partners/apply', pages.partnerApply),
          open('/verify-email/:token', pages.verifyEmail),
          open('/forgot-password', pages.forgotPassword),
          open('/reset-password/:token', pages.resetPassword),
          open('/success', pages.paymentSuccess),
          open('/cancelled', pages.paymentCancelled),

          guarded('/verify-email-pending', 'login', pages.verifyEmailPending),
          guarded('/subscription', 'verified', pages.subscription),
          guarded('/birth-form', 'paid', pages.birthForm),
          guarded('/chat', 'full', pages.chat),
          guarded('/chat/:sessionId', 'full', pages.chat),
          guarded('/cosmic-landscape', 'full', pages.cosmicLandscape),
          guarded('/settings', 'login', pages.settings),
          guarded('/admin', 'login', pages.admin),

          { path: '/horoscope', element: <Navigate to="/cosmic-landscape" replace /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}
