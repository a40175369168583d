import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  register,
  secretFromOutbox,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';
import { send } from '../../testing/requests.ts';
import type { ReceivedMail } from '../../testing/smtp-sink.ts';

// Forms take any address. Mail to an address that has not proven to be the requester's carries
// nothing the requester typed, so a form cannot mail a stranger a sentence of someone's choosing.

const LURE = 'Your account is locked. Restore at https://evil.example/login';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: true });
});
afterAll(() => t.close());

async function delivered(to: string, subject: RegExp): Promise<ReceivedMail> {
  await t.app.auth.idle();
  await t.app.mailer.flush();
  return t.smtp!.waitFor((mail) => mail.to.includes(to) && subject.test(mail.subject));
}

function expectNoLure(mail: ReceivedMail) {
  for (const part of [mail.subject, mail.text, mail.html]) {
    expect(part).not.toContain('evil.example');
    expect(part).not.toContain('account is locked');
  }
  expect(mail.text).toMatch(/^Hello,/);
}

describe('mail to an unverified address', () => {
  it('the verification mail of a sign-up named with a lure greets no one by name', async () => {
    const victim = uniqueEmail('victim');
    const response = await send(t.app, 'POST', '/api/auth/register', {
      body: { email: victim, name: LURE, password: 'violet-orbit-47-lantern' },
    });
    expect(response.statusCode).toBe(201);
    expectNoLure(await delivered(victim, /^Confirm your email address/));
  });

  it('a password reset asked for that unverified account does not carry the name either', async () => {
    const victim = uniqueEmail('victim');
    await send(t.app, 'POST', '/api/auth/register', {
      body: { email: victim, name: LURE, password: 'violet-orbit-47-lantern' },
    });
    expect(
      (await send(t.app, 'POST', '/api/auth/forgot-password', { body: { email: victim } })).statusCode,
    ).toBe(200);
    expectNoLure(await delivered(victim, /^Reset your/));
  });

  it('the contact confirmation repeats neither the name nor the message', async () => {
    const victim = uniqueEmail('victim');
    const response = await send(t.app, 'POST', '/api/contact', {
      body: { name: LURE, email: victim, topic: 'account', message: `${LURE}. Urgent, act today.` },
    });
    expect(response.statusCode).toBe(201);
    expectNoLure(await delivered(victim, /^We received your message/));
  });

  it('the partner application confirmation does not repeat the applicant name', async () => {
    const victim = uniqueEmail('victim');
    const response = await send(t.app, 'POST', '/api/partners/applications', {
      body: {
        name: LURE,
        email: victim,
        channels: 'https://evil.example/login',
        audienceSize: '10k-100k',
        promotion: `${LURE} and a newsletter feature every week.`,
        acceptTerms: true,
      },
    });
    expect(response.statusCode).toBe(201);
    expectNoLure(await delivered(victim, /partner application/));
  });
});

describe('mail to a verified address', () => {
  it('greets the person by the name they chose', async () => {
    const { email, token } = await register(t.app);
    const secret = await secretFromOutbox(t.app, email, 'verify-email');
    expect((await t.app.inject({ url: `/api/auth/verify-email/${secret}` })).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: 'violet-orbit-47-lantern', newPassword: 'a-brand-new-passphrase' },
    });
    expect(changed.statusCode).toBe(200);
    const mail = await delivered(email, /password was changed/);
    expect(mail.text).toMatch(/^Hello Test Person,/);
  });
});
