import { PARTNER_PATHS } from '@app/contracts/partners.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../admin-cli.ts';
import {
  bearer,
  createTestApp,
  passSecondFactor,
  register,
  registerVerified,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';

// The audit log names people, not only ids: the server joins the actor's name and the target's
// name and email (a person, a partner application, a contact message) when it answers, and keeps
// every stored field as it was.

const ADMIN = uniqueEmail('naming-admin');
let t: TestApp;
let admin: { token: string; userId: string; email: string };

beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: [ADMIN] } });
  admin = await registerVerified(t.app, ADMIN);
  await passSecondFactor(t.app, admin.token);
  const renamed = await call('PUT', `/api/admin/users/${admin.userId}`, { name: 'Olivia Operator' });
  expect(renamed.statusCode).toBe(200);
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(admin.token), ...(payload && { payload }) });
}

const logOf = async (targetId: string) =>
  (await call('GET', `/api/admin/audit-log?target=${targetId}`)).json().data.entries;

describe('the audit log names the people behind the ids', () => {
  it('names the operator and the person they changed, in the log and in the person’s trail', async () => {
    const person = await register(t.app);
    await call('PUT', `/api/admin/users/${person.userId}`, { name: 'Tess Target' });
    t.clock.advance(1000);
    await call('PUT', `/api/admin/users/${person.userId}`, { disabled: true });
    const [disabled] = await logOf(person.userId);
    expect(disabled).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      actorId: admin.userId,
      actorEmail: ADMIN,
      actorName: 'Olivia Operator',
      action: 'user.update',
      targetType: 'user',
      targetId: person.userId,
      targetName: 'Tess Target',
      targetEmail: person.email,
      before: { disabled: false },
      after: { disabled: true },
      ip: expect.any(String),
    });
    const trail = (await call('GET', `/api/admin/users/${person.userId}`)).json().data.audit;
    expect(trail[0]).toMatchObject({ actorName: 'Olivia Operator', targetEmail: person.email });
  });

  it('still names a deleted person, from what the deletion kept', async () => {
    const person = await register(t.app);
    await call('PUT', `/api/admin/users/${person.userId}`, { name: 'Gone Person' });
    t.clock.advance(1000);
    expect(
      (await call('DELETE', `/api/admin/users/${person.userId}`, { confirmEmail: person.email })).statusCode,
    ).toBe(200);
    const entries = await logOf(person.userId);
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['user.delete', 'user.update']);
    expect(entries[0]).toMatchObject({ targetName: 'Gone Person', targetEmail: person.email });
    expect(entries[1]).toMatchObject({ targetName: 'Gone Person', targetEmail: person.email });
  });

  it('names partner applicants and the senders of contact messages', async () => {
    const applicant = uniqueEmail('applicant');
    const applied = await t.app.inject({
      method: 'POST',
      url: PARTNER_PATHS.apply,
      payload: {
        name: 'Stella Applicant',
        email: applicant,
        channels: '@stella',
        audienceSize: '1k-10k',
        promotion: 'A weekly video about the sky with my link below it.',
        acceptTerms: true,
      },
    });
    expect(applied.statusCode).toBe(201);
    const pending = (await call('GET', `${PARTNER_PATHS.adminApplications}?status=pending&limit=100`)).json();
    const application = pending.applications.find((a: { email: string }) => a.email === applicant);
    expect((await call('POST', PARTNER_PATHS.adminApprove(application.id), {})).statusCode).toBe(200);
    expect((await logOf(application.id))[0]).toMatchObject({
      action: 'partner.approve',
      targetType: 'partner-application',
      targetName: 'Stella Applicant',
      targetEmail: applicant,
    });

    const sender = uniqueEmail('sender');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Ada Sender',
        email: sender,
        topic: 'general',
        message: 'When is the next full moon?',
      },
    });
    expect(sent.statusCode).toBe(201);
    const inbox = (await call('GET', '/api/admin/contact-messages?status=open&limit=100')).json().data;
    const message = inbox.messages.find((m: { email: string }) => m.email === sender);
    await call('POST', `/api/admin/contact-messages/${message.id}/handled`);
    expect((await logOf(message.id))[0]).toMatchObject({
      action: 'contact.handled',
      targetName: 'Ada Sender',
      targetEmail: sender,
    });
  });

  it('names nobody for a change made by an operator command, and keeps its actor', async () => {
    const person = await register(t.app);
    const result = await runAdminCommand(['grant', person.email], t.config, t.openAnotherConnection());
    expect(result).toMatchObject({ code: 0 });
    expect((await logOf(person.userId))[0]).toMatchObject({
      actorId: null,
      actorEmail: 'command line',
      actorName: null,
      targetName: 'Test Person',
      targetEmail: person.email,
    });
  });
});
