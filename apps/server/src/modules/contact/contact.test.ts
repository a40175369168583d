import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  GOOD_PASSWORD,
  register,
  secretFromOutbox,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';
import { freshIp, send } from '../../testing/requests.ts';
import { defaultContact } from './config.ts';

const OPERATORS = 'operators@app.test';
const SUPPORT = 'help@app.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    smtp: true,
    config: {
      contact: { ...defaultContact('http://app.test'), operatorEmail: OPERATORS, supportEmail: SUPPORT },
    },
  });
});
afterAll(() => t.close());

const HOUR = 60 * 60_000;

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Lovelace',
    email: uniqueEmail('contact'),
    topic: 'billing',
    message: 'My renewal date looks wrong on the settings page. Could you check it?',
    ...overrides,
  };
}

async function storedFrom(email: string) {
  return t.app.database.db
    .selectFrom('contact_messages')
    .select(['name', 'email', 'topic', 'message'])
    .where('email', '=', email)
    .execute();
}

async function outboxTo(email: string) {
  return t.app.database.db
    .selectFrom('mail_outbox')
    .select('subject')
    .where('recipient', '=', email)
    .execute();
}

describe('POST /api/contact', () => {
  it('stores the message, mails it to the operators and acknowledges it to the sender', async () => {
    const body = message({
      email: `  ${uniqueEmail('Mixed').toUpperCase()} `,
      message: '  Hello <b>there</b>, a question about refunds.  ',
    });
    const email = body.email.trim().toLowerCase();
    const response = await send(t.app, 'POST', '/api/contact', { body });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: expect.stringContaining('Thank you') });
    expect(await storedFrom(email)).toEqual([
      {
        name: 'Ada Lovelace',
        email,
        topic: 'billing',
        message: 'Hello <b>there</b>, a question about refunds.',
      },
    ]);

    await t.app.mailer.flush();
    const forOperators = await t.smtp!.waitFor((m) => m.to.includes(OPERATORS) && m.text.includes(email));
    expect(forOperators.subject).toBe('[Contact] Billing and subscription: Ada Lovelace');
    expect(forOperators.text).toContain('Hello <b>there</b>, a question about refunds.');
    // Typed text is escaped in the HTML part.
    expect(forOperators.html).toContain('Hello &#60;b&#62;there&#60;/b&#62;');
    expect(forOperators.html).not.toContain('<b>there</b>');

    const ack = await t.smtp!.waitFor((m) => m.to.includes(email));
    expect(ack.subject).toBe('We received your message to Astro Guidance');
    // Nor the name: the address is not proven to be the sender's.
    expect(ack.text).toContain('Hello,');
    expect(ack.text).not.toContain('Ada');
    expect(ack.text).toContain('Billing and subscription');
    expect(ack.text).toContain(SUPPORT);
    // The acknowledgement never repeats the message: the form cannot relay text to a stranger.
    expect(ack.text).not.toContain('refunds');
  });

  it('refuses line breaks in the name, so none can reach a mail header', async () => {
    const email = uniqueEmail('inject');
    const response = await send(t.app, 'POST', '/api/contact', {
      body: message({ email, name: 'Eve\r\nBcc: victim@example.org' }),
    });
    expect(response.statusCode).toBe(422);
    expect(await storedFrom(email)).toEqual([]);
    expect(await outboxTo(email)).toEqual([]);
  });

  const bad: [string, (body: Record<string, unknown>) => Record<string, unknown>, string][] = [
    ['a missing name', ({ name: _, ...rest }) => rest, 'name'],
    ['a blank name', (body) => ({ ...body, name: '   ' }), 'name'],
    ['a name of the wrong type', (body) => ({ ...body, name: 42 }), 'name'],
    ['an overlong name', (body) => ({ ...body, name: 'n'.repeat(101) }), 'name'],
    ['a missing email', ({ email: _, ...rest }) => rest, 'email'],
    ['an invalid email', (body) => ({ ...body, email: 'not-an-address' }), 'email'],
    ['two addresses', (body) => ({ ...body, email: 'a@example.com,b@example.com' }), 'email'],
    ['an unknown topic', (body) => ({ ...body, topic: 'lottery' }), 'topic'],
    ['a missing topic', ({ topic: _, ...rest }) => rest, 'topic'],
    ['a too short message', (body) => ({ ...body, message: ' short ' }), 'message'],
    ['an overlong message', (body) => ({ ...body, message: 'm'.repeat(5001) }), 'message'],
    ['a message of the wrong type', (body) => ({ ...body, message: ['a', 'b'] }), 'message'],
    ['an unknown field', (body) => ({ ...body, priority: 'urgent' }), 'contact'],
  ];
  it.each(bad)('refuses %s with 422 and stores and mails nothing', async (_label, change, field) => {
    const body = change(message());
    const response = await send(t.app, 'POST', '/api/contact', { body });
    expect(response.statusCode).toBe(422);
    const error = response.json();
    expect(error).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    if (field !== 'contact') expect(error.details.map((d: { path: string }) => d.path)).toContain(field);
    if (typeof body.email === 'string' && body.email.includes('@example.com') && !body.email.includes(',')) {
      expect(await storedFrom(body.email)).toEqual([]);
      expect(await outboxTo(body.email)).toEqual([]);
    }
  });

  it('refuses malformed JSON (400), an oversized body (413) and a non-JSON body (415)', async () => {
    const before = await t.app.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await send(t.app, 'POST', '/api/contact', { raw: '{"name":"A",' })).statusCode).toBe(400);
    const huge = await send(t.app, 'POST', '/api/contact', {
      body: message({ message: 'x'.repeat(70_000) }),
    });
    expect(huge.statusCode).toBe(413);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const after = await t.app.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('allows three messages an hour per address, then answers 429 until the hour has passed', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 3; i += 1) {
      expect((await send(t.app, 'POST', '/api/contact', { body: message({ email }) })).statusCode).toBe(201);
    }
    const refused = await send(t.app, 'POST', '/api/contact', { body: message({ email }) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await storedFrom(email)).toHaveLength(3);
    t.clock.advance(HOUR + 1);
    expect((await send(t.app, 'POST', '/api/contact', { body: message({ email }) })).statusCode).toBe(201);
  });

  it('allows ten messages an hour per client address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await send(t.app, 'POST', '/api/contact', { ip, body: message() })).statusCode).toBe(201);
    }
    const body = message();
    expect((await send(t.app, 'POST', '/api/contact', { ip, body })).statusCode).toBe(429);
    expect(await storedFrom(body.email)).toEqual([]);
    // Another client is not affected.
    expect((await send(t.app, 'POST', '/api/contact', { body: message() })).statusCode).toBe(201);
  });
});

