import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  register,
  secretFromOutbox,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';
import { send } from '../../testing/requests.ts';

// Contact messages and partner applications are kept by email address. Whoever registers that
// address gets them in the export, and deletes them with the account, only after verifying it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A partner application as the public form sends it. */
function application(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    name: 'Luna Sky',
    email: uniqueEmail('partner'),
    channels: 'https://lunasky.example',
    audienceSize: '10k-100k',
    promotion: 'Weekly newsletter feature and a pinned story linking to the app.',
    acceptTerms: true,
    ...overrides,
  };
}

async function leaveTraces(email: string) {
  const contact = await send(t.app, 'POST', '/api/contact', {
    body: { name: 'Target', email, topic: 'account', message: 'Please change the address on my invoice.' },
  });
  expect(contact.statusCode).toBe(201);
  const applied = await send(t.app, 'POST', '/api/partners/applications', { body: application({ email }) });
  expect(applied.statusCode).toBe(201);
  t.clock.advance(1_000);
}

const countWhere = async (table: 'contact_messages' | 'partner_applications', email: string) =>
  (await t.app.database.db.selectFrom(table).select('id').where('email', '=', email).execute()).length;
const mailTo = async (email: string) =>
  (
    await t.app.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', email)
      .execute()
  ).map((row) => row.subject);

async function exportOf(token: string) {
  const response = await t.app.inject({ url: '/api/auth/export', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().sections;
}

async function deleteAccount(token: string) {
  const response = await t.app.inject({
    method: 'DELETE',
    url: '/api/auth/account',
    headers: bearer(token),
    payload: { password: GOOD_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
}

describe('records kept by email address', () => {
  it('stay out of the export of an account that has not verified the address', async () => {
    const email = uniqueEmail('target');
    await leaveTraces(email);
    const { token } = await register(t.app, email);
    const sections = await exportOf(token);
    expect(sections.contactMessages).toEqual([]);
    expect(sections.partnerProgramme.applications).toEqual([]);
  });

  it('survive the deletion of an unverified account, with the mail queued to the address', async () => {
    const email = uniqueEmail('target');
    await leaveTraces(email);
    const before = await mailTo(email);
    expect(before.some((subject) => subject.startsWith('We received your message'))).toBe(true);
    const { token } = await register(t.app, email);
    await deleteAccount(token);
    expect(await countWhere('contact_messages', email)).toBe(1);
    expect(await countWhere('partner_applications', email)).toBe(1);
    // What was queued before the account existed stays; its own verification mail goes with it.
    const after = await mailTo(email);
    for (const subject of before) expect(after).toContain(subject);
    expect(after.filter((subject) => /confirm|verify/i.test(subject))).toEqual([]);
  });

  it('join the export and go with the account once the address is verified', async () => {
    const email = uniqueEmail('owner');
    await leaveTraces(email);
    const { token } = await register(t.app, email);
    const secret = await secretFromOutbox(t.app, email, 'verify-email');
    expect((await t.app.inject({ url: `/api/auth/verify-email/${secret}` })).statusCode).toBe(200);
    const sections = await exportOf(token);
    expect(sections.contactMessages).toHaveLength(1);
    expect(sections.partnerProgramme.applications).toHaveLength(1);
    await deleteAccount(token);
    expect(await countWhere('contact_messages', email)).toBe(0);
    expect((await mailTo(email)).filter((subject) => subject.startsWith('We received'))).toEqual([]);
  });
});
