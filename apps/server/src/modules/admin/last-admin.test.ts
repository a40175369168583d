import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  passSecondFactor,
  type Registered,
  registerVerified,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';

// Two admins who demote or disable each other at the same moment: one of them stays an admin.

let t: TestApp;
let first: Registered;
let second: Registered;
beforeAll(async () => {
  const emails: [string, string] = [uniqueEmail('first-admin'), uniqueEmail('second-admin')];
  t = await createTestApp({ config: { adminEmails: emails } });
  first = await registerVerified(t.app, emails[0]);
  second = await registerVerified(t.app, emails[1]);
  for (const admin of [first, second]) await passSecondFactor(t.app, admin.token);
});
afterAll(() => t.close());

const activeAdmins = async () =>
  (
    await t.app.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .execute()
  ).length;

/** Both at once: each admin changes the other; answers the two statuses. */
async function eachOther(body: object): Promise<number[]> {
  const change = (by: Registered, of: Registered) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${of.userId}`,
      headers: bearer(by.token),
      payload: body,
    });
  const answers = await Promise.all([change(first, second), change(second, first)]);
  return answers.map((answer) => answer.statusCode);
}

it('two admins who demote each other at once leave one admin, every time', async () => {
  for (let round = 0; round < 5; round++) {
    const statuses = await eachOther({ role: 'user' });
    expect(statuses).toContain(200);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(await activeAdmins()).toBe(1);
    for (const admin of [first, second]) await t.app.auth.setRole(admin.userId, 'admin');
  }
});

it('two admins who disable each other at once leave one admin', async () => {
  const statuses = await eachOther({ disabled: true });
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(await activeAdmins()).toBe(1);
});
