import { computeNatalChart } from '@app/astro/chart/natal-chart';
import { interAspects } from '@app/astro/chart/synastry';
import { PEOPLE_LIMIT } from '@app/contracts/people.ts';
import { describe, expect, it } from 'vitest';
import { register, uniqueEmail } from '../../testing/harness.ts';
import { PEOPLE_MESSAGES } from './people.ts';
import { base, expectError, useBirthDataApp } from './testing/birth-data-app.ts';

// People in a person's life: kept per account like the person's own birth, resolved the same way,
// and compared with the person's chart.

const birth = useBirthDataApp();
const { call, paidPerson, save, withPlace } = birth;

const grace = {
  ...base,
  name: 'Grace',
  date: '1985-12-09',
  time: '07:15',
  city: 'Oslo',
  country: 'Norway',
  relation: 'partner',
};
const add = (token: string, body: unknown) => call(token, 'POST', '/api/people', body);

describe('people in your life', () => {
  it('adds, lists, reads, updates and removes a person, each resolved like a birth of your own', async () => {
    const { token } = await paidPerson();
    const added = await add(token, grace);
    expect(added.statusCode, added.body).toBe(201);
    const person = added.json().data;
    expect(person).toMatchObject({
      name: 'Grace',
      relation: 'partner',
      timeZone: 'Europe/Oslo',
      timeUnknown: false,
    });
    expect(person.id).toEqual(expect.any(String));
    // 07:15 in Oslo in winter is 06:15 UT.
    expect(person.utc).toBe('1985-12-09T06:15:00.000Z');

    const listed = (await call(token, 'GET', '/api/people')).json();
    expect(listed).toMatchObject({ success: true, limit: PEOPLE_LIMIT });
    expect(listed.data.map((p: { id: string }) => p.id)).toEqual([person.id]);
    expect((await call(token, 'GET', `/api/people/${person.id}`)).json().data).toEqual(person);

    const updated = await call(token, 'PUT', `/api/people/${person.id}`, {
      ...grace,
      relation: 'friend',
      timeUnknown: true,
      time: undefined,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      id: person.id,
      relation: 'friend',
      timeUnknown: true,
      createdAt: person.createdAt,
    });

    const removed = await call(token, 'DELETE', `/api/people/${person.id}`);
    expect(removed.json()).toEqual({ success: true, message: PEOPLE_MESSAGES.removed });
    expectError(await call(token, 'GET', `/api/people/${person.id}`), 404, 'NOT_FOUND');
    expect((await call(token, 'GET', '/api/people')).json().data).toEqual([]);
  });

  it('refuses a bad form with the birth form’s messages and saves nothing', async () => {
    const { token } = await paidPerson();
    expectError(await add(token, { ...grace, date: '1985-13-40' }), 422, 'VALIDATION_FAILED');
    expectError(await add(token, { ...grace, relation: 'x'.repeat(41) }), 422, 'VALIDATION_FAILED');
    expectError(await add(token, { ...grace, nickname: 'G' }), 422, 'VALIDATION_FAILED');
    expectError(await add(token, { ...grace, city: 'Nowhereville' }), 422, 'PLACE_NOT_FOUND');
    expect((await call(token, 'GET', '/api/people')).json().data).toEqual([]);
  });

  it("never shows or changes another account's person: their id answers 404", async () => {
    const alice = await paidPerson();
    const bob = await paidPerson();
    const id = (await add(alice.token, grace)).json().data.id;
    for (const [method, url, body] of [
      ['GET', `/api/people/${id}`, undefined],
      ['PUT', `/api/people/${id}`, grace],
      ['DELETE', `/api/people/${id}`, undefined],
      ['GET', `/api/people/${id}/synastry`, undefined],
    ] as const)
      expectError(await call(bob.token, method, url, body), 404, 'NOT_FOUND');
    expect((await call(alice.token, 'GET', `/api/people/${id}`)).json().data.name).toBe('Grace');
  });

  it(`keeps at most ${PEOPLE_LIMIT} people`, async () => {
    const { token } = await paidPerson();
    for (let i = 0; i < PEOPLE_LIMIT; i++)
      expect((await add(token, { ...grace, name: `P${i}` })).statusCode).toBe(201);
    const refused = expectError(await add(token, grace), 409, 'CONFLICT');
    expect(refused.error).toBe(PEOPLE_MESSAGES.full);
  });

  it('refuses guests, unverified and unpaid people', async () => {
    const guest = await birth.t.app.inject({ method: 'GET', url: '/api/people' });
    expectError(guest, 401, 'UNAUTHENTICATED');
    const email = uniqueEmail('unpaid');
    const unverified = await register(birth.t.app, email);
    expectError(await call(unverified.token, 'GET', '/api/people'), 403, 'EMAIL_NOT_VERIFIED');
    await birth.verify(email);
    expectError(await call(unverified.token, 'POST', '/api/people', grace), 403, 'PAYMENT_REQUIRED');
  });
});

