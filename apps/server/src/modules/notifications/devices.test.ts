import { PUSH_DEVICE_LIMIT } from '@app/contracts/notifications.ts';
import { describe, expect, it } from 'vitest';
import { checkEndpoint } from './endpoint-check.ts';
import { notificationsKit } from './testing/notifications-app.ts';

const kit = notificationsKit();
const keysOf = (subscription: { keys: object }) => subscription.keys;

describe('GET /api/notifications/vapid-public-key', () => {
  it('answers the server key to a signed-in person, the same from another process, and nothing to strangers', async () => {
    const person = await kit.person();
    const response = await kit.call(person, 'GET', '/vapid-public-key');
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json().data;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const other = await kit.t.startAnotherServer();
    const again = await other.inject({
      url: '/api/notifications/vapid-public-key',
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(again.json().data.publicKey).toBe(publicKey);
    kit.expectError(await kit.call(null, 'GET', '/vapid-public-key'), 401, 'UNAUTHENTICATED');
  });
});

describe('push subscriptions', () => {
  it('adds, lists and removes a device; the same endpoint again updates it', async () => {
    const person = await kit.person();
    const { id, subscription } = await kit.addDevice(person, 'Phone');
    const list = (await kit.call(person, 'GET', '/push-subscriptions')).json().data;
    expect(list).toEqual({
      devices: [{ id, deviceName: 'Phone', createdAt: expect.any(String), lastDeliveryAt: null }],
      limit: PUSH_DEVICE_LIMIT,
    });
    const again = await kit.call(person, 'POST', '/push-subscriptions', {
      ...subscription,
      deviceName: 'My phone',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(id);
    const after = (await kit.call(person, 'GET', '/push-subscriptions')).json().data.devices;
    expect(after).toEqual([expect.objectContaining({ id, deviceName: 'My phone' })]);

    const removed = await kit.call(person, 'DELETE', `/push-subscriptions/${id}`);
    expect(removed.statusCode).toBe(200);
    expect((await kit.call(person, 'GET', '/push-subscriptions')).json().data.devices).toEqual([]);
    kit.expectError(await kit.call(person, 'DELETE', `/push-subscriptions/${id}`), 404, 'NOT_FOUND');
  });

  it("shows and removes only the person's own devices: another's id answers 404", async () => {
    const owner = await kit.person();
    const other = await kit.person();
    const { id } = await kit.addDevice(owner);
    expect((await kit.call(other, 'GET', '/push-subscriptions')).json().data.devices).toEqual([]);
    kit.expectError(await kit.call(other, 'DELETE', `/push-subscriptions/${id}`), 404, 'NOT_FOUND');
    expect((await kit.call(owner, 'GET', '/push-subscriptions')).json().data.devices).toHaveLength(1);
  });

  it("removes this browser's device by its endpoint, the person's own only, with or without a plan", async () => {
    const owner = await kit.person();
    const other = await kit.person();
    const { subscription } = await kit.addDevice(owner, 'Laptop');
    const byEndpoint = (person: typeof owner) =>
      kit.call(person, 'DELETE', '/push-subscriptions', { endpoint: subscription.endpoint });
    expect((await byEndpoint(other)).statusCode).toBe(200);
    expect((await kit.call(owner, 'GET', '/push-subscriptions')).json().data.devices).toHaveLength(1);
    expect((await byEndpoint(owner)).statusCode).toBe(200);
    expect((await kit.call(owner, 'GET', '/push-subscriptions')).json().data.devices).toEqual([]);
    kit.expectError(
      await kit.call(owner, 'DELETE', '/push-subscriptions', { endpoint: 42 }),
      422,
      'VALIDATION_FAILED',
    );
    const unpaid = await kit.unpaid();
    expect(
      (await kit.call(unpaid, 'DELETE', '/push-subscriptions', { endpoint: subscription.endpoint }))
        .statusCode,
    ).toBe(200);
  });

  it(`keeps at most ${PUSH_DEVICE_LIMIT} devices and says so clearly`, async () => {
    const person = await kit.person();
    for (let i = 0; i < PUSH_DEVICE_LIMIT; i++) await kit.addDevice(person, `Device ${i}`);
    const key = (await kit.call(person, 'GET', '/vapid-public-key')).json().data.publicKey;
    const message = kit.expectError(
      await kit.call(person, 'POST', '/push-subscriptions', kit.push.subscribe(key)),
      409,
      'CONFLICT',
    );
    expect(message).toContain(`up to ${PUSH_DEVICE_LIMIT} devices`);
    expect((await kit.call(person, 'GET', '/push-subscriptions')).json().data.devices).toHaveLength(
      PUSH_DEVICE_LIMIT,
    );
  });

  it('refuses endpoints that are not https, too long, private or internal, and unusable keys', async () => {
    const person = await kit.person();
    const key = (await kit.call(person, 'GET', '/vapid-public-key')).json().data.publicKey;
    const keys = keysOf(kit.push.subscribe(key));
    const refused = async (endpoint: string, expected: RegExp, body: object = { endpoint, keys }) => {
      const message = kit.expectError(
        await kit.call(person, 'POST', '/push-subscriptions', body),
        422,
        'VALIDATION_FAILED',
      );
      expect(message).toMatch(expected);
    };
    await refused('http://push.example.com/abc', /https/);
    await refused('ftp://push.example.com/abc', /https/);
    await refused(`https://push.example.com/${'a'.repeat(1024)}`, /1024 bytes/);
    await refused('https://10.1.2.3/push', /private or internal/);
    await refused('https://192.168.0.10/push', /private or internal/);
    await refused('https://169.254.169.254/latest/meta-data', /private or internal/);
    await refused('https://[fd00::1]/push', /private or internal/);
    await refused('https://[::ffff:10.0.0.1]/push', /private or internal/);
    await refused('https://user:secret@push.example.com/x', /user name or password/);
    await refused('not a url', /web address/);
    // http: on loopback is the tests' switch; an http: address elsewhere is refused even so.
    await refused('http://192.0.2.1/push', /private or internal|https/);
    const local = kit.push.subscribe(key);
    await refused(local.endpoint, /keys/, {
      endpoint: local.endpoint,
      keys: { p256dh: local.keys.p256dh, auth: 'AAAA' },
    });
    await refused(local.endpoint, /keys/, {
      endpoint: local.endpoint,
      keys: { p256dh: 'BAAA', auth: local.keys.auth },
    });
    kit.expectError(
      await kit.call(person, 'POST', '/push-subscriptions', { endpoint: local.endpoint, keys, extra: 1 }),
      422,
      'VALIDATION_FAILED',
    );
    expect((await kit.call(person, 'GET', '/push-subscriptions')).json().data.devices).toEqual([]);
  });

  it('needs a plan with the notes to add a device, but never to list or remove one', async () => {
    const person = await kit.unpaid();
    const key = (await kit.call(person, 'GET', '/vapid-public-key')).json().data.publicKey;
    kit.expectError(
      await kit.call(person, 'POST', '/push-subscriptions', kit.push.subscribe(key)),
      403,
      'PAYMENT_REQUIRED',
    );
    expect((await kit.call(person, 'GET', '/push-subscriptions')).statusCode).toBe(200);
  });
});

describe('the endpoint check', () => {
  const resolveTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('accepts an https name whose every address is public, and pins the first', async () => {
    const verdict = await checkEndpoint('https://push.example.com/x', {
      allowLoopback: false,
      resolve: resolveTo('93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'),
    });
    expect(verdict).toMatchObject({ ok: true, address: '93.184.216.34', family: 4 });
  });

  it('refuses a name with one private address among public ones, loopback without the switch, and unknown names', async () => {
    const mixed = await checkEndpoint('https://push.example.com/x', {
      allowLoopback: false,
      resolve: resolveTo('93.184.216.34', '10.0.0.7'),
    });
    expect(mixed).toMatchObject({ ok: false, message: expect.stringMatching(/private/) });
    expect(await checkEndpoint('https://127.0.0.1/x', { allowLoopback: false })).toMatchObject({ ok: false });
    expect(await checkEndpoint('http://127.0.0.1:9/x', { allowLoopback: false })).toMatchObject({
      ok: false,
    });
    expect(await checkEndpoint('http://127.0.0.1:9/x', { allowLoopback: true })).toMatchObject({ ok: true });
    expect(
      await checkEndpoint('https://localhost/x', { allowLoopback: false, resolve: resolveTo('::1') }),
    ).toMatchObject({ ok: false });
    const unknown = await checkEndpoint('https://nowhere.invalid/x', {
      allowLoopback: false,
      resolve: async () => {
        throw new Error('ENOTFOUND');
      },
    });
    expect(unknown).toMatchObject({ ok: false, message: expect.stringMatching(/could not be found/) });
  });
});
