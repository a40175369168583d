import { STATUS_MESSAGES } from '@app/contracts/error-catalogue.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  errorOf,
  GOOD_PASSWORD,
  login,
  register,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';
import type { ReceivedMail } from '../../testing/smtp-sink.ts';
import { MESSAGES } from './service.ts';

// Mailed links, end to end: the mail is delivered to a real SMTP server on loopback and the link
// is read from what it received.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: true, mailLoop: true });
});
afterAll(() => t.close());

const mailTo = (to: string, subject: RegExp) =>
  t.smtp!.waitFor((mail: ReceivedMail) => mail.to.includes(to) && subject.test(mail.subject));
const linkIn = (mail: ReceivedMail, kind: string) => {
  const text = new RegExp(`^http://app\\.test/#/${kind}/([A-Za-z0-9_-]{43})$`, 'm').exec(mail.text);
  expect(text, 'link in the text part').not.toBeNull();
  expect(mail.html).toContain(`http://app.test/#/${kind}/${text![1]}`);
  return text![1]!;
};
/** The secret of the n-th mail of a kind to an address, as received by the SMTP server. */
async function mailedSecret(to: string, kind: 'verify-email' | 'reset-password', nth = 1): Promise<string> {
  const matching = () =>
    t.smtp!.mails.filter((mail) => mail.to.includes(to) && mail.text.includes(`/#/${kind}/`));
  await t.smtp!.waitFor(() => matching().length >= nth);
  return linkIn(matching()[nth - 1]!, kind);
}
const verify = (secret: string) => t.app.inject(`/api/auth/verify-email/${secret}`);
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('email verification', () => {
  it('mails a link built from APP_URL (not the Host header) that verifies the address once', async () => {
    const email = uniqueEmail();
    const registered = await post(
      '/api/auth/register',
      { email, name: 'Vera <b>', password: GOOD_PASSWORD },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    expect(registered.statusCode).toBe(201);
    const mail = await mailTo(email, /Confirm your email address/);
    expect(mail.text).not.toContain('evil.example');
    // The name is not the address owner's word yet, so the mail leaves it out.
    expect(mail.html).not.toContain('Vera');
    const secret = linkIn(mail, 'verify-email');

    const first = await verify(secret);
    expect(first.json()).toEqual({ success: true, message: MESSAGES.verified });
    const profile = await t.app.inject({
      url: '/api/auth/profile',
      headers: bearer(registered.json().token),
    });
    expect(profile.json().user.emailVerified).toBe(true);
    expect(errorOf(await verify(secret))).toEqual({
      status: 400,
      code: 'INVALID_TOKEN',
      error: MESSAGES.invalidVerifyLink,
    });
  });

  it('refuses malformed, unknown and expired links', async () => {
    expect((await verify('short')).statusCode).toBe(422);
    expect((await verify(`${'a'.repeat(42)}!`)).statusCode).toBe(422);
    expect(errorOf(await verify('A'.repeat(43))).code).toBe('INVALID_TOKEN');
    const { email } = await register(t.app);
    const secret = await mailedSecret(email, 'verify-email');
    t.clock.advance(24 * 60 * 60_000 + 1000);
    expect(errorOf(await verify(secret)).code).toBe('INVALID_TOKEN');
  });

  it('a resent link voids the older one', async () => {
    const { email, token } = await register(t.app);
    const old = await mailedSecret(email, 'verify-email');
    t.clock.advance(1000);
    const resent = await post('/api/auth/resend-verification', { email });
    expect(resent.json()).toEqual({ success: true, message: MESSAGES.resendSent });
    const fresh = await mailedSecret(email, 'verify-email', 2);
    expect(fresh).not.toBe(old);
    expect(errorOf(await verify(old)).code).toBe('INVALID_TOKEN');
    expect((await verify(fresh)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/auth/profile', headers: bearer(token) })).json().user.emailVerified,
    ).toBe(true);
  });

  it('of 20 simultaneous redemptions of one link, exactly one succeeds', async () => {
    const { email } = await register(t.app);
    const secret = await mailedSecret(email, 'verify-email');
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(secret)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(19);
  });
});

describe('no account enumeration through the mail endpoints', () => {
  it('answers the same for known, verified and unknown addresses, and mails only a real account', async () => {
    const known = await register(t.app);
    const verified = await register(t.app);
    await verify(await mailedSecret(verified.email, 'verify-email'));
    const unknown = uniqueEmail('ghost');
    for (const url of ['/api/auth/resend-verification', '/api/auth/forgot-password']) {
      const answers = await Promise.all(
        [known.email, verified.email, unknown].map((email) => post(url, { email })),
      );
      expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    }
    await t.app.auth.idle();
    await mailTo(known.email, /Reset your/);
    await mailTo(verified.email, /Reset your/);
    const outbox = await t.app.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', '=', unknown)
      .execute();
    expect(outbox).toEqual([]);
  });

  it('refuses bad bodies on the mail endpoints', async () => {
    for (const url of ['/api/auth/resend-verification', '/api/auth/forgot-password']) {
      for (const payload of [{}, { email: 'nope' }, { email: ['a@b.com'] }, { email: 'a@b.com', extra: 1 }]) {
        expect((await post(url, payload)).statusCode).toBe(422);
      }
    }
  });

  it('throttles mail per address with the catalogue message', async () => {
    const email = uniqueEmail('busy');
    for (let i = 0; i < 3; i += 1)
      expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const limited = await post('/api/auth/forgot-password', { email });
    expect(errorOf(limited)).toEqual({ status: 429, code: 'RATE_LIMITED', error: STATUS_MESSAGES[429] });
    expect((await post('/api/auth/resend-verification', { email })).statusCode).toBe(429);
    t.clock.advance(61 * 60_000);
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('resets by mailed link: the old password and every old token stop working', async () => {
    const { email, token } = await register(t.app);
    const second = (await login(t.app, email, GOOD_PASSWORD)).json().token;
    const pendingVerify = await mailedSecret(email, 'verify-email');
    await post('/api/auth/forgot-password', { email });
    const secret = linkIn(await mailTo(email, /Reset your/), 'reset-password');

    const check = await t.app.inject(`/api/auth/verify-reset-token/${secret}`);
    expect(check.json()).toEqual({ success: true, valid: true, email });

    const weak = await post('/api/auth/reset-password', { token: secret, newPassword: email });
    expect(errorOf(weak).code).toBe('WEAK_PASSWORD');
    const done = await post('/api/auth/reset-password', {
      token: secret,
      newPassword: 'a-brand-new-passphrase',
    });
    expect(done.json()).toEqual({ success: true, message: MESSAGES.passwordReset });

    for (const old of [token, second]) {
      expect((await t.app.inject({ url: '/api/auth/profile', headers: bearer(old) })).statusCode).toBe(401);
    }
    expect((await login(t.app, email, GOOD_PASSWORD)).statusCode).toBe(401);
    const fresh = await login(t.app, email, 'a-brand-new-passphrase');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.emailVerified).toBe(true);
    // The link is spent, and so is every other pending secret.
    expect(
      (await post('/api/auth/reset-password', { token: secret, newPassword: 'yet-another-passphrase' }))
        .statusCode,
    ).toBe(400);
    expect((await t.app.inject(`/api/auth/verify-reset-token/${secret}`)).statusCode).toBe(400);
    expect((await verify(pendingVerify)).statusCode).toBe(400);
    await mailTo(email, /password was changed/);
  });

  it('a reset link expires after one hour and a newer one voids it', async () => {
    const { email } = await register(t.app);
    await post('/api/auth/forgot-password', { email });
    const first = await mailedSecret(email, 'reset-password');
    t.clock.advance(30 * 60_000);
    await post('/api/auth/forgot-password', { email });
    const second = await mailedSecret(email, 'reset-password', 2);
    expect(errorOf(await t.app.inject(`/api/auth/verify-reset-token/${first}`))).toEqual({
      status: 400,
      code: 'INVALID_TOKEN',
      error: MESSAGES.invalidResetLink,
    });
    expect((await t.app.inject(`/api/auth/verify-reset-token/${second}`)).statusCode).toBe(200);
    t.clock.advance(60 * 60_000 + 1000);
    expect((await t.app.inject(`/api/auth/verify-reset-token/${second}`)).statusCode).toBe(400);
    expect(
      (await post('/api/auth/reset-password', { token: second, newPassword: 'a-brand-new-passphrase' }))
        .statusCode,
    ).toBe(400);
  });

  it('of 20 simultaneous resets with one link, exactly one succeeds', async () => {
    const { email } = await register(t.app);
    await post('/api/auth/forgot-password', { email });
    const secret = await mailedSecret(email, 'reset-password');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/auth/reset-password', { token: secret, newPassword: `parallel-passphrase-${i}` }),
      ),
    );
    const winners = answers.flatMap((a, i) => (a.statusCode === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(19);
    expect((await login(t.app, email, `parallel-passphrase-${winners[0]}`)).statusCode).toBe(200);
  });

  it('a password change voids a pending reset link but not the verification link', async () => {
    const { email, token } = await register(t.app);
    await post('/api/auth/forgot-password', { email });
    const reset = await mailedSecret(email, 'reset-password');
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: GOOD_PASSWORD, newPassword: 'changed-passphrase-77' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject(`/api/auth/verify-reset-token/${reset}`)).statusCode).toBe(400);
    expect((await verify(await mailedSecret(email, 'verify-email'))).statusCode).toBe(200);
  });

  it('refuses bad reset bodies', async () => {
    for (const payload of [
      {},
      { token: 'short', newPassword: 'a-brand-new-passphrase' },
      { token: 'A'.repeat(43) },
      { token: 'A'.repeat(43), newPassword: 'a-brand-new-passphrase', email: 'a@b.com' },
      { token: 43, newPassword: 'a-brand-new-passphrase' },
    ]) {
      expect((await post('/api/auth/reset-password', payload)).statusCode).toBe(422);
    }
    expect(
      errorOf(
        await post('/api/auth/reset-password', {
          token: 'A'.repeat(43),
          newPassword: 'a-brand-new-passphrase',
        }),
      ).code,
    ).toBe('INVALID_TOKEN');
  });
});
