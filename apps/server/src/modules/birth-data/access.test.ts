import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, register, uniqueEmail } from '../../testing/harness.ts';
import { expectError, useBirthDataApp } from './testing/birth-data-app.ts';

// Who may use the birth data: only its owner, verified and with paid access; and the account's
// export and deletion carry it.

const birth = useBirthDataApp();
const { save, update, get, remove, chart, call, paidUser, verify, withPlace, adminEmail, newYorkCity } =
  birth;

describe('who may use it', () => {
  it("one person never sees or changes another's data", async () => {
    const alice = await paidUser();
    const bob = await paidUser();
    await save(alice, withPlace());
    expect((await get(bob)).json().birthData).toBeNull();
    expectError(await chart(bob), 404, 'NOT_FOUND');
    expectError(await update(bob, { ...withPlace(), name: 'Mallory' }), 404, 'NOT_FOUND');
    expectError(await remove(bob), 404, 'NOT_FOUND');
    expect((await get(alice)).json().birthData.name).toBe('Ada');
    // Bob's own save is his own record.
    await save(bob, { ...withPlace(), name: 'Bob' });
    expect((await get(alice)).json().birthData.name).toBe('Ada');
    expect((await get(bob)).json().birthData.name).toBe('Bob');
  });

  const routes: [InjectOptions['method'], string, unknown][] = [
    ['POST', '/api/birth-data/save', withPlace],
    ['GET', '/api/birth-data/get', undefined],
    ['PUT', '/api/birth-data/update', withPlace],
    ['DELETE', '/api/birth-data/delete', undefined],
    ['GET', '/api/chart/natal', undefined],
  ];

  it('refuses guests (401), unverified emails (403) and people without paid access (403)', async () => {
    const unverifiedAdmin = await register(birth.t.app, adminEmail());
    const unpaidEmail = uniqueEmail('unpaid');
    const unpaid = await register(birth.t.app, unpaidEmail);
    await verify(unpaidEmail);
    for (const [method, url, body] of routes) {
      const payload = typeof body === 'function' ? body() : undefined;
      const guest = await birth.t.app.inject({ method, url, ...(payload && { payload }) });
      expectError(guest, 401, 'UNAUTHENTICATED');
      expectError(await call(unverifiedAdmin.token, method, url, payload), 403, 'EMAIL_NOT_VERIFIED');
      expectError(await call(unpaid.token, method, url, payload), 403, 'PAYMENT_REQUIRED');
    }
    // Nothing was saved for either of them.
    const rows = await birth.t.app.database.db
      .selectFrom('birth_profiles')
      .select('id')
      .where('owner_id', 'in', [unverifiedAdmin.userId, unpaid.userId])
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('the account', () => {
  it('export includes the birth data; deleting the account deletes it', async () => {
    const email = adminEmail();
    const { token, userId } = await register(birth.t.app, email);
    await verify(email);
    await save(token, withPlace());
    const exported = await call(token, 'GET', '/api/auth/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json().sections.birthData).toMatchObject({ name: 'Ada', placeId: newYorkCity() });

    const deleted = await call(token, 'DELETE', '/api/auth/account', { password: GOOD_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await birth.t.app.database.db
      .selectFrom('birth_profiles')
      .select('id')
      .where('owner_id', '=', userId)
      .execute();
    expect(rows).toEqual([]);
  });
});
