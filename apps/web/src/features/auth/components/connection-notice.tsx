import { WifiOff } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../stores/auth-store.ts';

/**
 * Says that the server cannot be reached while the session is kept (decision 0207), with a way to
 * try at once; the store keeps trying by itself.
 */
export function ConnectionNotice() {
  const retrying = useAuth((state) => state.connection === 'retrying' && state.token !== null);
  const initialize = useAuth((state) => state.initialize);
  if (!retrying) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b border-line bg-surface-2 px-4 py-2 text-sm"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0 text-muted" />
      <span>Can't reach Astro Guidance right now. You're still signed in; we'll keep trying.</span>
      <Button size="sm" variant="secondary" onClick={() => void initialize()}>
        Try again
      </Button>
    </div>
  );
}
