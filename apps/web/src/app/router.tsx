import { ADMIN_SECTIONS } from '@app/contracts/app-paths.ts';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import type { AccessLevel } from './access.ts';
import { ErrorScreen } from './layout/error-screen.tsx';
import { NotFoundPage } from './layout/not-found-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import HomePage from './pages/home-page.tsx';
import { type PageName, PageView } from './pages.ts';
import { RequireAccess } from './require-access.tsx';

/** What a route's `handle` tells the start-up code: which lazily loaded page it shows. */
export interface PageHandle {
  page: PageName;
}

function open(path: string, page: PageName): RouteObject {
  return { path, element: <PageView name={page} />, handle: { page } satisfies PageHandle };
}

function guarded(path: string, level: AccessLevel, page: PageName): RouteObject {
  return {
    path,
    element: (
      <RequireAccess level={level}>
        <PageView name={page} />
      </RequireAccess>
    ),
    handle: { page } satisfies PageHandle,
  };
}

/** docs/requirements/routes-and-guards.md: every screen, its path and its guard. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        errorElement: <ErrorScreen />,
        children: [
          { path: '/', element: <HomePage /> },
          open('/privacy-policy', 'privacyPolicy'),
          open('/terms-of-service', 'termsOfService'),
          open('/cookie-policy', 'cookiePolicy'),
          open('/contact', 'contact'),
          open('/updates', 'updates'),
          open('/status', 'status'),
          open('/partners', 'partners'),
          open('/partners/apply', 'partnerApply'),
          open('/partners/confirm/:token', 'partnerConfirmChanges'),
          open('/verify-email/:token', 'verifyEmail'),
          open('/forgot-password', 'forgotPassword'),
          open('/reset-password/:token', 'resetPassword'),
          open('/success', 'paymentSuccess'),
          open('/cancelled', 'paymentCancelled'),

          guarded('/verify-email-pending', 'login', 'verifyEmailPending'),
          guarded('/subscription', 'verified', 'subscription'),
          guarded('/birth-form', 'paid', 'birthForm'),
          guarded('/people', 'paid', 'people'),
          guarded('/people/:id', 'paid', 'comparison'),
          guarded('/chat', 'full', 'chat'),
          guarded('/chat/:sessionId', 'full', 'chat'),
          guarded('/cosmic-landscape', 'full', 'cosmicLandscape'),
          guarded('/settings', 'login', 'settings'),
          guarded('/admin', 'login', 'admin'),
          ...ADMIN_SECTIONS.map((section) => guarded(`/admin/${section}`, 'login', 'admin')),

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
