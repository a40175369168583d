import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the section named after the path (#/privacy-policy#your-rights) when the page opens
 * and whenever a link to a section is followed, and moves keyboard focus there so the next Tab
 * continues from that section.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  const opened = useRef(false);
  // `key` changes on every navigation, so following the same section link twice scrolls again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the re-run trigger
  useEffect(() => {
    // A page opened at a section jumps there; a link followed on the page glides, unless the
    // reader asked the system for less motion.
    const glide = opened.current && !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    opened.current = true;
    if (hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    // jsdom and some old browsers have no scrollIntoView.
    target.scrollIntoView?.({ block: 'start', behavior: glide ? 'smooth' : 'instant' });
    target.focus({ preventScroll: true });
  }, [hash, key]);
}
