import type { Plan } from '@app/contracts/subscription.ts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidElement, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../features/auth/stores/auth-store.ts';
import { useBirthData } from '../../features/birth-data/stores/birth-data-store.ts';
import { installFakeServer, ok } from '../../testing/fake-server.ts';
import { fakePlan, fakeSubscriptionStatus, fakeUser } from '../../testing/fakes.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import type { AccessFacts, AccessLevel } from '../access.ts';
import { routes } from '../router.tsx';
import { MAIN_NAV, mainNavEntries } from './main-nav.tsx';
import { RootLayout } from './root-layout.tsx';

const server = installFakeServer();

const BIRTH = { name: 'Ada', date: '1990-04-21', time: '14:30', city: 'Oslo', country: 'Norway' };
const PAID = fakeSubscriptionStatus({ subscriptionStatus: 'active', hasPaidAccess: true });

function facts(overrides: Partial<AccessFacts>): AccessFacts {
  return {
    loading: false,
    user: { emailVerified: true, role: 'user' },
    subscriptionStatus: 'active',
    birthDataComplete: true,
    ...overrides,
  };
}

const labels = (value: Partial<AccessFacts>) => mainNavEntries(facts(value)).map((entry) => entry.label);

/** The layout around stand-in pages, at an address. */
function renderLayout(at: string) {
  const page = (text: string) => <h1>{text}</h1>;
  return renderWithProviders(null, {
    at,
    routes: [
      {
        element: <RootLayout />,
        children: [
          { path: '/', element: page('Home') },
          { path: '/cosmic-landscape', element: page('Landscape') },
          { path: '/chat', element: page('Chat page') },
          { path: '/chat/:id', element: page('A conversation') },
          { path: '/birth-form', element: page('Birth form') },
        ],
      },
    ],
  }).router;
}

function signIn(options: { paid: boolean; birthData: boolean; plan?: Plan }) {
  useAuth.setState({ user: fakeUser(), token: 't', loading: false, error: null });
  useBirthData.setState({ birthData: options.birthData ? BIRTH : null });
  server.answers['GET /api/subscription/status'] = ok(
    options.paid ? { ...PAID, plan: options.plan ?? null } : fakeSubscriptionStatus(),
  );
}

