import { describe, expect, it } from 'vitest';
import { localMoment } from './local-time.ts';
import { notificationsKit, type Person } from './testing/notifications-app.ts';

const kit = notificationsKit();
const HOUR = 3_600_000;

/** Moves the clock to 10 s past the next full hour; answers the local hour and weekday then in `zone`. */
function toNextHour(zone: string) {
  const next = (Math.floor(kit.t.clock.now().getTime() / HOUR) + 1) * HOUR + 10_000;
  kit.setClock(new Date(next).toISOString());
  return localMoment(zone, kit.t.clock.now());
}

/** The hour that begins next in `zone`, without moving the clock. */
function comingHour(zone: string) {
  const next = (Math.floor(kit.t.clock.now().getTime() / HOUR) + 1) * HOUR + 10_000;
  return localMoment(zone, new Date(next));
}

const pushesTo = (endpoint: string) =>
  kit.push.received.filter((p) => p.subscriptionId === kit.push.idOf(endpoint));

async function deviceRow(id: string) {
  return kit.t.app.database.db
    .selectFrom('push_subscriptions')
    .select(['note_day', 'note_retry_at', 'note_attempts', 'failure_count'])
    .where('id', '=', id)
    .executeTakeFirst();
}

describe('the daily note', () => {
  it('goes out when the chosen hour begins in the person’s zone, once per device even when run twice at once', async () => {
    const person = await kit.person('tokyo');
    const hour = comingHour('Asia/Tokyo').hour;
    await kit.setSettings(person, { hour });
    const phone = await kit.addDevice(person, 'Phone');
    const laptop = await kit.addDevice(person, 'Laptop');

    kit.setClock(
      new Date((Math.floor(kit.t.clock.now().getTime() / HOUR) + 1) * HOUR - 30_000).toISOString(),
    );
    await kit.t.app.notificationsRun();
    expect(pushesTo(phone.subscription.endpoint)).toHaveLength(0);

    const moment = toNextHour('Asia/Tokyo');
    expect(moment.hour).toBe(hour);
    const other = await kit.t.startAnotherServer();
    await Promise.all([kit.t.app.notificationsRun(), other.notificationsRun(), kit.t.app.notificationsRun()]);
    kit.t.clock.advance(20 * 60_000);
    await kit.t.app.notificationsRun();
    expect(kit.push.refused).toEqual([]);
    for (const device of [phone, laptop]) expect(pushesTo(device.subscription.endpoint)).toHaveLength(1);

    const [note] = pushesTo(phone.subscription.endpoint);
    const landscape = (
      await kit.t.app.inject({
        url: '/api/cosmic-landscape/today',
        headers: { authorization: `Bearer ${person.token}` },
      })
    ).json().data;
    // The headline and the strongest transit in one line, and where a tap leads: nothing else.
    expect(note!.payload).toEqual({
      kind: 'daily-note',
      title: landscape.headline,
      body: landscape.transits[0]?.title ?? expect.any(String),
      url: '/#/cosmic-landscape',
      tag: `daily-note-${moment.date}`,
    });
    expect(note!.claims).toMatchObject({ aud: kit.push.origin, sub: 'mailto:ops@app.test' });
    expect(note!.topic).toBe('daily-note');
    // Kept by the push service until the person's day ends, not longer.
    expect(note!.ttl).toBeGreaterThan(0);
    expect(note!.ttl).toBeLessThanOrEqual(24 * 3600 - (hour * 3600 - 10));
    const devices = (await kit.call(person, 'GET', '/push-subscriptions')).json().data.devices;
    expect(devices.every((d: { lastDeliveryAt: string | null }) => d.lastDeliveryAt !== null)).toBe(true);

    // The next day's hour brings the next note.
    kit.t.clock.advance(24 * HOUR - 20 * 60_000);
    await kit.t.app.notificationsRun();
    expect(pushesTo(phone.subscription.endpoint)).toHaveLength(2);
  });

  it('reads the hour in the zone chosen in the settings, and keeps quiet days quiet', async () => {
    const person = await kit.person('oslo');
    const coming = comingHour('America/Los_Angeles');
    await kit.setSettings(person, {
      hour: coming.hour,
      zone: 'America/Los_Angeles',
      quietDays: [coming.weekday],
    });
    const device = await kit.addDevice(person);
    toNextHour('America/Los_Angeles');
    await kit.t.app.notificationsRun();
    expect(pushesTo(device.subscription.endpoint)).toHaveLength(0);

    await kit.setSettings(person, {
      hour: coming.hour,
      zone: 'America/Los_Angeles',
      quietDays: [(coming.weekday + 1) % 7],
    });
    await kit.t.app.notificationsRun();
    expect(pushesTo(device.subscription.endpoint)).toHaveLength(1);
  });

  it('stops at once for a person who loses the plan or turns notes off', async () => {
    const [ending, turningOff] = [await kit.person('oslo'), await kit.person('oslo')];
    const hour = comingHour('Europe/Oslo').hour;
    const devices = new Map<Person, string>();
    for (const person of [ending, turningOff]) {
      await kit.setSettings(person, { hour });
      devices.set(person, (await kit.addDevice(person)).subscription.endpoint);
    }
    await kit.endPlan(ending);
    await kit.setSettings(turningOff, { push: false, hour });
    toNextHour('Europe/Oslo');
    await kit.t.app.notificationsRun();
    for (const endpoint of devices.values()) expect(pushesTo(endpoint)).toHaveLength(0);
  });

  it('forgets a device whose push service answers 410 Gone', async () => {
    const person = await kit.person('oslo');
    await kit.setSettings(person, { hour: comingHour('Europe/Oslo').hour });
    const gone = await kit.addDevice(person, 'Old phone');
    const kept = await kit.addDevice(person, 'New phone');
    kit.push.answerNext(kit.push.idOf(gone.subscription.endpoint), 410);
    toNextHour('Europe/Oslo');
    await kit.t.app.notificationsRun();
    const devices = (await kit.call(person, 'GET', '/push-subscriptions')).json().data.devices;
    expect(devices.map((d: { id: string }) => d.id)).toEqual([kept.id]);
    expect(pushesTo(kept.subscription.endpoint)).toHaveLength(1);
  });

  it('tries again after 429 with a growing pause, and gives up once the day is over', async () => {
    const person = await kit.person('oslo');
    await kit.setSettings(person, { hour: comingHour('Europe/Oslo').hour });
    const device = await kit.addDevice(person);
    const id = kit.push.idOf(device.subscription.endpoint);
    kit.push.answerNext(id, 429);
    kit.push.answerNext(id, 503);
    toNextHour('Europe/Oslo');
    await kit.t.app.notificationsRun();
    expect(await deviceRow(device.id)).toMatchObject({
      note_attempts: 1,
      failure_count: 1,
      note_retry_at: expect.any(String),
    });
    kit.t.clock.advance(30_000);
    await kit.t.app.notificationsRun(); // not due yet: the first pause is a minute
    expect(await deviceRow(device.id)).toMatchObject({ note_attempts: 1 });
    kit.t.clock.advance(40_000);
    await kit.t.app.notificationsRun(); // 503: the next pause is two minutes
    expect(await deviceRow(device.id)).toMatchObject({ note_attempts: 2, failure_count: 2 });
    kit.t.clock.advance(60_000);
    await kit.t.app.notificationsRun();
    expect(pushesTo(device.subscription.endpoint)).toHaveLength(0);
    kit.t.clock.advance(70_000);
    await kit.t.app.notificationsRun();
    expect(pushesTo(device.subscription.endpoint)).toHaveLength(1);
    expect(await deviceRow(device.id)).toMatchObject({ note_retry_at: null, failure_count: 0 });

    // A service that keeps failing: the note is given up when its day ends.
    const failing = await kit.person('oslo');
    await kit.setSettings(failing, { hour: comingHour('Europe/Oslo').hour });
    const stuck = await kit.addDevice(failing);
    kit.push.answerNext(kit.push.idOf(stuck.subscription.endpoint), 500, 50);
    const moment = toNextHour('Europe/Oslo');
    await kit.t.app.notificationsRun();
    kit.setClock(new Date(Date.parse(`${moment.date}T23:59:00Z`) + 2 * HOUR).toISOString());
    await kit.t.app.notificationsRun();
    const row = await deviceRow(stuck.id);
    expect(row).toMatchObject({ note_retry_at: null, note_day: moment.date });
    expect(row!.note_attempts).toBeLessThan(3);
    expect(pushesTo(stuck.subscription.endpoint)).toHaveLength(0);
  });
});

describe('POST /api/notifications/test', () => {
  it('sends the test note to every device now and says how many took it', async () => {
    const person = await kit.person('oslo');
    const a = await kit.addDevice(person, 'A');
    const b = await kit.addDevice(person, 'B');
    kit.push.answerNext(kit.push.idOf(b.subscription.endpoint), 500);
    const response = await kit.call(person, 'POST', '/test');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ devices: 2, delivered: 1 });
    expect(pushesTo(a.subscription.endpoint).map((p) => p.payload)).toEqual([
      expect.objectContaining({ kind: 'test', url: '/#/cosmic-landscape' }),
    ]);
    const none = await kit.person('oslo');
    kit.expectError(await kit.call(none, 'POST', '/test'), 409, 'CONFLICT');
  });
});
