import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../testing/harness.ts';
import { PARTNER_MESSAGES } from './service.ts';
import {
  application,
  createProgrammeApp,
  freshIp,
  makePartner,
  type ProgrammeApp,
  SUPPORT,
  send,
} from './testing.ts';

let t: ProgrammeApp;
beforeAll(async () => {
  t = await createProgrammeApp({
    smtp: true,
    programme: { commissionRate: 0.25, attributionWindowDays: 45, couponPercentOff: 15 },
  });
});
afterAll(() => t.close());

async function applicationsOf(email: string) {
  return t.app.database.db
    .selectFrom('partner_applications')
    .select(['id', 'name', 'status', 'promotion', 'audience_size', 'rejection_reason', 'partner_id'])
    .where('email', '=', email)
    .orderBy('created_at')
    .execute();
}

async function pendingId(email: string): Promise<string> {
  const rows = await applicationsOf(email);
  const pending = rows.find((row) => row.status === 'pending');
  if (!pending) throw new Error(`no pending application of ${email}`);
  return pending.id;
}

describe('GET /api/partners/programme', () => {
  it('answers the figures of the configuration', async () => {
    const response = await send(t.app, 'GET', '/api/partners/programme');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      programme: {
        commissionRate: 0.25,
        attributionWindowDays: 45,
        partnerCouponPercentOff: 15,
        supportEmail: SUPPORT,
      },
    });
  });
});

