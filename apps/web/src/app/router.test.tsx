import { APP_PATHS, isAppPath } from '@app/contracts/app-paths.ts';
import { screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../features/auth/stores/auth-store.ts';
import { installFakeServer, ok } from '../testing/fake-server.ts';
import { fakeSubscriptionStatus, fakeUser } from '../testing/fakes.ts';
import { renderWithProviders } from '../testing/render.tsx';
import { ErrorScreen } from './layout/error-screen.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { routes } from './router.tsx';

function Broken(): never {
  throw new Error('The stars misaligned');
}

const server = installFakeServer();
const renderAt = (path: string) => renderWithProviders(null, { routes, at: path }).router;

const verifiedUser = fakeUser();

describe('router', () => {
  beforeEach(() => {
    useAuth.setState({ user: null, token: null, loading: false, error: null });
    // jsdom has no layout, so no scrolling for the router's scroll restoration.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  it('shows "Loading your data..." on a guarded route while authentication loads', async () => {
    useAuth.setState({ loading: true });
    renderAt('/settings');
    expect(await screen.findByText('Loading your data...')).toBeTruthy();
  });

  it('sends a guest from a guarded route to the home page', async () => {
    const router = renderAt('/cosmic-landscape');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The forms load lazily: the first import in a test run takes a moment.
    expect(await screen.findByRole('tab', { name: 'Create account' }, { timeout: 8000 })).toBeTruthy();
  });

  it('sends a verified member without a plan from the chat to /subscription', async () => {
    useAuth.setState({ user: verifiedUser, token: 't' });
    server.answers['GET /api/subscription/status'] = ok(fakeSubscriptionStatus());
    const router = renderAt('/chat/some-session');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });

  it('redirects /horoscope to /cosmic-landscape (then on to its guard)', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/horoscope'] });
    const seen: string[] = [];
    router.subscribe((state) => seen.push(state.location.pathname));
    renderWithProviders(null, { router });
    await vi.waitFor(() => expect(seen).toContain('/cosmic-landscape'));
  });

  it('shows the not-found page for an unknown path, with the footer and version label', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'This page is lost in space' })).toBeTruthy();
    expect(screen.getByText('0.1.7-beta')).toBeTruthy();
  });

  it('shows "Unexpected Application Error!" when a route throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(null, {
      routes: [
        {
          element: <RootLayout />,
          errorElement: <ErrorScreen />,
          children: [{ path: '/', element: <Broken /> }],
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('The stars misaligned')).toBeTruthy();
  });
});

describe('the app paths the server knows', () => {
  it("are exactly the router's screens, so a typed address without the # reaches its screen", () => {
    const paths: string[] = [];
    const walk = (list: RouteObject[]) => {
      for (const route of list) {
        if (route.path && route.path !== '*') paths.push(route.path);
        if (route.children) walk(route.children);
      }
    };
    walk(routes);
    expect([...paths].sort()).toEqual([...APP_PATHS].sort());
    expect(isAppPath('/chat/some-id')).toBe(true);
    expect(isAppPath('/chat/some-id/more')).toBe(false);
  });
});
