import { describe, expect, it } from 'vitest';
import { notificationsKit } from './testing/notifications-app.ts';

const kit = notificationsKit();

describe('GET and PUT /api/notifications/settings', () => {
  it('starts with everything off at 08:00 in the zone of the person’s day', async () => {
    const person = await kit.person('tokyo');
    const response = await kit.call(person, 'GET', '/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { push: false, email: 'off', hour: 8, quietDays: [], zone: null, zoneInUse: 'Asia/Tokyo' },
    });
    const noBirth = await kit.person(null);
    expect((await kit.call(noBirth, 'GET', '/settings')).json().data.zoneInUse).toBe('UTC');
  });

  it('saves the choice, keeps quiet days and zone when they are left out, and reads zone names loosely', async () => {
    const person = await kit.person('oslo');
    const saved = await kit.call(person, 'PUT', '/settings', {
      push: true,
      email: 'weekly',
      hour: 21,
      quietDays: [0, 6],
      zone: 'asia/tokyo',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      push: true,
      email: 'weekly',
      hour: 21,
      quietDays: [0, 6],
      zone: 'Asia/Tokyo',
      zoneInUse: 'Asia/Tokyo',
    };
    expect(saved.json().data).toEqual(expected);
    const changed = await kit.call(person, 'PUT', '/settings', { push: false, email: 'daily', hour: 7 });
    expect(changed.json().data).toEqual({ ...expected, push: false, email: 'daily', hour: 7 });
    const cleared = await kit.call(person, 'PUT', '/settings', {
      push: false,
      email: 'daily',
      hour: 7,
      zone: null,
      quietDays: [],
    });
    expect(cleared.json().data).toMatchObject({ zone: null, zoneInUse: 'Europe/Oslo', quietDays: [] });
  });

  it('refuses bad input with a message per field and changes nothing', async () => {
    const person = await kit.person('oslo');
    await kit.setSettings(person, { push: true, email: 'daily', hour: 9, quietDays: [2] });
    const before = (await kit.call(person, 'GET', '/settings')).json().data;
    const good = { push: true, email: 'daily', hour: 9 };
    for (const [body, pattern] of [
      [{ ...good, hour: 24 }, /hour/],
      [{ ...good, hour: 7.5 }, /hour/],
      [{ ...good, hour: '8' }, /hour/],
      [{ ...good, email: 'sometimes' }, /email/],
      [{ ...good, push: 'yes' }, /push/],
      [{ ...good, quietDays: [7] }, /quietDays/],
      [{ ...good, quietDays: [1, 1] }, /quietDays/],
      [{ email: 'daily', hour: 9 }, /push/],
      [{ ...good, sound: 'chime' }, /./],
    ] as const) {
      const response = await kit.call(person, 'PUT', '/settings', body);
      const message = kit.expectError(response, 422, 'VALIDATION_FAILED');
      expect(`${message} ${JSON.stringify(response.json().details ?? '')}`).toMatch(pattern);
    }
    const zone = kit.expectError(
      await kit.call(person, 'PUT', '/settings', { ...good, hour: 10, zone: 'Mars/Olympus' }),
      422,
    );
    expect(zone).toMatch(/time zone/);
    expect((await kit.call(person, 'GET', '/settings')).json().data).toEqual(before);
    kit.expectError(await kit.call(null, 'GET', '/settings'), 401, 'UNAUTHENTICATED');
  });

  it('needs the plan to turn notes on, never to turn them off', async () => {
    const person = await kit.person('oslo');
    const unpaid = await kit.unpaid();
    kit.expectError(
      await kit.call(unpaid, 'PUT', '/settings', { push: true, email: 'off', hour: 8 }),
      403,
      'PAYMENT_REQUIRED',
    );
    kit.expectError(
      await kit.call(unpaid, 'PUT', '/settings', { push: false, email: 'daily', hour: 8 }),
      403,
      'PAYMENT_REQUIRED',
    );
    expect(
      (await kit.call(unpaid, 'PUT', '/settings', { push: false, email: 'off', hour: 6 })).statusCode,
    ).toBe(200);

    await kit.setSettings(person, { push: true, email: 'daily' });
    await kit.endPlan(person);
    const off = await kit.call(person, 'PUT', '/settings', { push: false, email: 'off', hour: 8 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ push: false, email: 'off' });
    kit.expectError(
      await kit.call(person, 'PUT', '/settings', { push: true, email: 'off', hour: 8 }),
      403,
      'PAYMENT_REQUIRED',
    );
  });
});
