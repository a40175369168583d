import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuth } from '../../features/auth/stores/auth-store.ts';
import { api } from '../../lib/api-client.ts';
import { fakeUser } from '../../testing/fakes.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { AccountMenu, menuEntries } from './account-menu.tsx';

const originalAdapter = api.defaults.adapter;
let sent: string[] = [];
const person = fakeUser({ name: 'Vega Lune', email: 'vega@example.com' });

function renderMenu(user = person) {
  return renderWithProviders(<AccountMenu user={user} />, { routes: [{ path: '*', element: <p>Page</p> }] })
    .router;
}

beforeEach(() => {
  sent = [];
  api.defaults.adapter = (async (config) => {
    sent.push(`${config.method?.toUpperCase()} ${config.url}`);
    return { data: { success: true, message: 'ok' }, status: 200, statusText: '', headers: {}, config };
  }) satisfies AxiosAdapter;
});
afterEach(() => {
  cleanup();
  api.defaults.adapter = originalAdapter;
});

describe('account menu', () => {
  it("lists the account's places in order (the product's are in the main navigation); Admin only for admins", () => {
    const labels = (role: string) => menuEntries(role).map((entry) => `${entry.label} ${entry.to}`);
    expect(labels('user')).toEqual(['Subscription /subscription', 'People /people', 'Settings /settings']);
    expect(labels('admin')).toEqual([
      'Subscription /subscription',
      'People /people',
      'Settings /settings',
      'Admin /admin',
    ]);
  });

  it('opens from the keyboard, moves with the arrow keys and goes where the chosen entry says', async () => {
    const user = userEvent.setup();
    const router = renderMenu();
    const trigger = screen.getByRole('button', { name: 'Account menu for Vega Lune' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('vega@example.com');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Subscription', 'People', 'Settings', 'Log out']);
    expect(screen.queryByRole('menuitem', { name: /Admin/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'People' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Settings' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    renderMenu({ ...person, role: 'admin' });
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Admin' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Account menu/ }));
  });

  it('Log out signs out on the server and here, then goes home', async () => {
    useAuth.setState({ user: person, token: 'token-1', loading: false });
    const user = userEvent.setup();
    const router = renderMenu();
    await router.navigate('/');
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(useAuth.getState().user).toBeNull());
    expect(sent).toContain('POST /api/auth/logout');
    expect(router.state.location.pathname).toBe('/');
  });
});
