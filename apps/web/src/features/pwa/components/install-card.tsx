import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { PRODUCT_NAME } from '../../../lib/brand.ts';
import { shouldShowInstallCard } from '../install-card-rules.ts';
import { installApp, isStandalone, snoozeInstallCard, useInstallPrompt } from '../install-prompt.ts';

/** docs/requirements/overview.md: offers installation with Install and Later while the browser allows it. */
export function InstallCard({ className }: { className?: string }) {
  const offer = useInstallPrompt((state) => state.offer);
  const dismissedAt = useInstallPrompt((state) => state.dismissedAt);
  const [installing, setInstalling] = useState(false);
  const visible = shouldShowInstallCard({
    promptAvailable: offer !== null,
    standalone: isStandalone(),
    dismissedAt,
    now: Date.now(),
  });
  if (!visible) return null;

  const install = async () => {
    setInstalling(true);
    try {
      await installApp();
    } finally {
      setInstalling(false);
    }
  };

  return (
    <section
      aria-labelledby="install-card-title"
      className={cn(
        'flex w-full items-start gap-4 rounded-2xl border border-line bg-surface p-4 text-fg',
        className,
      )}
    >
      <img src="/icons/icon.svg" alt="" width={48} height={48} className="size-12 shrink-0 rounded-xl" />
      <div className="flex flex-1 flex-col gap-3">
        <div>
          <h2 id="install-card-title" className="font-sans text-base font-semibold">
            Install {PRODUCT_NAME}
          </h2>
          <p className="mt-1 text-sm text-muted">
            Add the app to your device: it opens in its own window, straight from your home screen.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => void install()}
            loading={installing}
            icon={<Download aria-hidden="true" className="size-4" />}
          >
            Install
          </Button>
          <Button size="sm" variant="secondary" onClick={() => snoozeInstallCard()}>
            Later
          </Button>
        </div>
      </div>
    </section>
  );
}
