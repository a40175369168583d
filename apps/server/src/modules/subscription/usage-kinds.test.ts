import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations } from '../../app.ts';
import { migrateToLatest } from '../../platform/db/migrate.ts';
import {
  bearer,
  createTestApp,
  openTestDatabase,
  registerVerified,
  type TestApp,
  testConfig,
  uniqueEmail,
} from '../../testing/harness.ts';
import { DEFAULT_PLANS, PlanSeedSchema } from './config.ts';

// Usage kinds are declared by the modules that count them; each plan names a daily limit per kind
// (`<kind>PerDay`), and a kind a plan does not name is not allowed on it.

const adminEmail = uniqueEmail('admin');
let t: TestApp;

beforeAll(async () => {
  const config = testConfig();
  t = await createTestApp({
    config: {
      adminEmails: [adminEmail],
      billing: {
        ...config.billing,
        plans: DEFAULT_PLANS.map((plan) => ({
          ...plan,
          limits: { ...plan.limits, ...(plan.id === 'yearly' && { readingsPerDay: 2 }) },
        })),
      },
    },
  });
});
afterAll(() => t.close());

describe('a usage kind', () => {
  it('declared by a module is counted against each plan limit of its name, and listed in the constraints', async () => {
    const readings = t.app.allowances.declare({ kind: 'readings' });
    const unpriced = t.app.allowances.declare({ kind: 'unpriced' });
    const { token, userId } = await registerVerified(t.app, adminEmail);
    // An admin without a subscription has the most generous offered plan's limit of each kind.
    const admin = { id: userId, role: 'admin' as const };
    expect(await readings.consume(admin)).toMatchObject({ used: 1, limit: 2 });
    expect(await readings.consume(admin)).toMatchObject({ used: 2, limit: 2 });
    await expect(readings.consume(admin)).rejects.toMatchObject({ status: 429 });
    await expect(unpriced.consume(admin)).rejects.toMatchObject({ status: 429 });

    const today = (
      await t.app.inject({ url: '/api/subscription/constraints', headers: bearer(token) })
    ).json();
    expect(today.usage).toMatchObject({
      readings: { limit: 2, used: 2, remaining: 0 },
      unpriced: { limit: 0, used: 0, remaining: 0 },
      chatMessages: { limit: 50, used: 0 },
      landscapeRegenerations: { limit: 3, used: 0 },
    });
    const { day } = await readings.consume(admin).catch(() => ({ day: today.day as string }));
    await readings.giveBack(admin, day);
    expect(await readings.usage(admin)).toMatchObject({ used: 1, remaining: 1 });
  });

  it('is declared once, and one no module declared is a mistake in the code', () => {
    t.app.allowances.declare({ kind: 'once' });
    expect(() => t.app.allowances.declare({ kind: 'once' })).toThrow(/declared twice/);
    expect(() => t.app.allowances.of('never')).toThrow(/never declared/);
    expect(() => t.app.allowances.declare({ kind: 'Not a kind' })).toThrow(/camelCase/);
  });

  it('has its plan limit named <kind>PerDay in the plan catalogue', () => {
    const plan = DEFAULT_PLANS[0]!;
    expect(PlanSeedSchema.safeParse({ ...plan, limits: { chat: 5 } }).success).toBe(false);
    expect(PlanSeedSchema.safeParse({ ...plan, limits: { chatMessagesPerDay: -1 } }).success).toBe(false);
    expect(PlanSeedSchema.safeParse({ ...plan, limits: { comparisonsPerDay: 5 } }).success).toBe(true);
  });
});

describe('plans stored before the limits were kept by kind', () => {
  it('keep their limits (0024 moves the two columns into one object)', async () => {
    const test = await openTestDatabase(testConfig());
    const db = test.database.db as unknown as Kysely<unknown>;
    try {
      const all = allMigrations();
      await migrateToLatest(
        test.database,
        Object.fromEntries(Object.entries(all).filter(([name]) => name <= '0023-plan-changes')),
      );
      await sql`insert into subscription_plans (id, name, kind, interval, price_minor, currency, trial_days,
        features, chat_messages_per_day, landscape_regenerations_per_day, sort_order, active)
        values ('old', 'Old', 'full', 'month', 900, 'USD', 0, '[]', 40, 2, 9, 0)`.execute(db);
      await migrateToLatest(test.database, all);
      const { rows } = await sql<{ usage_limits: string }>`
        select usage_limits from subscription_plans where id = 'old'`.execute(db);
      expect(JSON.parse(rows[0]!.usage_limits)).toEqual({
        chatMessagesPerDay: 40,
        landscapeRegenerationsPerDay: 2,
      });
    } finally {
      await test.drop();
    }
  });
});
