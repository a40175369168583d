import { InstallCard } from './install-card.tsx';
import { UpdateBanner } from './update-banner.tsx';

/**
 * The installable app's notices, in one corner: the update banner above the install card. Loaded
 * after the first render (it registers the service worker), so it adds nothing to the initial code.
 */
export default function PwaNotices() {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 mx-auto flex w-full max-w-md flex-col gap-3 p-4 sm:right-auto sm:left-4 sm:mx-0">
      <UpdateBanner />
      <InstallCard />
    </div>
  );
}
