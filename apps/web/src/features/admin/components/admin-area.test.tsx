import { ADMIN_SECTIONS } from '@app/contracts/app-paths.ts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeServer, ok } from '../../../testing/fake-server.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { AdminArea } from './admin-area.tsx';

// Each section of the admin area has an address of its own: opened directly (a bookmark, a shared
// link, a reload), followed from the section links, and walked with Back and Forward.

const server = installFakeServer();
const empty = { success: true, data: { entries: [], total: 0 } };

beforeEach(() => {
  server.answers['GET /api/admin/audit-log'] = ok(empty);
  server.answers['GET /api/admin/users'] = ok({
    success: true,
    data: { users: [], total: 0, limit: 25, offset: 0 },
  });
});

function openAt(path: string) {
  const paths = ['/admin', ...ADMIN_SECTIONS.map((section) => `/admin/${section}`)];
  const router = createMemoryRouter(
    paths.map((route) => ({ path: route, element: <AdminArea /> })),
    { initialEntries: [path] },
  );
  renderWithProviders(null, { router });
  return router;
}

const current = () =>
  screen.getByRole('navigation', { name: 'Admin sections' }).querySelector('[aria-current="page"]');

describe('the admin sections', () => {
  it('opens the section its address names, as after a reload or from a bookmark', async () => {
    openAt('/admin/audit');
    expect(await screen.findByText('No changes recorded yet')).toBeTruthy();
    expect(current()?.textContent).toBe('Audit log');
    expect(document.title).toMatch(/^Audit log · Admin dashboard/);
  });

  it('links every section to its address, the dashboard to /admin', () => {
    openAt('/admin');
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Overview', '/admin'],
      ['People', '/admin/users'],
      ['Subscriptions', '/admin/subscriptions'],
      ['Usage', '/admin/usage'],
      ['Partner applications', '/admin/partners'],
      ['Contact inbox', '/admin/inbox'],
      ['System health', '/admin/health'],
      ['Audit log', '/admin/audit'],
    ]);
    expect(current()?.textContent).toBe('Overview');
  });

  it('moves to a section by its link, and back and forward through the history', async () => {
    const router = openAt('/admin/audit');
    await screen.findByText('No changes recorded yet');
    await userEvent.setup().click(screen.getByRole('link', { name: 'People' }));
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(await screen.findByLabelText('Search by email or name')).toBeTruthy();
    expect(current()?.textContent).toBe('People');

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/admin/audit');
    expect(await screen.findByLabelText('Made by (email)')).toBeTruthy();
    expect(current()?.textContent).toBe('Audit log');

    await act(() => router.navigate(1));
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(await screen.findByLabelText('Search by email or name')).toBeTruthy();
  });
});
