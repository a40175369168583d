import { type ComponentType, createElement, lazy, type ReactElement } from 'react';

/**
 * Every lazily loaded page, by name. The router renders them and the preloader warms them up:
 * both call the same import, so a preloaded page renders without waiting.
 */
const pageLoaders = {
  subscription: () => import('../features/subscription/components/subscription-page.tsx'),
  paymentSuccess: () => import('../features/subscription/components/payment-success-page.tsx'),
  paymentCancelled: () => import('../features/subscription/components/payment-cancelled-page.tsx'),
  birthForm: () => import('../features/birth-data/components/birth-form-page.tsx'),
  people: () => import('../features/birth-data/components/people-page.tsx'),
  comparison: () => import('../features/birth-data/components/comparison-page.tsx'),
  chat: () => import('../features/chat/components/chat-page.tsx'),
  cosmicLandscape: () => import('../features/cosmic-landscape/components/cosmic-landscape-page.tsx'),
  admin: () => import('../features/admin/components/admin-page.tsx'),
  settings: () => import('../features/auth/components/settings-page.tsx'),
  verifyEmailPending: () => import('../features/auth/components/verify-email-pending-page.tsx'),
  verifyEmail: () => import('../features/auth/components/verify-email-page.tsx'),
  forgotPassword: () => import('../features/auth/components/forgot-password-page.tsx'),
  resetPassword: () => import('../features/auth/components/reset-password-page.tsx'),
  privacyPolicy: () => import('../features/legal/pages/privacy-policy-page.tsx'),
  termsOfService: () => import('../features/legal/pages/terms-of-service-page.tsx'),
  cookiePolicy: () => import('../features/legal/pages/cookie-policy-page.tsx'),
  contact: () => import('../features/info/components/contact-page.tsx'),
  status: () => import('../features/info/components/status-page.tsx'),
  updates: () => import('../features/updates/pages/updates-page.tsx'),
  partners: () => import('../features/partners/components/partners-page.tsx'),
  partnerApply: () => import('../features/partners/components/partner-apply-page.tsx'),
  partnerConfirmChanges: () => import('../features/partners/components/confirm-changes-page.tsx'),
} as const;

export type PageName = keyof typeof pageLoaders;

/** The pages whose code has arrived: they render at once, without a Suspense fallback. */
const loaded: Partial<Record<PageName, ComponentType>> = {};

function loadPage(name: PageName): Promise<{ default: ComponentType }> {
  return (pageLoaders[name] as () => Promise<{ default: ComponentType }>)().then((module) => {
    loaded[name] = module.default;
    return module;
  });
}

const lazyPages = Object.fromEntries(
  Object.keys(pageLoaders).map((name) => [name, lazy(() => loadPage(name as PageName))]),
) as unknown as Record<PageName, ComponentType>;

/** Loads a page's code ahead of its first render. */
export function preloadPage(name: PageName): Promise<void> {
  return loadPage(name).then(() => undefined);
}

/** A lazily loaded page: suspends until its code arrives, or renders at once if it was preloaded. */
export function PageView({ name }: { name: PageName }): ReactElement {
  return createElement(loaded[name] ?? lazyPages[name]);
}
