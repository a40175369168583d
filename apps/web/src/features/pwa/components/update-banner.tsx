import { useRegisterSW } from 'virtual:pwa-register/react';
import { RefreshCw, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { scheduleUpdateChecks } from '../update-checks.ts';

/**
 * Registers the service worker and shows "Update available" when a new version is waiting
 * (docs/requirements/overview.md). Update hands control to the new version, which reloads the
 * page; dismiss keeps the current version until every tab of the app has been closed.
 */
export function UpdateBanner() {
  const [updating, setUpdating] = useState(false);
  // Dismissed for the rest of this visit: the service worker library may report the same waiting
  // version more than once while it settles, which must not bring the banner back.
  const [dismissed, setDismissed] = useState(false);
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // Registration waits for the page to finish loading, so it never competes with the first paint.
    immediate: false,
    onRegisteredSW: (_url, registration) => {
      if (registration) scheduleUpdateChecks(registration);
    },
    // The reload is ours (below): the library skips it when the first version took over during this visit.
    onNeedReload: () => undefined,
    onRegisterError: (error: unknown) => {
      console.warn('The offline support could not start', error instanceof Error ? error.message : error);
    },
  });
  if (!needRefresh || dismissed) return null;

  return (
    <section
      aria-labelledby="update-banner-title"
      className="pointer-events-auto flex w-full items-center gap-3 rounded-2xl border border-line bg-surface p-4 text-fg shadow-lg"
    >
      <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-accent" />
      <div className="flex-1">
        <h2 id="update-banner-title" className="font-sans text-base font-semibold">
          Update available
        </h2>
        <p className="text-sm text-muted">A new version of the app is ready.</p>
      </div>
      <Button
        size="sm"
        loading={updating}
        loadingText="Updating..."
        onClick={() => {
          setUpdating(true);
          // The new version takes over, then the page reloads to run it.
          navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
            once: true,
          });
          void updateServiceWorker(true);
        }}
      >
        Update
      </Button>
      <button
        type="button"
        onClick={() => setDismissed(true)}
        className="-m-1 flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
        aria-label="Dismiss"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
