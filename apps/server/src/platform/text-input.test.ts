import { statusMessage } from '@app/contracts/error-catalogue.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, errorOf, register, type TestApp, uniqueEmail } from '../testing/harness.ts';

// Text holding the NUL character is refused with 400 before it reaches the database (PostgreSQL
// cannot store it; found by the fault suite's fuzzed requests), on SQLite and PostgreSQL alike.

const refused = { status: 400, code: 'BAD_REQUEST', error: statusMessage(400) };

describe('text with the NUL character', () => {
  let t: TestApp;
  let token: string;
  const stored: unknown[] = [];
  beforeAll(async () => {
    // A route without rules of its own, as a handler that would store any text.
    t = await createTestApp({
      beforeReady: (app) =>
        app.post('/api/test-store', async (request) => {
          stored.push(request.body);
          return { ok: true };
        }),
    });
    ({ token } = await register(t.app, uniqueEmail('nul')));
  });
  afterAll(() => t.close());

  it('in a path parameter: 400, and the sessions stay', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions/%00%EF%BF%BF',
      headers: bearer(token),
    });
    expect(errorOf(response)).toEqual(refused);
    const sessions = await t.app.inject({ url: '/api/auth/sessions', headers: bearer(token) });
    expect(sessions.statusCode).toBe(200);
  });

  it('in a JSON body, also as a key or deep in a list: 400 before the handler runs', async () => {
    for (const payload of [{ text: 'a\u0000b' }, { 'x\u0000': 1 }, { list: ['ok', ['\u0000']] }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/test-store', payload });
      expect(errorOf(response)).toEqual(refused);
    }
    expect(stored).toEqual([]);
    const good = await t.app.inject({ method: 'POST', url: '/api/test-store', payload: { text: 'ab' } });
    expect(good.statusCode).toBe(200);
    expect(stored).toEqual([{ text: 'ab' }]);
  });

  it('in a field whose own rule refuses it: that rule’s 422 and message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail('nul'), password: 'violet-orbit-47-lantern', name: 'A\u0000' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().details[0].path).toBe('name');
  });

  it('in the query: 400; the same request without it is answered', async () => {
    const bad = await t.app.inject({ url: '/api/places?q=Os%00lo', headers: bearer(token) });
    expect(errorOf(bad)).toEqual(refused);
    const good = await t.app.inject({ url: '/api/places?q=Oslo', headers: bearer(token) });
    expect(good.statusCode).toBe(200);
  });
});
