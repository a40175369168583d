// Helpers for the birth-data tests: a paid, verified person and calls to the endpoints as them.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, register, secretFromOutbox, type TestApp } from '../../testing/harness.ts';

/** Addresses given the admin role (paid access) in the test app's config. */
export const birthAdmins = (label: string, count = 20) =>
  Array.from({ length: count }, (_, i) => `${label}.${i}@birth.test`);

export function birthDataClient(t: TestApp, admins: string[]) {
  let next = 0;
  const call = (token: string, method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload !== undefined && { payload: payload as object }),
    });
  return {
    /** A signed-in person with a verified email and paid access; their id and token. */
    async paidUser(): Promise<{ token: string; userId: string }> {
      const email = admins[next++]!;
      const { token, userId } = await register(t.app, email);
      const secret = await secretFromOutbox(t.app, email, 'verify-email');
      expect((await t.app.inject(`/api/auth/verify-email/${secret}`)).statusCode).toBe(200);
      return { token, userId };
    },
    save: (token: string, body: unknown) => call(token, 'POST', '/api/birth-data/save', body),
    update: (token: string, body: unknown) => call(token, 'PUT', '/api/birth-data/update', body),
    get: (token: string) => call(token, 'GET', '/api/birth-data/get'),
    remove: (token: string) => call(token, 'DELETE', '/api/birth-data/delete'),
    chart: (token: string) => call(token, 'GET', '/api/chart/natal'),
  };
}

export function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body).toMatchObject({ success: false, code });
  expect(typeof body.error).toBe('string');
  return body as { error: string; code: string; details?: unknown };
}