describe('POST /api/partners/applications', () => {
  it('stores a pending application and confirms it by mail', async () => {
    const body = application();
    const response = await send(t.app, 'POST', '/api/partners/applications', { body });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, awaitingConfirmation: false });
    const rows = await applicationsOf(body.email as string);
    expect(rows).toEqual([
      expect.objectContaining({ name: 'Luna Sky', status: 'pending', audience_size: '10k-100k' }),
    ]);
    await t.app.mailer.flush();
    const mail = await t.smtp!.waitFor((m) => m.to.includes(body.email as string));
    expect(mail.subject).toBe('Your Astro Guidance partner application');
    expect(mail.text).toContain('We have received your application');
  });

  it('answers sent again for a pending address change nothing until the mailed link confirms them', async () => {
    const email = uniqueEmail('again');
    await send(t.app, 'POST', '/api/partners/applications', { body: application({ email }) });
    const original = await applicationsOf(email);
    const again = await send(t.app, 'POST', '/api/partners/applications', {
      body: application({
        email: `  ${email.toUpperCase()}`,
        name: 'Luna S.',
        audienceSize: 'over-1m',
        promotion: 'A YouTube series about the planets, with the link in every description.',
      }),
    });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({
      success: true,
      awaitingConfirmation: true,
      message: PARTNER_MESSAGES.confirmChanges,
    });
    // Whoever sent them, the pending application is as its owner left it.
    expect(await applicationsOf(email)).toEqual(original);

    await t.app.mailer.flush();
    const mail = await t.smtp!.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('Confirm the changes'),
    );
    // Nothing the sender typed is repeated to an address nobody has proven.
    expect(mail.text).not.toContain('Luna S.');
    expect(mail.text).not.toContain('YouTube');
    const token = decodeURIComponent(/#\/partners\/confirm\/([^\s)\]]+)/.exec(mail.text)?.[1] ?? '');
    expect(token).toMatch(/^[\w-]{43}$/);

    const wrong = await send(t.app, 'POST', '/api/partners/applications/confirm', {
      body: { token: 'x'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error).toBe(PARTNER_MESSAGES.changesLinkInvalid);
    const confirmed = await send(t.app, 'POST', '/api/partners/applications/confirm', { body: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: PARTNER_MESSAGES.changesConfirmed });
    expect(await applicationsOf(email)).toEqual([
      expect.objectContaining({
        name: 'Luna S.',
        status: 'pending',
        audience_size: 'over-1m',
        promotion: 'A YouTube series about the planets, with the link in every description.',
      }),
    ]);
    // A link works once.
    expect(
      (await send(t.app, 'POST', '/api/partners/applications/confirm', { body: { token } })).statusCode,
    ).toBe(404);
  });

  it('a confirmation link expires after a day', async () => {
    const email = uniqueEmail('late');
    await send(t.app, 'POST', '/api/partners/applications', { body: application({ email }) });
    await send(t.app, 'POST', '/api/partners/applications', { body: application({ email, name: 'Later' }) });
    await t.app.mailer.flush();
    const mail = await t.smtp!.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('Confirm the changes'),
    );
    const token = decodeURIComponent(/#\/partners\/confirm\/([^\s)\]]+)/.exec(mail.text)?.[1] ?? '');
    t.clock.advance(24 * 60 * 60_000 + 1);
    expect(
      (await send(t.app, 'POST', '/api/partners/applications/confirm', { body: { token } })).statusCode,
    ).toBe(404);
    expect((await applicationsOf(email))[0]?.name).toBe('Luna Sky');
  });

  it('treats two simultaneous applications from one address as one', async () => {
    const email = uniqueEmail('twice');
    const answers = await Promise.all([
      send(t.app, 'POST', '/api/partners/applications', { body: application({ email }) }),
      send(t.app, 'POST', '/api/partners/applications', { body: application({ email }) }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 202]);
    expect(await applicationsOf(email)).toHaveLength(1);
  });

  const bad: [string, (body: Record<string, unknown>) => Record<string, unknown>, string][] = [
    ['terms not accepted', (body) => ({ ...body, acceptTerms: false }), 'acceptTerms'],
    ['terms missing', ({ acceptTerms: _, ...rest }) => rest, 'acceptTerms'],
    ['terms as a string', (body) => ({ ...body, acceptTerms: 'true' }), 'acceptTerms'],
    ['a missing name', ({ name: _, ...rest }) => rest, 'name'],
    ['an invalid email', (body) => ({ ...body, email: 'luna@' }), 'email'],
    ['blank channels', (body) => ({ ...body, channels: '  ' }), 'channels'],
    ['overlong channels', (body) => ({ ...body, channels: 'c'.repeat(1001) }), 'channels'],
    ['an unknown audience size', (body) => ({ ...body, audienceSize: 'huge' }), 'audienceSize'],
    ['a numeric audience size', (body) => ({ ...body, audienceSize: 5000 }), 'audienceSize'],
    ['a too short promotion plan', (body) => ({ ...body, promotion: 'posts' }), 'promotion'],
    ['an overlong promotion plan', (body) => ({ ...body, promotion: 'p'.repeat(3001) }), 'promotion'],
    ['an unknown field', (body) => ({ ...body, commissionRate: 0.9 }), 'application'],
  ];
  it.each(bad)('refuses %s with 422 and stores nothing', async (_label, change, field) => {
    const body = change(application());
    const response = await send(t.app, 'POST', '/api/partners/applications', { body });
    expect(response.statusCode).toBe(422);
    const error = response.json();
    expect(error).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    if (field !== 'application') expect(error.details.map((d: { path: string }) => d.path)).toContain(field);
    if (typeof body.email === 'string') expect(await applicationsOf(body.email)).toEqual([]);
  });

  it('refuses malformed JSON with 400 and an oversized body with 413', async () => {
    expect((await send(t.app, 'POST', '/api/partners/applications', { raw: '{' })).statusCode).toBe(400);
    const body = application({ promotion: 'x'.repeat(70_000) });
    expect((await send(t.app, 'POST', '/api/partners/applications', { body })).statusCode).toBe(413);
  });

  it('allows three applications an hour per address and ten per client address', async () => {
    const email = uniqueEmail('limit');
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await send(t.app, 'POST', '/api/partners/applications', { body: application({ email }) }))
          .statusCode,
      ).toBeLessThan(300);
    }
    const refused = await send(t.app, 'POST', '/api/partners/applications', { body: application({ email }) });
    expect(refused.statusCode).toBe(429);

    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await send(t.app, 'POST', '/api/partners/applications', { ip, body: application() })).statusCode,
      ).toBe(201);
    }
    const body = application();
    expect((await send(t.app, 'POST', '/api/partners/applications', { ip, body })).statusCode).toBe(429);
    expect(await applicationsOf(body.email as string)).toEqual([]);
    t.clock.advance(60 * 60_000 + 1);
    expect((await send(t.app, 'POST', '/api/partners/applications', { ip, body })).statusCode).toBe(201);
  });

  it('answers 409 when the address already belongs to a partner', async () => {
    const partner = await makePartner(t);
    const response = await send(t.app, 'POST', '/api/partners/applications', {
      body: application({ email: partner.email }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      error: expect.stringContaining('already belongs to a partner'),
    });
  });
});

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
    const guest = await send(t.app, endpoint.method, endpoint.url, { body: endpoint.body });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const user = await send(t.app, endpoint.method, endpoint.url, {
      body: endpoint.body,
      token: t.userToken,
    });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toMatchObject({ code: 'FORBIDDEN' });
    const forged = await send(t.app, endpoint.method, endpoint.url, {
      body: endpoint.body,
      token: 'not.a.token',
    });
    expect(forged.statusCode).toBe(401);
  });

  it('an admin reaches each of them', async () => {
    const answers = await Promise.all(
      endpoints.map((endpoint) =>
        send(t.app, endpoint.method, endpoint.url, { body: endpoint.body, token: t.adminToken }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 422, 404, 422, 404, 422, 200, 404]);
  });
});

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
    await send(t.app, 'POST', '/api/partners/applications', { body });
    const id = await pendingId(body.email as string);
    const response = await send(t.app, 'POST', `/api/admin/partners/applications/${id}/approve`, {
      token: t.adminToken,
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

    await t.app.mailer.flush();
    const mail = await t.smtp!.waitFor(
      (m) => m.to.includes(body.email as string) && m.subject.startsWith('Welcome'),
    );
    expect(mail.text).toContain(`Your coupon code is ${partner.couponCode}`);
    expect(mail.text).toContain('get 15 % off');
    expect(mail.text).toContain('25 %');
    expect(mail.text).toContain(`http://app.test/?ref=${partner.couponCode}`);
    expect(mail.text).toContain('within 45 days');

    // No body at all is a plain approval too; this one is already decided.
    const again = await send(t.app, 'POST', `/api/admin/partners/applications/${id}/approve`, {
      token: t.adminToken,
    });
    expect(again.statusCode).toBe(409);
    const list = (await send(t.app, 'GET', '/api/admin/partners', { token: t.adminToken })).json();
    expect(list.partners.filter((p: { email: string }) => p.email === body.email)).toHaveLength(1);
  });

  it('approves with a chosen code (uppercased) and rate; a taken code is refused with 409', async () => {
    const first = await makePartner(t, { couponCode: '  starlight20 ', commissionRate: 0.3 });
    expect(first).toMatchObject({ couponCode: 'STARLIGHT20', commissionRate: 0.3 });

    const body = application();
    await send(t.app, 'POST', '/api/partners/applications', { body });
    const id = await pendingId(body.email as string);
    const taken = await send(t.app, 'POST', `/api/admin/partners/applications/${id}/approve`, {
      token: t.adminToken,
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
      const response = await send(t.app, 'POST', `/api/admin/partners/applications/${id}/approve`, {
        token: t.adminToken,
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
    for (let i = 0; i < 6; i += 1) codes.add((await makePartner(t, {}, 'Orion')).couponCode);
    expect(codes.size).toBe(6);
    for (const code of codes) expect(code).toMatch(/^ORION\d+$/);
  });

  it('rejects with a reason, mails it, and lets the person apply afresh', async () => {
    const body = application();
    await send(t.app, 'POST', '/api/partners/applications', { body });
    const id = await pendingId(body.email as string);

    for (const bad of [{}, { reason: '   ' }, { reason: 'r'.repeat(1001) }, { reason: 'ok', extra: 1 }]) {
      const response = await send(t.app, 'POST', `/api/admin/partners/applications/${id}/reject`, {
        token: t.adminToken,
        body: bad,
      });
      expect(response.statusCode, JSON.stringify(bad)).toBe(422);
    }

    const response = await send(t.app, 'POST', `/api/admin/partners/applications/${id}/reject`, {
      token: t.adminToken,
      body: { reason: '  Your audience is outside the regions we serve.  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().application).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Your audience is outside the regions we serve.',
    });
    await t.app.mailer.flush();
    const mail = await t.smtp!.waitFor(
      (m) => m.to.includes(body.email as string) && m.text.includes('not able to accept'),
    );
    expect(mail.text).toContain('Your audience is outside the regions we serve.');

    const twice = await send(t.app, 'POST', `/api/admin/partners/applications/${id}/reject`, {
      token: t.adminToken,
      body: { reason: 'Again.' },
    });
    expect(twice.statusCode).toBe(409);
    const approveRejected = await send(t.app, 'POST', `/api/admin/partners/applications/${id}/approve`, {
      token: t.adminToken,
      body: {},
    });
    expect(approveRejected.statusCode).toBe(409);

    const reapplied = await send(t.app, 'POST', '/api/partners/applications', { body });
    expect(reapplied.statusCode).toBe(201);
    expect((await applicationsOf(body.email as string)).map((row) => row.status)).toEqual([
      'rejected',
      'pending',
    ]);
  });
});

describe('admin: partners', () => {
  it('lists partners with their figures and reads one partner; unknown ids get 404', async () => {
    const partner = await makePartner(t);
    const list = (await send(t.app, 'GET', '/api/admin/partners', { token: t.adminToken })).json();
    expect(list.partners).toContainEqual(
      expect.objectContaining({
        id: partner.id,
        couponCode: partner.couponCode,
        figures: { clicks: 0, signups: 0, conversions: { trials: 0, sales: 0, refunds: 0 }, commission: [] },
      }),
    );
    const one = await send(t.app, 'GET', `/api/admin/partners/${partner.id}/stats`, { token: t.adminToken });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ partner: { id: partner.id }, recentConversions: [] });
    const missing = await send(
      t.app,
      'GET',
      '/api/admin/partners/00000000-0000-4000-8000-000000000001/stats',
      {
        token: t.adminToken,
      },
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('API documentation', () => {
  it('lists the programme, affiliate, contact and admin partner endpoints', async () => {
    const document = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/partners/programme',
        '/api/partners/applications',
        '/api/affiliate/click',
        '/api/affiliate/attribute',
        '/api/contact/',
        '/api/contact/info',
        '/api/admin/partners/applications',
        '/api/admin/partners/applications/{id}/approve',
        '/api/admin/partners/applications/{id}/reject',
        '/api/admin/partners/{id}/stats',
      ]),
    );
  });
});
