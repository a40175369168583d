import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  bearer,
  createTestApp,
  register,
  secretFromOutbox,
  type TestApp,
  uniqueEmail,
} from '../../../testing/harness.ts';
import { type LocalPushService, type PushSubscriptionJson, startLocalPushService } from './push-service.ts';

// Shared by the notification tests: the real app (SQLite, or PostgreSQL with TEST_DATABASE_URL)
// with loopback push endpoints allowed, a local push service, an SMTP sink, and people made
// through the real API. Paid access comes from a subscription row of the full monthly plan, so a
// test can end it; the clock starts on a fixed day so local hours are known.

type PlaceKey = 'tokyo' | 'losAngeles' | 'oslo';
/** A Tuesday: 10:00 in Oslo, 19:00 in Tokyo, 01:00 in Los Angeles. */
const START = '2031-03-04T09:00:00.000Z';

export interface Person {
  token: string;
  userId: string;
  email: string;
}

export interface NotificationsKit {
  readonly t: TestApp;
  readonly push: LocalPushService;
  /** A verified person with the full plan and birth data born in `place` (none with null). */
  person(place?: PlaceKey | null): Promise<Person>;
  /** A verified person without any plan. */
  unpaid(): Promise<Person>;
  /** Ends the person's subscription (paid access is gone from now on). */
  endPlan(person: Person): Promise<void>;
  call(
    person: Person | null,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** A new subscription at the local push service, posted as this person's device; answers its id. */
  addDevice(person: Person, deviceName?: string): Promise<{ id: string; subscription: PushSubscriptionJson }>;
  setSettings(person: Person, settings: Record<string, unknown>): Promise<void>;
  setClock(iso: string): void;
  expectError(response: LightMyRequestResponse, status: number, code?: string): string;
}

export function notificationsKit(): NotificationsKit {
  let app: TestApp | undefined;
  let push: LocalPushService | undefined;
  const places = {} as Record<PlaceKey, number>;

  beforeAll(async () => {
    push = await startLocalPushService();
    app = await createTestApp({
      smtp: true,
      config: {
        notifications: { vapidKeys: null, vapidSubject: 'mailto:ops@app.test', allowLoopbackHttp: true },
      },
    });
    kit.setClock(START);
    for (const [key, q, country] of [
      ['tokyo', 'Tokyo', 'JP'],
      ['losAngeles', 'Los Angeles', 'US'],
      ['oslo', 'Oslo', 'NO'],
    ] as const) {
      const found = await app.app.inject(`/api/places?q=${encodeURIComponent(q)}&country=${country}&limit=1`);
      places[key] = found.json().places[0].id;
    }
  });
  afterAll(async () => {
    await app?.close();
    await push?.close();
  });

  async function verified(): Promise<Person> {
    const email = uniqueEmail('notes');
    const { token, userId } = await register(kit.t.app, email);
    const secret = await secretFromOutbox(kit.t.app, email, 'verify-email');
    expect((await kit.t.app.inject(`/api/auth/verify-email/${secret}`)).statusCode).toBe(200);
    return { token, userId, email };
  }

  const kit: NotificationsKit = {
    get t() {
      if (!app) throw new Error('the notifications test app starts in beforeAll');
      return app;
    },
    get push() {
      if (!push) throw new Error('the local push service starts in beforeAll');
      return push;
    },
    async person(place = 'oslo') {
      const person = await verified();
      const now = kit.t.clock.now();
      await kit.t.app.database.db
        .insertInto('subscriptions')
        .values({
          user_id: person.userId,
          plan_id: 'monthly',
          status: 'active',
          provider: 'local',
          customer_email: person.email,
          customer_name: 'Test Person',
          current_period_start: now.toISOString(),
          current_period_end: new Date(now.getTime() + 365 * 86_400_000).toISOString(),
          cancel_at_period_end: 0,
          had_trial: 0,
          provider_version: 0,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        } as never)
        .execute();
      if (place) {
        const saved = await kit.t.app.inject({
          method: 'POST',
          url: '/api/birth-data/save',
          headers: bearer(person.token),
          payload: {
            name: 'Ada',
            date: '1990-04-21',
            time: '14:30',
            city: 'x',
            country: 'y',
            placeId: places[place],
          },
        });
        expect(saved.statusCode, saved.body).toBe(201);
      }
      return person;
    },
    unpaid: verified,
    async endPlan(person) {
      await kit.t.app.database.db
        .updateTable('subscriptions')
        .set({ status: 'canceled', canceled_at: kit.t.clock.now().toISOString() })
        .where('user_id', '=', person.userId)
        .execute();
    },
    call(person, method, url, payload) {
      return kit.t.app.inject({
        method,
        url: `/api/notifications${url}`,
        headers: person ? bearer(person.token) : {},
        ...(payload !== undefined && { payload: payload as object }),
      });
    },
    async addDevice(person, deviceName) {
      const key = (await kit.call(person, 'GET', '/vapid-public-key')).json().data.publicKey as string;
      const subscription = kit.push.subscribe(key);
      const response = await kit.call(person, 'POST', '/push-subscriptions', {
        ...subscription,
        ...(deviceName && { deviceName }),
      });
      expect(response.statusCode, response.body).toBe(201);
      return { id: response.json().data.id as string, subscription };
    },
    async setSettings(person, settings) {
      const response = await kit.call(person, 'PUT', '/settings', {
        push: true,
        email: 'off',
        hour: 8,
        ...settings,
      });
      expect(response.statusCode, response.body).toBe(200);
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
