import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../config.ts';
import {
  createTestApp,
  passSecondFactor,
  register,
  registerVerified,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';
import { freshIp, send } from '../../testing/requests.ts';
import { defaultProgramme, type ProgrammeConfig } from './config.ts';

export { freshIp, send };

// Shared by the partner, affiliate and contact tests: an app with an admin, requests from a
// chosen client address, and partners made through the real API.

export const SUPPORT = 'help@app.test';

function programme(overrides: Partial<ProgrammeConfig> = {}): ProgrammeConfig {
  return {
    ...defaultProgramme('http://app.test'),
    supportEmail: SUPPORT,
    ...overrides,
  };
}

export interface ProgrammeApp extends TestApp {
  adminToken: string;
  userToken: string;
  userId: string;
}

export async function createProgrammeApp(
  options: { smtp?: boolean; programme?: Partial<ProgrammeConfig>; config?: Partial<Config> } = {},
): Promise<ProgrammeApp> {
  const adminEmail = uniqueEmail('admin');
  const t = await createTestApp({
    smtp: options.smtp ?? false,
    config: {
      adminEmails: [adminEmail],
      programme: programme(options.programme),
      // The tests move the clock by months; the admin's session should outlive that.
      sessionTtlMs: 10 * 365 * 24 * 60 * 60_000,
      ...options.config,
    },
  });
  const admin = await registerVerified(t.app, adminEmail);
  await passSecondFactor(t.app, admin.token);
  const user = await register(t.app);
  return { ...t, adminToken: admin.token, userToken: user.token, userId: user.userId };
}

export function visitorId(): string {
  return randomBytes(16).toString('hex');
}

export function application(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Luna Sky',
    email: uniqueEmail('partner'),
    channels: 'https://lunasky.example\n@lunasky on Instagram',
    audienceSize: '10k-100k',
    promotion: 'Weekly newsletter feature and a pinned story linking to the app.',
    acceptTerms: true,
    ...overrides,
  };
}

/** Applies and approves through the API; returns the partner as the approval answered it. */
export async function makePartner(
  t: ProgrammeApp,
  approval: { couponCode?: string; commissionRate?: number } = {},
  name = 'Luna Sky',
): Promise<{ id: string; couponCode: string; commissionRate: number; email: string }> {
  const body = application({ name });
  const applied = await send(t.app, 'POST', '/api/partners/applications', { body });
  if (applied.statusCode !== 201) throw new Error(`apply failed: ${applied.body}`);
  const pending = await send(t.app, 'GET', '/api/admin/partners/applications?status=pending&limit=200', {
    token: t.adminToken,
  });
  const id = pending.json().applications.find((a: { email: string }) => a.email === body.email).id as string;
  const approved = await send(t.app, 'POST', `/api/admin/partners/applications/${id}/approve`, {
    token: t.adminToken,
    body: approval,
  });
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
  return approved.json().partner;
}

export async function stats(t: ProgrammeApp, partnerId: string) {
  const response = await send(t.app, 'GET', `/api/admin/partners/${partnerId}/stats`, {
    token: t.adminToken,
  });
  if (response.statusCode !== 200) throw new Error(`stats failed: ${response.body}`);
  return response.json();
}

/**
 * Registers the hooks that start an app for the affiliate tests, with two partners (LUNA at the
 * programme's 20 %, ORION at 30 %), and returns their helpers. Call once at the top of the file.
 */
export function useAffiliateApp() {
  let app: ProgrammeApp | undefined;
  let partners: { luna: { id: string; couponCode: string }; orion: { id: string; couponCode: string } };
  const current = () => {
    if (!app) throw new Error('the affiliate test app is used before beforeAll ran');
    return app;
  };

  beforeAll(async () => {
    app = await createProgrammeApp({
      programme: { commissionRate: 0.2, attributionWindowDays: 30, couponPercentOff: 12 },
    });
    partners = {
      luna: await makePartner(app, { couponCode: 'LUNA' }),
      orion: await makePartner(app, { couponCode: 'ORION', commissionRate: 0.3 }),
    };
  });
  afterAll(() => app?.close());

  function click(code: string, visitor: string, extra: Record<string, unknown> = {}) {
    return send(current().app, 'POST', '/api/affiliate/click', {
      body: {
        code,
        visitorId: visitor,
        landingPath: '/#/partners',
        referrer: 'https://blog.example/post',
        ...extra,
      },
    });
  }

  function attribute(token: string, visitor: string) {
    return send(current().app, 'POST', '/api/affiliate/attribute', { token, body: { visitorId: visitor } });
  }

  return {
    get t(): ProgrammeApp {
      return current();
    },
    get luna() {
      current();
      return partners.luna;
    },
    get orion() {
      current();
      return partners.orion;
    },
    click,
    attribute,
  };
}

/**
 * Registers the hooks that start an app for the application tests (mailing through SMTP, the
 * programme at 25 %, 45 days and 15 % off), and returns their helpers. Call once at the top of the
 * file.
 */
export function useApplicationsApp() {
  let app: ProgrammeApp | undefined;
  const current = () => {
    if (!app) throw new Error('the applications test app is used before beforeAll ran');
    return app;
  };

  beforeAll(async () => {
    app = await createProgrammeApp({
      smtp: true,
      programme: { commissionRate: 0.25, attributionWindowDays: 45, couponPercentOff: 15 },
    });
  });
  afterAll(() => app?.close());

  /** The stored applications sent from an address, oldest first. */
  async function applicationsOf(email: string) {
    return current()
      .app.database.db.selectFrom('partner_applications')
      .select(['id', 'name', 'status', 'promotion', 'audience_size', 'rejection_reason', 'partner_id'])
      .where('email', '=', email)
      .orderBy('created_at')
      .execute();
  }

  async function pendingId(email: string): Promise<string> {
    const rows = await applicationsOf(email);
    const pending = rows.find((row) => row.status === 'pending');
    if (!pending) throw new Error(`no pending application of ${email}`);
    return pending.id;
  }

  return {
    get t(): ProgrammeApp {
      return current();
    },
    applicationsOf,
    pendingId,
  };
}
