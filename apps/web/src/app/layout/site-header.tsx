import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { useAuth } from '../../features/auth/stores/auth-store.ts';
import { MainNav, type MainNavEntry } from './main-nav.tsx';

// The menu (and its Radix code) loads only for signed-in people, keeping guests' start-up small.
const AccountMenu = lazy(() =>
  import('./account-menu.tsx').then((module) => ({ default: module.AccountMenu })),
);

/** The header: the logo, the main navigation on wide windows (`mainNav`), the theme and the account. */
export function SiteHeader({ mainNav = [] }: { mainNav?: readonly MainNavEntry[] }) {
  const user = useAuth((state) => state.user);
  const loading = useAuth((state) => state.loading);
  return (
    <header className="sticky top-0 z-30 border-b border-line/70 bg-bg/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <div className="flex items-center gap-6">
          <Link to="/" className="rounded-lg" aria-label="Astro Guidance home">
            <Logo />
          </Link>
          <MainNav entries={mainNav} placement="header" />
        </div>
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {loading ? null : user ? (
            <Suspense fallback={<span className="block h-10 w-14" />}>
              <AccountMenu user={user} />
            </Suspense>
          ) : (
            <>
              <Link to="/?auth=login" className={buttonClasses('ghost', 'sm', 'h-10 whitespace-nowrap')}>
                Log in
              </Link>
              <Link
                to="/?auth=register"
                className={buttonClasses('primary', 'sm', 'h-10 whitespace-nowrap max-[399px]:hidden')}
              >
                Get started
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
