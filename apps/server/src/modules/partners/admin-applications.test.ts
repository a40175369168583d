import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../testing/harness.ts';
import { application, createProgrammeApp, makePartner, send, useApplicationsApp } from './testing.ts';

// Operators reviewing applications: listing, approving into partners with a coupon code, rejecting.

const programme = useApplicationsApp();
const { applicationsOf, pendingId } = programme;

describe('admin: applications', () => {
  it('lists applications newest first, filtered by status, with paging and a total', async () => {
    const fresh = await createProgrammeApp();
    try {
      const emails: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const email = uniqueEmail(`list${i}`);
        emails.push(email);
        await send(fresh.app, 'POST', '/api/partners/applications', { body: application({ email }) });
        fresh.clock.advance(1000);
      }
      const [firstId] = (
        await fresh.app.database.db
          .selectFrom('partner_applications')
          .select('id')
          .where('email', '=', emails[0]!)
          .execute()
      ).map((row) => row.id);
      await send(fresh.app, 'POST', `/api/admin/partners/applications/${firstId}/reject`, {
        token: fresh.adminToken,
        body: { reason: 'Not a fit.' },
      });

      const all = (
        await send(fresh.app, 'GET', '/api/admin/partners/applications', { token: fresh.adminToken })
      ).json();
      expect(all.total).toBe(3);
      expect(all.applications.map((a: { email: string }) => a.email)).toEqual([
        emails[2],
        emails[1],
        emails[0],
      ]);

      const pending = (
        await send(fresh.app, 'GET', '/api/admin/partners/applications?status=pending', {
          token: fresh.adminToken,
        })
      ).json();
      expect(pending.total).toBe(2);
      expect(pending.applications.every((a: { status: string }) => a.status === 'pending')).toBe(true);

      const rejected = (
        await send(fresh.app, 'GET', '/api/admin/partners/applications?status=rejected', {
          token: fresh.adminToken,
        })
      ).json();
      expect(rejected.applications).toEqual([
        expect.objectContaining({ email: emails[0], status: 'rejected', rejectionReason: 'Not a fit.' }),
      ]);

      const page = (
        await send(fresh.app, 'GET', '/api/admin/partners/applications?limit=1&offset=1', {
          token: fresh.adminToken,
        })
      ).json();
      expect(page.total).toBe(3);
      expect(page.applications.map((a: { email: string }) => a.email)).toEqual([emails[1]]);

      for (const query of ['limit=0', 'limit=201', 'offset=-1', 'limit=abc', 'sort=name']) {
        const response = await send(fresh.app, 'GET', `/api/admin/partners/applications?${query}`, {
          token: fresh.adminToken,
        });
        expect(response.statusCode, query).toBe(422);
      }
    } finally {
      await fresh.close();
    }
  });

  it('approves: makes a partner with a unique uppercase code and the configured rate, and mails the code', async () => {
    const body = application({ name: 'Stella Maris-Örn' });
    await send(programme.t.app, 'POST', '/api/partners/applications', { body });
    const id = await pendingId(body.email as string);
    const response = await send(programme.t.app, 'POST', `/api/admin/partners/applications/${id}/approve`, {
      token: programme.t.adminToken,
      body: {},
    });
    expect(response.statusCode).toBe(200);
    const { partner, application: decided } = response.json();
    expect(partner.couponCode).toMatch(/^STELLAMARISO\d{2}$/);
    expect(partner).toMatchObject({
      email: body.email,
      name: 'Stella Maris-Örn',
      commissionRate: 0.25,
      applicationId: id,
    });
    expect(decided).toMatchObject({
      status: 'approved',
      partnerId: partner.id,
      decidedAt: expect.any(String),
    });

    await programme.t.app.mailer.flush();
    const mail = await programme.t.smtp!.waitFor(
      (m) => m.to.includes(body.email as string) && m.subject.startsWith('Welcome'),
    );
    expect(mail.text).toContain(`Your coupon code is ${partner.couponCode}`);
    expect(mail.text).toContain('get 15 % off');
    expect(mail.text).toContain('25 %');
    expect(mail.text).toContain(`http://app.test/?ref=${partner.couponCode}`);
    expect(mail.text).toContain('within 45 days');

    // No body at all is a plain approval too; this one is already decided.
    const again = await send(programme.t.app, 'POST', `/api/admin/partners/applications/${id}/approve`, {
      token: programme.t.adminToken,
    });
    expect(again.statusCode).toBe(409);
    const list = (
      await send(programme.t.app, 'GET', '/api/admin/partners', { token: programme.t.adminToken })
    ).json();
    expect(list.partners.filter((p: { email: string }) => p.email === body.email)).toHaveLength(1);
  });

  it('approves with a chosen code (uppercased) and rate; a taken code is refused with 409', async () => {
    const first = await makePartner(programme.t, { couponCode: '  starlight20 ', commissionRate: 0.3 });
    expect(first).toMatchObject({ couponCode: 'STARLIGHT20', commissionRate: 0.3 });

    const body = application();
    await send(programme.t.app, 'POST', '/api/partners/applications', { body });
    const id = await pendingId(body.email as string);
    const taken = await send(programme.t.app, 'POST', `/api/admin/partners/applications/${id}/approve`, {
      token: programme.t.adminToken,
      body: { couponCode: 'Starlight20' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('This coupon code is already taken. Please choose another.');
    expect(await applicationsOf(body.email as string)).toEqual([
      expect.objectContaining({ status: 'pending' }),
    ]);

    for (const bad of [
      { couponCode: '' },
      { couponCode: 'NO SPACES' },
      { commissionRate: 1.5 },
      { commissionRate: '0.2' },
    ]) {
      const response = await send(programme.t.app, 'POST', `/api/admin/partners/applications/${id}/approve`, {
        token: programme.t.adminToken,
        body: bad,
      });
      expect(response.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect(await applicationsOf(body.email as string)).toEqual([
      expect.objectContaining({ status: 'pending' }),
    ]);
  });

  it('gives partners with the same name different codes', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 6; i += 1) codes.add((await makePartner(programme.t, {}, 'Orion')).couponCode);
    expect(codes.size).toBe(6);
    for (const code of codes) expect(code).toMatch(/^ORION\d+$/);
  });

  it('rejects with a reason, mails it, and lets the person apply afresh', async () => {
    const body = application();
    await send(programme.t.app, 'POST', '/api/partners/applications', { body });
    const id = await pendingId(body.email as string);

    for (const bad of [{}, { reason: '   ' }, { reason: 'r'.repeat(1001) }, { reason: 'ok', extra: 1 }]) {
      const response = await send(programme.t.app, 'POST', `/api/admin/partners/applications/${id}/reject`, {
        token: programme.t.adminToken,
        body: bad,
      });
      expect(response.statusCode, JSON.stringify(bad)).toBe(422);
    }

    const response = await send(programme.t.app, 'POST', `/api/admin/partners/applications/${id}/reject`, {
      token: programme.t.adminToken,
      body: { reason: '  Your audience is outside the regions we serve.  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().application).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Your audience is outside the regions we serve.',
    });
    await programme.t.app.mailer.flush();
    const mail = await programme.t.smtp!.waitFor(
      (m) => m.to.includes(body.email as string) && m.text.includes('not able to accept'),
    );
    expect(mail.text).toContain('Your audience is outside the regions we serve.');

    const twice = await send(programme.t.app, 'POST', `/api/admin/partners/applications/${id}/reject`, {
      token: programme.t.adminToken,
      body: { reason: 'Again.' },
    });
    expect(twice.statusCode).toBe(409);
    const approveRejected = await send(
      programme.t.app,
      'POST',
      `/api/admin/partners/applications/${id}/approve`,
      {
        token: programme.t.adminToken,
        body: {},
      },
    );
    expect(approveRejected.statusCode).toBe(409);

    const reapplied = await send(programme.t.app, 'POST', '/api/partners/applications', { body });
    expect(reapplied.statusCode).toBe(201);
    expect((await applicationsOf(body.email as string)).map((row) => row.status)).toEqual([
      'rejected',
      'pending',
    ]);
  });
});
