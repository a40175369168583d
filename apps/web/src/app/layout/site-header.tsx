import { Settings } from 'lucide-react';
import { Link } from 'react-router';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { useAuth } from '../../features/auth/stores/auth-store.ts';

export function SiteHeader() {
  const user = useAuth((state) => state.user);
  const loading = useAuth((state) => state.loading);
  return (
    <header className="sticky top-0 z-30 border-b border-line/70 bg-bg/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to="/" className="rounded-lg" aria-label="Astro Guidance home">
          <Logo />
        </Link>
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {loading ? null : user ? (
            <Link to="/settings" className={buttonClasses('ghost', 'sm', 'h-10')}>
              <Settings aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">Settings</span>
              <span className="sr-only sm:hidden">Settings</span>
            </Link>
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
