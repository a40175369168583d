import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from './admin-cli.ts';
import type { Config } from './config.ts';
import { createTestApp, register, registerVerified, type TestApp } from './testing/harness.ts';

// `npm run admin` runs this command against the configured database; here, the test database.

let t: TestApp;
let config: Config;
beforeAll(async () => {
  t = await createTestApp();
  config = t.config;
});
afterAll(() => t.close());

describe('admin command', () => {
  it('says that an unverified address must be verified before the admin area opens', async () => {
    const { email } = await register(t.app);
    expect(await runAdminCommand(['grant', email], config, t.app.database)).toEqual({
      code: 0,
      message: `${email} is now an admin. The admin area opens once they verify their address from the mail we sent.`,
    });
  });

  it('grants and revokes the admin role by address', async () => {
    const { email } = await registerVerified(t.app);
    const run = (...args: string[]) => runAdminCommand(args, config, t.app.database);
    expect(await run('grant', email.toUpperCase())).toEqual({
      code: 0,
      message: `${email} is now an admin.`,
    });
    expect((await t.app.auth.findAccountByEmail(email))?.role).toBe('admin');
    expect(await run('revoke', email)).toEqual({ code: 0, message: `${email} is no longer an admin.` });
    expect((await t.app.auth.findAccountByEmail(email))?.role).toBe('user');
    expect((await run('grant', 'nobody@example.com')).code).toBe(1);
    expect((await run('promote', email)).code).toBe(2);
    expect((await run('grant', 'not an address')).code).toBe(2);
  });
});
