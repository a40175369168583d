import { describe, expect, it } from 'vitest';
import { makePartner, send, useApplicationsApp } from './testing.ts';

// The operators' partner API: only admins reach it, and it lists partners with their figures.

const programme = useApplicationsApp();

describe('admin API access', () => {
  const SOME_ID = '00000000-0000-4000-8000-000000000000';
  const endpoints: { method: 'GET' | 'POST'; url: string; body?: unknown }[] = [
    { method: 'GET', url: '/api/admin/partners/applications' },
    { method: 'GET', url: '/api/admin/partners/applications?status=nonsense' },
    { method: 'POST', url: `/api/admin/partners/applications/${SOME_ID}/approve`, body: {} },
    { method: 'POST', url: `/api/admin/partners/applications/${SOME_ID}/approve`, body: { junk: 1 } },
    { method: 'POST', url: `/api/admin/partners/applications/${SOME_ID}/reject`, body: { reason: 'No.' } },
    { method: 'POST', url: '/api/admin/partners/applications/not-an-id/reject', body: {} },
    { method: 'GET', url: '/api/admin/partners' },
    { method: 'GET', url: `/api/admin/partners/${SOME_ID}/stats` },
  ];

  it.each(endpoints)('$method $url: 401 for guests, 403 for users, whatever they send', async (endpoint) => {
    const guest = await send(programme.t.app, endpoint.method, endpoint.url, { body: endpoint.body });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const user = await send(programme.t.app, endpoint.method, endpoint.url, {
      body: endpoint.body,
      token: programme.t.userToken,
    });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toMatchObject({ code: 'FORBIDDEN' });
    const forged = await send(programme.t.app, endpoint.method, endpoint.url, {
      body: endpoint.body,
      token: 'not.a.token',
    });
    expect(forged.statusCode).toBe(401);
  });

  it('an admin reaches each of them', async () => {
    const answers = await Promise.all(
      endpoints.map((endpoint) =>
        send(programme.t.app, endpoint.method, endpoint.url, {
          body: endpoint.body,
          token: programme.t.adminToken,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 422, 404, 422, 404, 422, 200, 404]);
  });
});

describe('admin: partners', () => {
  it('lists partners with their figures and reads one partner; unknown ids get 404', async () => {
    const partner = await makePartner(programme.t);
    const list = (
      await send(programme.t.app, 'GET', '/api/admin/partners', { token: programme.t.adminToken })
    ).json();
    expect(list.partners).toContainEqual(
      expect.objectContaining({
        id: partner.id,
        couponCode: partner.couponCode,
        figures: { clicks: 0, signups: 0, conversions: { trials: 0, sales: 0, refunds: 0 }, commission: [] },
      }),
    );
    const one = await send(programme.t.app, 'GET', `/api/admin/partners/${partner.id}/stats`, {
      token: programme.t.adminToken,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ partner: { id: partner.id }, recentConversions: [] });
    const missing = await send(
      programme.t.app,
      'GET',
      '/api/admin/partners/00000000-0000-4000-8000-000000000001/stats',
      {
        token: programme.t.adminToken,
      },
    );
    expect(missing.statusCode).toBe(404);
  });
});
