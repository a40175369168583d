import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the section named after the path (#/privacy-policy#your-rights) when the page opens
 * and whenever a link to a section is followed, and moves keyboard focus there so the next Tab
 * continues from that section.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  // `key` changes on every navigation, so following the same section link twice scrolls again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the re-run trigger
  useEffect(() => {
    if (hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    // jsdom and some old browsers have no scrollIntoView.
    target.scrollIntoView?.({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    target.focus({ preventScroll: true });
  }, [hash, key]);
}