describe('GET /api/contact/info', () => {
  it('gives the support address from the configuration', async () => {
    const response = await send(t.app, 'GET', '/api/contact/info');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, supportEmail: SUPPORT });
  });
});

describe('account export and deletion', () => {
  it('exports the messages sent from the account address and deletes them with the account', async () => {
    const person = await register(t.app);
    // Messages kept by address belong to the account once it has verified that address.
    const secret = await secretFromOutbox(t.app, person.email, 'verify-email');
    expect((await t.app.inject({ url: `/api/auth/verify-email/${secret}` })).statusCode).toBe(200);
    const stranger = uniqueEmail('other');
    await send(t.app, 'POST', '/api/contact', { body: message({ email: person.email, topic: 'privacy' }) });
    await send(t.app, 'POST', '/api/contact', { body: message({ email: stranger }) });

    const exported = await send(t.app, 'GET', '/api/auth/export', { token: person.token });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().sections.contactMessages).toEqual([
      expect.objectContaining({ email: person.email, topic: 'privacy', name: 'Ada Lovelace' }),
    ]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { authorization: `Bearer ${person.token}` },
      payload: { password: GOOD_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await storedFrom(person.email)).toEqual([]);
    expect(await storedFrom(stranger)).toHaveLength(1);
  });
});
