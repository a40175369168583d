import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, createTestApp, login, type TestApp, uniqueEmail } from '../../../testing/harness.ts';
import { DEFAULT_PLANS } from '../config.ts';
import { verifiedUser } from './subscribers.ts';

// The local provider tests' setup: the app with the built-in test provider and a few coupons,
// the subscription API, the pay pages' forms and the minute job.

export const DAY = 86_400_000;

/**
 * Registers the hooks that start an app with the local provider, and returns the helpers of a
 * local provider test file. Call once at the top of the file.
 */
export function useLocalApp() {
  const adminEmail = uniqueEmail('admin');
  let app: TestApp | undefined;
  const current = () => {
    if (!app) throw new Error('the local test app is used before beforeAll ran');
    return app;
  };

  beforeAll(async () => {
    app = await createTestApp({
      config: {
        adminEmails: [adminEmail],
        billing: {
          provider: 'local',
          stripe: undefined,
          pastDueGraceMs: 3 * DAY,
          testClockControl: false,
          plans: DEFAULT_PLANS,
          coupons: [
            { code: 'Stars20', percentOff: 20, duration: 'repeating', durationPeriods: 2 },
            { code: 'OLD', percentOff: 10, duration: 'once', expiresAt: '2001-01-01T00:00:00.000Z' },
            { code: 'ONCEONLY', amountOffMinor: 500, currency: 'USD', duration: 'once', maxRedemptions: 1 },
            { code: 'YEARONLY', percentOff: 50, duration: 'forever', planIds: ['yearly'] },
          ],
        },
      },
    });
  });
  afterAll(() => app?.close());

  const api = (token: string, method: 'GET' | 'POST', path: string, payload?: object) =>
    current().app.inject({
      method,
      url: `/api/subscription${path}`,
      headers: bearer(token),
      ...(payload && { payload }),
    });

  /** Sessions end after 30 idle days; tests that move further sign in again. */
  async function signIn(person: { email: string; password: string }): Promise<string> {
    return (await login(current().app, person.email, person.password)).json().token;
  }

  const status = async (token: string) => (await api(token, 'GET', '/status')).json();

  function payPath(url: string): string {
    const path = new URL(url).pathname;
    expect(path).toMatch(/^\/pay\/(checkout|card)\/[A-Za-z0-9_-]{32}$/);
    return path;
  }

  const postForm = (url: string, form: Record<string, string>): Promise<LightMyRequestResponse> =>
    current().app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  async function subscribe(
    token: string,
    planId = 'monthly',
    couponCode?: string,
    number = '4242 4242 4242 4242',
  ) {
    const created = await api(token, 'POST', '/create-subscription', {
      planId,
      ...(couponCode && { couponCode }),
    });
    expect(created.statusCode).toBe(200);
    const path = payPath(created.json().url);
    return { path, paid: await postForm(path, card(number)) };
  }

  async function mailsTo(email: string): Promise<string[]> {
    const rows = await current()
      .app.database.db.selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', email)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => row.subject);
  }

  return {
    /** The app under test (once beforeAll has run). */
    get t(): TestApp {
      return current();
    },
    adminEmail,
    verifiedUser: (email?: string) => verifiedUser(current().app, email),
    api,
    signIn,
    status,
    payPath,
    postForm,
    subscribe,
    mailsTo,
    /** The minute job: local renewals and trial reminders. */
    runJobs: () => current().app.subscriptions.runDue(),
  };
}

/** The pay page's card form for a test card number. */
export const card = (number: string) => ({
  cardNumber: number,
  expiry: '12/39',
  cvc: '123',
  name: 'Test Person',
});
