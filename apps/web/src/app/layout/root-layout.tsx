import { type ComponentType, lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { Toaster } from '../../components/ui/toaster.tsx';
import { ConnectionNotice } from '../../features/auth/components/connection-notice.tsx';
import { installCardAllowedOn } from '../../features/pwa/install-card-rules.ts';
import { startInstallPromptCapture } from '../../features/pwa/install-prompt.ts';
import { Footer } from './footer.tsx';
import { LoadingScreen } from './loading-screen.tsx';
import { BOTTOM_BAR_ROOM, MainNav, useMainNavEntries } from './main-nav.tsx';
import { SiteHeader } from './site-header.tsx';

// The install card and update banner load after the first render; if their code cannot load, the
// page goes on without them.
const loadPwaNotices = () => import('../../features/pwa/components/pwa-notices.tsx');
const PwaNotices = lazy(
  (): Promise<{ default: ComponentType }> => loadPwaNotices().catch(() => ({ default: () => null })),
);
const InstallCardSlot = lazy(
  (): Promise<{ default: ComponentType }> =>
    loadPwaNotices()
      .then((module) => ({ default: module.InstallCardSlot }))
      .catch(() => ({ default: () => null })),
);

/** docs/requirements/routes-and-guards.md: the footer is on every page except paths starting with /chat. */
export function showsFooter(pathname: string): boolean {
  return !pathname.startsWith('/chat');
}

export function RootLayout() {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  const mainNav = useMainNavEntries();
  const hasBottomBar = mainNav.length > 0;
  useEffect(() => startInstallPromptCapture(), []);
  // After an in-app navigation, move focus to the new page so keyboard and screen reader users
  // start reading it from the top (not on the first load, where the browser starts there anyway).
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <div
      className={cn(
        'sky flex min-h-dvh flex-col overflow-x-clip bg-bg text-fg',
        // On a phone the bottom bar covers the end of the page: the page ends above it.
        hasBottomBar && `${BOTTOM_BAR_ROOM} pb-(--bottom-bar)`,
      )}
    >
      {/* A button, not a #main link: the hash holds the route. */}
      <button
        type="button"
        onClick={() => document.getElementById('main')?.focus()}
        className="sr-only z-50 rounded-lg bg-accent px-4 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </button>
      <SiteHeader mainNav={mainNav} />
      <ConnectionNotice />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Suspense fallback={<LoadingScreen message="Loading page..." />}>
          <Outlet />
        </Suspense>
      </main>
      {installCardAllowedOn(pathname) ? (
        <Suspense fallback={null}>
          <InstallCardSlot />
        </Suspense>
      ) : null}
      {showsFooter(pathname) ? <Footer /> : null}
      <MainNav entries={mainNav} placement="bar" />
      <Toaster />
      <Suspense fallback={null}>
        <PwaNotices />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
