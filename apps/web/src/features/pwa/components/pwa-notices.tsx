import { InstallCard } from './install-card.tsx';
import { UpdateBanner } from './update-banner.tsx';

/**
 * The update banner, in a corner above the page (and above the phone's bottom bar, --bottom-bar).
 * Loaded after the first render (it registers the service worker), so it adds nothing to the
 * initial code.
 */
export default function PwaNotices() {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[var(--bottom-bar,0px)] z-40 mx-auto flex w-full max-w-md flex-col gap-3 p-4 sm:right-auto sm:left-4 sm:mx-0">
      <UpdateBanner />
    </div>
  );
}

/**
 * The install card takes its own place in the page, below the content and above the footer, so it
 * never covers a field or a button (the layout shows it only on reading pages).
 */
export function InstallCardSlot() {
  return <InstallCard className="mx-auto mb-10 w-[calc(100%-2rem)] max-w-xl sm:w-full" />;
}