describe('the comparison of two charts', () => {
  it('answers the contacts, the houses overlay, the composite chart and the reading', async () => {
    const { token } = await paidPerson();
    expectError(
      await call(token, 'GET', `/api/people/${(await add(token, grace)).json().data.id}/synastry`),
      409,
      'BIRTH_DATA_REQUIRED',
    );
    await save(token, withPlace());
    const id = (await call(token, 'GET', '/api/people')).json().data[0].id;
    const answered = await call(token, 'GET', `/api/people/${id}/synastry`);
    expect(answered.statusCode, answered.body).toBe(200);
    const { data } = answered.json();
    expect(data.person).toEqual({ id, name: 'Grace', timeKnown: true });

    // The same contacts as the two charts computed here from the stored births.
    const own = (await call(token, 'GET', '/api/birth-data/get')).json().birthData;
    const other = (await call(token, 'GET', `/api/people/${id}`)).json().data;
    const chartOf = (b: { utc: string; latitude: number; longitude: number }) =>
      computeNatalChart({ moment: { utc: b.utc }, latitude: b.latitude, longitude: b.longitude });
    const expected = interAspects(chartOf(own), chartOf(other)).map(({ a, b, kind, orb }) => ({
      a,
      b,
      kind,
      orb,
    }));
    expect(data.aspects).toEqual(expected);
    expect(data.aspects.length).toBeGreaterThan(5);
    expect(data.theirs.find((b: { body: string }) => b.body === 'sun').longitude).toBeCloseTo(
      chartOf(other).bodies.find((b) => b.body === 'sun')!.longitude,
      9,
    );
    expect(data.overlay.theirsInYours).toHaveLength(11);
    expect(data.overlay.yoursInTheirs).toHaveLength(11);
    expect(data.composite.bodies).toHaveLength(11);
    expect(data.composite.angles.midheaven.sign).toEqual(expect.any(String));
    expect(data.reading.sections.map((s: { id: string }) => s.id)).toEqual([
      'contacts',
      'theirs-in-yours',
      'yours-in-theirs',
    ]);
    expect(data.reading.sections[0].entries[0].title).toMatch(/^Your .+ Grace’s /);
    expect(data.reading.note).toBeNull();
  });

  it('leaves out angles and houses that rest on an unknown birth time', async () => {
    const { token } = await paidPerson();
    await save(token, withPlace());
    const id = (await add(token, { ...grace, time: undefined, timeUnknown: true })).json().data.id;
    const { data } = (await call(token, 'GET', `/api/people/${id}/synastry`)).json();
    expect(data.person.timeKnown).toBe(false);
    expect(data.aspects.some((a: { a: string; b: string }) => /ascendant|midheaven/.test(a.a + a.b))).toBe(
      false,
    );
    expect(data.overlay.theirsInYours).toHaveLength(11);
    expect(data.overlay.yoursInTheirs).toEqual([]);
    expect(data.composite.angles).toBeNull();
    expect(data.reading.note).toMatch(/^Without Grace’s birth time/);
  });

  it('is refused on the chat-only plan, which keeps people to ask the chat about', async () => {
    const email = uniqueEmail('chat-only');
    const { token, userId } = await register(birth.t.app, email);
    await birth.verify(email);
    const now = birth.t.clock.now();
    await birth.t.app.database.db
      .insertInto('subscriptions')
      .values({
        user_id: userId,
        plan_id: 'chat-monthly',
        status: 'active',
        provider: 'local',
        customer_email: email,
        customer_name: 'Chat Only',
        current_period_start: now.toISOString(),
        current_period_end: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      } as never)
      .execute();
    await save(token, withPlace());
    const added = await add(token, grace);
    expect(added.statusCode, added.body).toBe(201);
    const refused = expectError(
      await call(token, 'GET', `/api/people/${added.json().data.id}/synastry`),
      403,
      'PLAN_UPGRADE_REQUIRED',
    );
    expect(refused.error).toMatch(/does not include comparing charts/);
  });

  it('is part of the account export', async () => {
    const { token } = await paidPerson();
    await add(token, grace);
    const exported = await call(token, 'GET', '/api/auth/export');
    expect(exported.json().sections.people).toEqual([
      expect.objectContaining({ name: 'Grace', relation: 'partner' }),
    ]);
  });
});