beforeEach(() => {
  useAuth.setState({ user: null, token: null, loading: false, error: null });
  useBirthData.setState({ birthData: null });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('main navigation entries', () => {
  it('are Today, Chat and Chart, each shown only to those its route lets in', () => {
    expect(labels({})).toEqual(['Today', 'Chat', 'Chart']);
    expect(labels({ user: null })).toEqual([]);
    expect(labels({ loading: true })).toEqual([]);
    expect(labels({ user: { emailVerified: false, role: 'user' } })).toEqual([]);
    expect(labels({ subscriptionStatus: null })).toEqual([]);
    expect(labels({ subscriptionStatus: 'canceled', serverPaidAccess: true })).toEqual([
      'Today',
      'Chat',
      'Chart',
    ]);
    // Paid, but no birth data yet: only the chart, where it is entered.
    expect(labels({ birthDataComplete: false })).toEqual(['Chart']);
    expect(labels({ subscriptionStatus: null, user: { emailVerified: true, role: 'admin' } })).toEqual([
      'Today',
      'Chat',
      'Chart',
    ]);
  });

  it('leave out Today for the chat-only plan, which has no landscape', () => {
    expect(mainNavEntries(facts({}), 'chat').map((entry) => entry.label)).toEqual(['Chat', 'Chart']);
    expect(mainNavEntries(facts({}), 'full').map((entry) => entry.label)).toEqual(['Today', 'Chat', 'Chart']);
    const admin = facts({ user: { emailVerified: true, role: 'admin' } });
    expect(mainNavEntries(admin, 'chat').map((entry) => entry.label)).toEqual(['Today', 'Chat', 'Chart']);
  });

  it("ask for the same access as their routes' guards", () => {
    const guards = new Map<string, AccessLevel>();
    const walk = (list: RouteObject[]) => {
      for (const route of list) {
        const element = route.element as ReactElement<{ level?: AccessLevel }> | undefined;
        if (route.path && isValidElement(element) && element.props.level)
          guards.set(route.path, element.props.level);
        if (route.children) walk(route.children);
      }
    };
    walk(routes);
    for (const entry of MAIN_NAV) expect(guards.get(entry.to), entry.to).toBe(entry.level);
  });
});

describe('the layout with the main navigation', () => {
  it('gives a subscriber with birth data the places in the header and in a bottom bar, the current one marked', async () => {
    signIn({ paid: true, birthData: true });
    const router = renderLayout('/cosmic-landscape');
    const navs = await screen.findAllByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    const header = navs.find((nav) => nav.closest('header'));
    const bar = navs.find((nav) => !nav.closest('header'));
    if (!header || !bar) throw new Error('expected the navigation in the header and in a bar');

    for (const nav of [header, bar]) {
      const links = within(nav).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['Today', '/cosmic-landscape'],
        ['Chat', '/chat'],
        ['Chart', '/birth-form'],
      ]);
      // Each with its icon, which screen readers skip (the label names it).
      for (const link of links) expect(link.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
      expect(within(nav).getByRole('link', { name: 'Today' }).getAttribute('aria-current')).toBe('page');
      expect(within(nav).getByRole('link', { name: 'Chat' }).getAttribute('aria-current')).toBeNull();
    }
    // The header shows it on wide windows; the bar, fixed to the bottom of a phone's screen above
    // its safe area, on the others.
    expect(header.className).toMatch(/\bhidden\b.*\bmd:flex\b/);
    expect(bar.className.split(' ')).toEqual(
      expect.arrayContaining(['fixed', 'bottom-0', 'md:hidden', 'pb-[env(safe-area-inset-bottom)]']),
    );
    // The page ends above the bar, so the bar covers none of it.
    const layout = document.querySelector('.sky');
    expect(layout?.className).toContain('pb-(--bottom-bar)');
    expect(layout?.className).toContain('[--bottom-bar:calc(4rem_+_env(safe-area-inset-bottom))]');
    expect(layout?.className).toContain('md:[--bottom-bar:0px]');

    // Moving on: the bar marks the new place; a conversation counts as Chat; no footer under /chat.
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    await userEvent.setup().click(within(bar).getByRole('link', { name: 'Chat' }));
    expect(router.state.location.pathname).toBe('/chat');
    expect(within(bar).getByRole('link', { name: 'Chat' }).getAttribute('aria-current')).toBe('page');
    expect(within(bar).getByRole('link', { name: 'Today' }).getAttribute('aria-current')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    await router.navigate('/chat/abc');
    expect(within(bar).getByRole('link', { name: 'Chat' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows a subscriber without birth data only the chart', async () => {
    signIn({ paid: true, birthData: false });
    renderLayout('/birth-form');
    const navs = await screen.findAllByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    for (const nav of navs)
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Chart']);
  });

  it('leaves Today out for a subscriber to the chat-only plan', async () => {
    signIn({ paid: true, birthData: true, plan: fakePlan({ id: 'chat-monthly', kind: 'chat' }) });
    renderLayout('/chat');
    await vi.waitFor(
      () => {
        const [nav] = screen.getAllByRole('navigation', { name: 'Main' });
        expect(
          within(nav as HTMLElement)
            .getAllByRole('link')
            .map((link) => link.textContent),
        ).toEqual(['Chat', 'Chart']);
      },
      { timeout: 5000 },
    );
  });

  it('shows no main navigation, and keeps no room for a bar, for a guest or a person without a plan', async () => {
    renderLayout('/');
    expect(await screen.findByRole('heading', { name: 'Home' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(document.querySelector('.sky')?.className).not.toContain('--bottom-bar');
    cleanup();

    signIn({ paid: false, birthData: true });
    renderLayout('/');
    await vi.waitFor(() =>
      expect(server.sent.map((request) => request.url)).toContain('/api/subscription/status'),
    );
    expect(
      await screen.findByRole('button', { name: /Account menu for Ada/ }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});
