import { statusMessage } from '@app/contracts/errors.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, errorOf, register, type TestApp, uniqueEmail } from '../testing/harness.ts';

// Text holding the NUL character is refused with 400 before it reaches the database (PostgreSQL
// cannot store it; found by the fault suite's fuzzed requests), on SQLite and PostgreSQL alike.

const refused = { status: 400, code: 'BAD_REQUEST', error: statusMessage(400) };

describe('text with the NUL character', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
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

  it('in a JSON body, also as a key or deep in a list: 400, nothing stored', async () => {
    for (const payload of [
      { email: 'a\u0000@example.com', password: 'violet-orbit-47-lantern', name: 'N' },
      { email: uniqueEmail('nul'), password: 'violet-orbit-47-lantern', name: 'N', 'x\u0000': 1 },
      { email: uniqueEmail('nul'), password: 'violet-orbit-47-lantern', name: ['ok', ['\u0000']] },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
      expect(errorOf(response)).toEqual(refused);
    }
    const users = await t.app.database.db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', 'a%@example.com')
      .execute();
    expect(users).toEqual([]);
  });

  it('in the query: 400; the same request without it is answered', async () => {
    const bad = await t.app.inject({ url: '/api/places?q=Os%00lo', headers: bearer(token) });
    expect(errorOf(bad)).toEqual(refused);
    const good = await t.app.inject({ url: '/api/places?q=Oslo', headers: bearer(token) });
    expect(good.statusCode).toBe(200);
  });
});
