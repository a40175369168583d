import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, createTestApp, register, secretFromOutbox, type TestApp } from '../../testing/harness.ts';

// Shared by the landscape tests: the real app and database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL), a few atlas places, and subscribers made through the real API. Paid access
// comes from the admin role (ADMIN_EMAILS), whose allowance is the most generous plan's (three
// regenerations a day).

type PlaceKey = 'tokyo' | 'losAngeles' | 'oslo';

export interface LandscapeTestKit {
  /** The app of this test file (set once `beforeAll` has run). */
  readonly t: TestApp;
  readonly places: Record<PlaceKey, number>;
  /** A verified account, an admin (paid access) when `admin`; answers its token. */
  verifiedUser(email: string): Promise<string>;
  /** The next admin address of this file's list. */
  nextAdminEmail(): string;
  /** A paying subscriber with birth data born in `place`; answers the token. */
  subscriber(place?: PlaceKey, timeUnknown?: boolean): Promise<string>;
  userIdOf(token: string): Promise<string>;
  call(
    token: string | null,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** Moves the shared test clock to an instant (sessions idle past 30 days end: sign up after a jump). */
  setClock(iso: string): void;
  /** Checks an error answer and answers its message. */
  expectError(response: LightMyRequestResponse, status: number, code?: string): string;
}

/** Starts an app for the calling test file (beforeAll) and closes it after (afterAll). */
export function landscapeTestKit(): LandscapeTestKit {
  const admins = Array.from({ length: 40 }, (_, i) => `sky.${i}@landscape.test`);
  let nextAdmin = 0;
  let app: TestApp | undefined;
  const places = {} as Record<PlaceKey, number>;

  beforeAll(async () => {
    app = await createTestApp({ config: { adminEmails: admins } });
    for (const [key, q, country] of [
      ['tokyo', 'Tokyo', 'JP'],
      ['losAngeles', 'Los Angeles', 'US'],
      ['oslo', 'Oslo', 'NO'],
    ] as const) {
      const found = await app.app.inject(`/api/places?q=${encodeURIComponent(q)}&country=${country}&limit=1`);
      places[key] = found.json().places[0].id;
    }
  });
  afterAll(() => app?.close());

  const kit: LandscapeTestKit = {
    get t() {
      if (!app) throw new Error('the landscape test app starts in beforeAll');
      return app;
    },
    places,
    async verifiedUser(email) {
      const { token } = await register(kit.t.app, email);
      const secret = await secretFromOutbox(kit.t.app, email, 'verify-email');
      expect((await kit.t.app.inject(`/api/auth/verify-email/${secret}`)).statusCode).toBe(200);
      return token;
    },
    nextAdminEmail() {
      const email = admins[nextAdmin++];
      if (!email) throw new Error('this test file has used all its admin addresses');
      return email;
    },
    async subscriber(place = 'oslo', timeUnknown = false) {
      const token = await kit.verifiedUser(kit.nextAdminEmail());
      const saved = await kit.t.app.inject({
        method: 'POST',
        url: '/api/birth-data/save',
        headers: bearer(token),
        payload: {
          name: 'Ada',
          date: '1990-04-21',
          ...(timeUnknown ? { timeUnknown: true } : { time: '14:30' }),
          city: 'x',
          country: 'y',
          placeId: places[place],
        },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      return token;
    },
    async userIdOf(token) {
      const profile = await kit.t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
      expect(profile.statusCode, profile.body).toBe(200);
      return profile.json().user.id as string;
    },
    call(token, method, url, payload) {
      return kit.t.app.inject({
        method,
        url: `/api/cosmic-landscape${url}`,
        headers: token ? bearer(token) : {},
        ...(payload !== undefined && { payload: payload as object }),
      });
    },
    setClock(iso) {
      kit.t.clock.advance(Date.parse(iso) - kit.t.clock.now().getTime());
    },
    expectError(response, status, code) {
      expect(response.statusCode, response.body).toBe(status);
      const body = response.json();
      expect(body.success).toBe(false);
      if (code) expect(body.code).toBe(code);
      expect(body.error.length).toBeGreaterThan(10);
      return body.error;
    },
  };
  return kit;
}
