import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, createTestApp, register, secretFromOutbox, type TestApp } from '../../../testing/harness.ts';

// The birth-data tests' setup: the real app and database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL), people with paid access through the admin role (ADMIN_EMAILS), and the
// birth-data and natal chart endpoints.

/** A complete birth record typed by city and country; the place is found on save. */
export const base = {
  name: 'Ada',
  date: '1990-04-21',
  time: '14:30',
  city: 'New York City',
  country: 'United States',
};

/** Checks a refusal's status and error shape, and returns its body. */
export function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body).toMatchObject({ success: false, code });
  expect(typeof body.error).toBe('string');
  return body as { error: string; code: string; details?: unknown };
}

/**
 * Registers the hooks that start the app, and returns the helpers of a birth-data test file.
 * Call once at the top of the file.
 */
export function useBirthDataApp() {
  const admins = Array.from({ length: 30 }, (_, i) => `owner.${i}@birth.test`);
  let nextAdmin = 0;
  let app: TestApp | undefined;
  let newYorkId: number | undefined;
  const current = () => {
    if (!app) throw new Error('the birth-data test app is used before beforeAll ran');
    return app;
  };

  beforeAll(async () => {
    app = await createTestApp({ config: { adminEmails: admins } });
    const found = await app.app.inject('/api/places?q=New%20York%20City&country=US&limit=1');
    newYorkId = found.json().places[0].id;
  });
  afterAll(() => app?.close());

  /** An email with paid access (the admin role) that no one has registered yet. */
  function adminEmail(): string {
    const email = admins[nextAdmin++];
    if (!email) throw new Error('the birth-data test app ran out of admin emails');
    return email;
  }

  async function verify(email: string): Promise<void> {
    const secret = await secretFromOutbox(current().app, email, 'verify-email');
    const response = await current().app.inject(`/api/auth/verify-email/${secret}`);
    expect(response.statusCode).toBe(200);
  }

  /** A signed-in person with a verified email and paid access (the admin role): id and token. */
  async function paidPerson(): Promise<{ token: string; userId: string }> {
    const email = adminEmail();
    const { token, userId } = await register(current().app, email);
    await verify(email);
    return { token, userId };
  }

  /** The token of a new paid person (see `paidPerson`). */
  const paidUser = async (): Promise<string> => (await paidPerson()).token;

  /** The atlas id of New York City. */
  function newYorkCity(): number {
    if (newYorkId === undefined) throw new Error('the birth-data test app is used before beforeAll ran');
    return newYorkId;
  }

  /** The base record with New York City chosen from the atlas. */
  const withPlace = () => ({ ...base, placeId: newYorkCity() });

  function call(token: string, method: InjectOptions['method'], url: string, payload?: unknown) {
    return current().app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload !== undefined && { payload: payload as object }),
    });
  }

  return {
    get t(): TestApp {
      return current();
    },
    newYorkCity,
    withPlace,
    adminEmail,
    verify,
    paidPerson,
    paidUser,
    call,
    save: (token: string, body: unknown) => call(token, 'POST', '/api/birth-data/save', body),
    update: (token: string, body: unknown) => call(token, 'PUT', '/api/birth-data/update', body),
    get: (token: string) => call(token, 'GET', '/api/birth-data/get'),
    remove: (token: string) => call(token, 'DELETE', '/api/birth-data/delete'),
    chart: (token: string, query = '') => call(token, 'GET', `/api/chart/natal${query}`),
  };
}
