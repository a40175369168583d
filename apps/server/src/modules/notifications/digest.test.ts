import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD } from '../../testing/harness.ts';
import { localMoment } from './local-time.ts';
import { notificationsKit, type Person } from './testing/notifications-app.ts';

const kit = notificationsKit();
const HOUR = 3_600_000;

function toNextHour(zone: string) {
  kit.setClock(new Date((Math.floor(kit.t.clock.now().getTime() / HOUR) + 1) * HOUR + 10_000).toISOString());
  return localMoment(zone, kit.t.clock.now());
}
const comingHour = (zone: string) =>
  localMoment(zone, new Date((Math.floor(kit.t.clock.now().getTime() / HOUR) + 1) * HOUR + 10_000)).hour;

async function outboxTo(person: Person) {
  return kit.t.app.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'html_body', 'headers'])
    .where('recipient', '=', person.email)
    .where('subject', 'like', 'Your %')
    .orderBy('created_at')
    .execute();
}

describe('the email digest', () => {
  it('mails the day’s landscape at the hour once, with a one-click unsubscribe and a settings link', async () => {
    const person = await kit.person('oslo');
    await kit.setSettings(person, { push: false, email: 'daily', hour: comingHour('Europe/Oslo') });
    toNextHour('Europe/Oslo');
    await Promise.all([kit.t.app.notificationsRun(), kit.t.app.notificationsRun()]);
    await kit.t.app.notificationsRun();
    const mails = await outboxTo(person);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const landscape = (
      await kit.t.app.inject({
        url: '/api/cosmic-landscape/today',
        headers: { authorization: `Bearer ${person.token}` },
      })
    ).json().data;
    expect(mail!.subject).toBe(`Your day: ${landscape.headline}`);
    expect(mail!.text_body).toContain(landscape.summary);
    if (landscape.transits[0]) expect(mail!.text_body).toContain(landscape.transits[0].title);
    expect(mail!.text_body).toContain('http://app.test/#/settings');
    expect(mail!.html_body).toContain('href="http://app.test/#/settings"');
    const headers = JSON.parse(mail!.headers!);
    expect(headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<http:\/\/app\.test\/api\/notifications\/unsubscribe\?token=[\w.-]+>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // Through real SMTP, the headers arrive as written.
    await kit.t.app.mailer.flush();
    const received = await kit.t.smtp!.waitFor(
      (m) => m.to.includes(person.email) && m.subject.startsWith('Your day'),
    );
    expect(received.headers['list-unsubscribe']).toBe(headers['List-Unsubscribe']);
    expect(received.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The mail client's one-click POST turns the digest off, with no sign-in.
    const url = new URL(headers['List-Unsubscribe'].slice(1, -1));
    const page = await kit.t.app.inject({ url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    // Its own stylesheet and the icon are allowed by hash and origin; nothing else is.
    const style = /<style>([^<]*)<\/style>/.exec(page.body)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'`,
    );
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg"');
    expect((await kit.call(person, 'GET', '/settings')).json().data.email).toBe('daily');
    const oneClick = await kit.t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain('no more digest mails');
    expect((await kit.call(person, 'GET', '/settings')).json().data).toMatchObject({
      email: 'off',
      hour: expect.any(Number),
    });

    const forged = `${url.pathname}?token=${url.searchParams.get('token')!.slice(0, -2)}xx`;
    const refused = await kit.t.app.inject({
      method: 'POST',
      url: forged,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(refused.statusCode).toBe(404);
  });

  it('mails the week’s exact transits with their days once a week', async () => {
    const person = await kit.person('tokyo');
    const coming = localMoment(
      'Asia/Tokyo',
      new Date((Math.floor(kit.t.clock.now().getTime() / HOUR) + 1) * HOUR + 10_000),
    );
    await kit.setSettings(person, { push: false, email: 'weekly', hour: coming.hour });
    toNextHour('Asia/Tokyo');
    await kit.t.app.notificationsRun();
    const [mail, ...more] = await outboxTo(person);
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/^Your week ahead/);
    expect(mail!.text_body).toMatch(
      /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d+ [A-Z][a-z]+\n[A-Z][a-z]+ /,
    );
    expect(JSON.parse(mail!.headers!)['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The next day at the hour: the week's mail was sent already.
    kit.t.clock.advance(24 * HOUR);
    await kit.t.app.notificationsRun();
    expect(await outboxTo(person)).toHaveLength(1);
  });

  it('sends nothing to a person without the plan', async () => {
    const person = await kit.person('oslo');
    await kit.setSettings(person, { push: false, email: 'daily', hour: comingHour('Europe/Oslo') });
    await kit.endPlan(person);
    toNextHour('Europe/Oslo');
    await kit.t.app.notificationsRun();
    expect(await outboxTo(person)).toEqual([]);
  });
});

describe('account export and deletion', () => {
  it('include the devices and settings, and deletion removes them', async () => {
    const person = await kit.person('oslo');
    await kit.setSettings(person, { email: 'weekly', hour: 6, quietDays: [0] });
    const device = await kit.addDevice(person, 'Tablet');
    const exported = await kit.t.app.inject({
      url: '/api/auth/export',
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(exported.json().sections.notifications).toEqual({
      devices: [
        {
          id: device.id,
          endpoint: device.subscription.endpoint,
          deviceName: 'Tablet',
          createdAt: expect.any(String),
          lastDeliveryAt: null,
          failedDeliveries: 0,
        },
      ],
      settings: { push: true, email: 'weekly', hour: 6, quietDays: [0], zone: null, lastDigestDay: null },
    });
    const deleted = await kit.t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { authorization: `Bearer ${person.token}` },
      payload: { password: GOOD_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const db = kit.t.app.database.db;
    expect(
      await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', person.userId).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('notification_settings')
        .select('user_id')
        .where('user_id', '=', person.userId)
        .execute(),
    ).toEqual([]);
  });
});
