import type { PlanKind } from '@app/contracts/subscription.ts';
import { type LucideIcon, MessageCircle, Orbit, Telescope } from 'lucide-react';
import { NavLink } from 'react-router';
import { useSubscriptionStatus } from '../../features/subscription/api/subscription-queries.ts';
import { type AccessFacts, type AccessLevel, decideAccess } from '../access.ts';
import { useAccessFacts } from '../use-access-facts.ts';

// The signed-in person's main places: in the header on wide windows, as a bar at the bottom of
// the screen on phone-sized ones. Each shows only to those its route lets in.

export interface MainNavEntry {
  to: string;
  label: string;
  Icon: LucideIcon;
  /** The route's guard (router.tsx): the entry shows only when it would let the person in. */
  level: AccessLevel;
  /** Only for plans of these kinds (the chat-only plan has no landscape); admins have every feature. */
  plans?: readonly PlanKind[];
}

export const MAIN_NAV: readonly MainNavEntry[] = [
  { to: '/cosmic-landscape', label: 'Today', Icon: Telescope, level: 'full', plans: ['full'] },
  { to: '/chat', label: 'Chat', Icon: MessageCircle, level: 'full' },
  { to: '/birth-form', label: 'Chart', Icon: Orbit, level: 'paid' },
];

/** The entries of the main navigation this person can use (none for a guest). */
export function mainNavEntries(facts: AccessFacts, planKind: PlanKind | null = null): MainNavEntry[] {
  const planAllows = (entry: MainNavEntry) =>
    !entry.plans || !planKind || facts.user?.role === 'admin' || entry.plans.includes(planKind);
  return MAIN_NAV.filter((entry) => decideAccess(entry.level, facts).kind === 'allow' && planAllows(entry));
}

export function useMainNavEntries(): MainNavEntry[] {
  const facts = useAccessFacts();
  // The same cached status the facts come from, for the plan's kind.
  const { status } = useSubscriptionStatus({ enabled: facts.user !== null && !facts.loading });
  return mainNavEntries(facts, status?.plan?.kind ?? null);
}

/**
 * The room the bottom bar takes (its height and the phone's safe area below it), as the
 * --bottom-bar property of the layout: the page is padded by it, and what is fixed to the bottom
 * of the screen or sized to it (notices, toasts, the chat) keeps clear of the bar with it. Wide
 * windows have no bar.
 */
export const BOTTOM_BAR_ROOM =
  '[--bottom-bar:calc(4rem_+_env(safe-area-inset-bottom))] md:[--bottom-bar:0px]';

const PLACEMENT = {
  header: {
    nav: 'hidden items-center gap-1 md:flex',
    list: 'flex items-center gap-1',
    link: 'flex h-10 items-center gap-2 rounded-xl px-3 text-sm font-medium text-muted hover:bg-surface-2 hover:text-fg aria-[current=page]:bg-surface-2 aria-[current=page]:text-fg',
    icon: 'size-4',
  },
  bar: {
    nav: 'fixed inset-x-0 bottom-0 z-30 border-t border-line/70 bg-bg/90 pr-[env(safe-area-inset-right)] pb-[env(safe-area-inset-bottom)] pl-[env(safe-area-inset-left)] backdrop-blur-md md:hidden',
    list: 'mx-auto grid h-16 max-w-md auto-cols-fr grid-flow-col',
    link: 'flex h-full flex-col items-center justify-center gap-1 text-xs font-medium text-muted hover:text-fg aria-[current=page]:text-accent',
    icon: 'size-5',
  },
} as const;

/** The main navigation, in the header (`header`) or as the phone's bottom bar (`bar`). */
export function MainNav({
  entries,
  placement,
}: {
  entries: readonly MainNavEntry[];
  placement: keyof typeof PLACEMENT;
}) {
  if (entries.length === 0) return null;
  const classes = PLACEMENT[placement];
  return (
    <nav aria-label="Main" className={classes.nav} data-placement={placement}>
      <ul className={classes.list}>
        {entries.map(({ to, label, Icon }) => (
          <li key={to} className={placement === 'bar' ? 'h-full' : undefined}>
            {/* NavLink marks the current place with aria-current="page" (a conversation too, under /chat). */}
            <NavLink to={to} className={classes.link}>
              <Icon aria-hidden="true" className={classes.icon} />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
