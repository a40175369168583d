import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../testing/harness.ts';
import { PARTNER_MESSAGES } from './service.ts';
import { application, freshIp, makePartner, SUPPORT, send, useApplicationsApp } from './testing.ts';

// Applying to the partner programme: the public figures, the application form and its confirmation
// by mail, and the API document listing the programme's endpoints.

const programme = useApplicationsApp();
const { applicationsOf } = programme;

describe('GET /api/partners/programme', () => {
  it('answers the figures of the configuration', async () => {
    const response = await send(programme.t.app, 'GET', '/api/partners/programme');
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
    const response = await send(programme.t.app, 'POST', '/api/partners/applications', { body });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, awaitingConfirmation: false });
    const rows = await applicationsOf(body.email as string);
    expect(rows).toEqual([
      expect.objectContaining({ name: 'Luna Sky', status: 'pending', audience_size: '10k-100k' }),
    ]);
    await programme.t.app.mailer.flush();
    const mail = await programme.t.smtp!.waitFor((m) => m.to.includes(body.email as string));
    expect(mail.subject).toBe('Your Astro Guidance partner application');
    expect(mail.text).toContain('We have received your application');
  });

  it('answers sent again for a pending address change nothing until the mailed link confirms them', async () => {
    const email = uniqueEmail('again');
    await send(programme.t.app, 'POST', '/api/partners/applications', { body: application({ email }) });
    const original = await applicationsOf(email);
    const again = await send(programme.t.app, 'POST', '/api/partners/applications', {
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

    await programme.t.app.mailer.flush();
    const mail = await programme.t.smtp!.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('Confirm the changes'),
    );
    // Nothing the sender typed is repeated to an address nobody has proven.
    expect(mail.text).not.toContain('Luna S.');
    expect(mail.text).not.toContain('YouTube');
    const token = decodeURIComponent(/#\/partners\/confirm\/([^\s)\]]+)/.exec(mail.text)?.[1] ?? '');
    expect(token).toMatch(/^[\w-]{43}$/);

    const wrong = await send(programme.t.app, 'POST', '/api/partners/applications/confirm', {
      body: { token: 'x'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error).toBe(PARTNER_MESSAGES.changesLinkInvalid);
    const confirmed = await send(programme.t.app, 'POST', '/api/partners/applications/confirm', {
      body: { token },
    });
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
      (await send(programme.t.app, 'POST', '/api/partners/applications/confirm', { body: { token } }))
        .statusCode,
    ).toBe(404);
  });

  it('a confirmation link expires after a day', async () => {
    const email = uniqueEmail('late');
    await send(programme.t.app, 'POST', '/api/partners/applications', { body: application({ email }) });
    await send(programme.t.app, 'POST', '/api/partners/applications', {
      body: application({ email, name: 'Later' }),
    });
    await programme.t.app.mailer.flush();
    const mail = await programme.t.smtp!.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('Confirm the changes'),
    );
    const token = decodeURIComponent(/#\/partners\/confirm\/([^\s)\]]+)/.exec(mail.text)?.[1] ?? '');
    programme.t.clock.advance(24 * 60 * 60_000 + 1);
    expect(
      (await send(programme.t.app, 'POST', '/api/partners/applications/confirm', { body: { token } }))
        .statusCode,
    ).toBe(404);
    expect((await applicationsOf(email))[0]?.name).toBe('Luna Sky');
  });

  it('treats two simultaneous applications from one address as one', async () => {
    const email = uniqueEmail('twice');
    const answers = await Promise.all([
      send(programme.t.app, 'POST', '/api/partners/applications', { body: application({ email }) }),
      send(programme.t.app, 'POST', '/api/partners/applications', { body: application({ email }) }),
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
    const response = await send(programme.t.app, 'POST', '/api/partners/applications', { body });
    expect(response.statusCode).toBe(422);
    const error = response.json();
    expect(error).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    if (field !== 'application') expect(error.details.map((d: { path: string }) => d.path)).toContain(field);
    if (typeof body.email === 'string') expect(await applicationsOf(body.email)).toEqual([]);
  });

  it('refuses malformed JSON with 400 and an oversized body with 413', async () => {
    expect((await send(programme.t.app, 'POST', '/api/partners/applications', { raw: '{' })).statusCode).toBe(
      400,
    );
    const body = application({ promotion: 'x'.repeat(70_000) });
    expect((await send(programme.t.app, 'POST', '/api/partners/applications', { body })).statusCode).toBe(
      413,
    );
  });

  it('allows three applications an hour per address and ten per client address', async () => {
    const email = uniqueEmail('limit');
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await send(programme.t.app, 'POST', '/api/partners/applications', { body: application({ email }) }))
          .statusCode,
      ).toBeLessThan(300);
    }
    const refused = await send(programme.t.app, 'POST', '/api/partners/applications', {
      body: application({ email }),
    });
    expect(refused.statusCode).toBe(429);

    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await send(programme.t.app, 'POST', '/api/partners/applications', { ip, body: application() }))
          .statusCode,
      ).toBe(201);
    }
    const body = application();
    expect((await send(programme.t.app, 'POST', '/api/partners/applications', { ip, body })).statusCode).toBe(
      429,
    );
    expect(await applicationsOf(body.email as string)).toEqual([]);
    programme.t.clock.advance(60 * 60_000 + 1);
    expect((await send(programme.t.app, 'POST', '/api/partners/applications', { ip, body })).statusCode).toBe(
      201,
    );
  });

  it('answers 409 when the address already belongs to a partner', async () => {
    const partner = await makePartner(programme.t);
    const response = await send(programme.t.app, 'POST', '/api/partners/applications', {
      body: application({ email: partner.email }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      error: expect.stringContaining('already belongs to a partner'),
    });
  });
});

describe('API documentation', () => {
  it('lists the programme, affiliate, contact and admin partner endpoints', async () => {
    const document = (await programme.t.app.inject('/api/docs/json')).json();
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
