import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, GOOD_PASSWORD, register, type TestApp } from '../../testing/harness.ts';

// Every JSON endpoint of /api/auth against the same malformed requests: each must be refused with
// a 4xx in the common error shape, and must change nothing.

let t: TestApp;
let token: string;
let email: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token, email } = await register(t.app));
});
afterAll(() => t.close());

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const SECRET = 'B'.repeat(43);
const endpoints: { method: Method; url: string; auth: boolean; body: () => Record<string, unknown> }[] = [
  {
    method: 'POST',
    url: '/api/auth/register',
    auth: false,
    body: () => ({ email: 'n@example.com', name: 'N', password: GOOD_PASSWORD }),
  },
  { method: 'POST', url: '/api/auth/login', auth: false, body: () => ({ email, password: GOOD_PASSWORD }) },
  { method: 'PATCH', url: '/api/auth/profile', auth: true, body: () => ({ name: 'Renamed' }) },
  {
    method: 'PUT',
    url: '/api/auth/change-password',
    auth: true,
    body: () => ({ currentPassword: GOOD_PASSWORD, newPassword: 'some-other-passphrase' }),
  },
  { method: 'POST', url: '/api/auth/resend-verification', auth: false, body: () => ({ email }) },
  { method: 'POST', url: '/api/auth/forgot-password', auth: false, body: () => ({ email }) },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    auth: false,
    body: () => ({ token: SECRET, newPassword: 'some-other-passphrase' }),
  },
  { method: 'DELETE', url: '/api/auth/account', auth: true, body: () => ({ password: GOOD_PASSWORD }) },
];

function request(endpoint: (typeof endpoints)[number], payload: string): InjectOptions {
  return {
    method: endpoint.method,
    url: endpoint.url,
    payload,
    headers: { 'content-type': 'application/json', ...(endpoint.auth ? bearer(token) : {}) },
  };
}

const malformed: [string, (body: Record<string, unknown>) => string, number][] = [
  ['malformed JSON', (body) => JSON.stringify(body).slice(0, -1), 400],
  ['a __proto__ key', (body) => JSON.stringify(body).replace('{', '{"__proto__":{"role":"admin"},'), 400],
  ['an oversized body', (body) => JSON.stringify({ ...body, pad: 'x'.repeat(70_000) }), 413],
  ['an unknown field', (body) => JSON.stringify({ ...body, isAdmin: true }), 422],
  ['an array instead of an object', (body) => JSON.stringify([body]), 422],
  ['null', () => 'null', 422],
  [
    'every field with a wrong type',
    (body) => JSON.stringify(Object.fromEntries(Object.keys(body).map((k) => [k, 12345]))),
    422,
  ],
  ['every field missing', () => '{}', 422],
];

describe.each(endpoints)('$method $url', (endpoint) => {
  it.each(malformed)('refuses %s', async (_label, make, status) => {
    const response = await t.app.inject(request(endpoint, make(endpoint.body())));
    expect(response.statusCode).toBe(status);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(typeof body.error).toBe('string');
    expect(typeof body.code).toBe('string');
  });
});

describe('path parameters', () => {
  it.each([
    '/api/auth/verify-email/too-short',
    `/api/auth/verify-email/${'A'.repeat(44)}`,
    `/api/auth/verify-email/${'A'.repeat(42)}%20`,
    '/api/auth/verify-reset-token/not-a-secret',
  ])('refuses GET %s with 422', async (url) => {
    expect((await t.app.inject(url)).statusCode).toBe(422);
  });

  it('refuses an over-long session id', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${'s'.repeat(65)}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('nothing changed', () => {
  it('leaves the account as it was after all of the above', async () => {
    const profile = await t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
    expect(profile.json().user).toMatchObject({ email, name: 'Test Person', role: 'user' });
    expect(await t.app.auth.findAccountByEmail('n@example.com')).toBeNull();
  });
});

describe('arbitrary bodies', () => {
  it('never cause a server error and never log anyone in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom('email', 'password', 'x'), fc.jsonValue())),
        async (body) => {
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          });
          expect(response.statusCode).toBeLessThan(500);
          expect(response.statusCode).not.toBe(200);
        },
      ),
      { numRuns: 60 },
    );
  });
});
