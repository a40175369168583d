import { createECDH, randomUUID } from 'node:crypto';
import {
  DEFAULT_NOTE_HOUR,
  NOTE_OPEN_PATH,
  type NotificationSettings,
  type NotificationSettingsInput,
  PUSH_DEVICE_LIMIT,
  type PushDeviceList,
  type PushSubscriptionInput,
  type TestNotificationResult,
} from '@app/contracts/notifications.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ThrottleRule } from '../../platform/config-basics.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Throttle } from '../../platform/throttle.ts';
import { type Deliveries, eachLimited } from './deliveries.ts';
import { checkEndpoint, type EndpointPolicy } from './endpoint-check.ts';
import { knownZone } from './local-time.ts';
import type { NotificationsRepository, StoredSettings } from './repository.ts';

const NOTIFICATION_MESSAGES = {
  deviceNotFound: 'That device was not found. It may have been removed already.',
  tooManyDevices: `You can get notes on up to ${PUSH_DEVICE_LIMIT} devices. Remove one in Settings → Notifications to add this one.`,
  badKeys:
    'This browser sent push keys that cannot be used. Turn notifications off and on again on this device.',
  unknownZone: 'That time zone is not known. Choose one such as Europe/Oslo or America/New_York.',
  noDevices: 'Turn on notifications on this device first: there is no device to send a test to.',
} as const;

const TEST_PAYLOAD = {
  kind: 'test',
  title: 'Notifications are on',
  body: 'This is how your daily note will arrive.',
  url: NOTE_OPEN_PATH,
  tag: 'test',
} as const;
/** Test notes a person may send an hour (each one a request to every device's push service). */
const TEST_NOTES_PER_HOUR: ThrottleRule = { max: 10, windowMs: 60 * 60_000 };
const CONCURRENT_SENDS = 10;

export interface NotificationsServiceDeps {
  repo: NotificationsRepository;
  deliveries: Deliveries;
  clock: Clock;
  throttle: Throttle;
  policy: EndpointPolicy;
  /** The zone of the person's day (current location, else birth place; UTC without either). */
  zoneOf(userId: string): Promise<string>;
}

const DEFAULTS = { push: false, email: 'off', hour: DEFAULT_NOTE_HOUR, quietDays: [], zone: null } as const;

/** A browser's P-256 key and auth secret, checked before anything is encrypted for them. */
function keysUsable(keys: { p256dh: string; auth: string }): boolean {
  if (Buffer.from(keys.auth, 'base64url').length !== 16) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(keys.p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/** The person's devices and settings (the API), and the test note. */
export class NotificationsService {
  constructor(private readonly deps: NotificationsServiceDeps) {}

  async subscribe(userId: string, input: PushSubscriptionInput): Promise<{ id: string }> {
    const verdict = await checkEndpoint(input.endpoint, this.deps.policy);
    if (!verdict.ok) throw new AppError(422, 'VALIDATION_FAILED', verdict.message);
    if (!keysUsable(input.keys)) throw new AppError(422, 'VALIDATION_FAILED', NOTIFICATION_MESSAGES.badKeys);
    const saved = await this.deps.repo.saveDevice(
      {
        id: randomUUID(),
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        deviceName: input.deviceName === '' ? null : input.deviceName,
      },
      PUSH_DEVICE_LIMIT,
      this.deps.clock.now().toISOString(),
    );
    if (saved === 'full') throw new AppError(409, 'CONFLICT', NOTIFICATION_MESSAGES.tooManyDevices);
    return saved;
  }

  async devices(userId: string): Promise<PushDeviceList> {
    const rows = await this.deps.repo.devicesOf([userId]);
    return {
      devices: rows.map((row) => ({
        id: row.id,
        deviceName: row.device_name,
        createdAt: row.created_at,
        lastDeliveryAt: row.last_delivery_at,
      })),
      limit: PUSH_DEVICE_LIMIT,
    };
  }

  async removeDevice(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repo.deleteDevice(userId, id)))
      throw notFound(NOTIFICATION_MESSAGES.deviceNotFound);
  }

  /** This browser's device, named by its subscription's endpoint (gone already: nothing to do). */
  async removeDeviceByEndpoint(userId: string, endpoint: string): Promise<void> {
    await this.deps.repo.deleteDeviceByEndpoint(userId, endpoint);
  }

  private async stored(userId: string): Promise<StoredSettings> {
    return (
      (await this.deps.repo.settingsOf(userId)) ?? { userId, ...DEFAULTS, quietDays: [], digestDay: null }
    );
  }

  async settings(userId: string): Promise<NotificationSettings> {
    const stored = await this.stored(userId);
    return {
      push: stored.push,
      email: stored.email,
      hour: stored.hour,
      quietDays: stored.quietDays,
      zone: stored.zone,
      zoneInUse: stored.zone ?? (await this.deps.zoneOf(userId)),
    };
  }

  /** Whether the change turns something on (which needs the plan; turning off never does). */
  async turnsOn(userId: string, input: NotificationSettingsInput): Promise<boolean> {
    const before = await this.stored(userId);
    return (input.push && !before.push) || (input.email !== 'off' && before.email === 'off');
  }

  async saveSettings(userId: string, input: NotificationSettingsInput): Promise<NotificationSettings> {
    const before = await this.stored(userId);
    let zone = input.zone === undefined ? before.zone : input.zone;
    if (zone !== null) {
      zone = knownZone(zone);
      if (!zone) throw new AppError(422, 'VALIDATION_FAILED', NOTIFICATION_MESSAGES.unknownZone);
    }
    await this.deps.repo.saveSettings(
      {
        userId,
        push: input.push,
        email: input.email,
        hour: input.hour,
        quietDays: input.quietDays ?? before.quietDays,
        zone,
      },
      this.deps.clock.now().toISOString(),
    );
    return this.settings(userId);
  }

  /** POST /test: the test note to every device now; answers how many push services took it. */
  async sendTest(userId: string): Promise<TestNotificationResult> {
    await this.deps.throttle.take({ rule: TEST_NOTES_PER_HOUR, key: `notifications:test:${userId}` });
    const devices = await this.deps.repo.devicesOf([userId]);
    if (devices.length === 0) throw new AppError(409, 'CONFLICT', NOTIFICATION_MESSAGES.noDevices);
    let delivered = 0;
    await eachLimited(devices, CONCURRENT_SENDS, async (device) => {
      const outcome = await this.deps.deliveries.deliver(device, TEST_PAYLOAD, { ttlSeconds: 60 }, null);
      if (outcome.kind === 'delivered') delivered += 1;
    });
    return { devices: devices.length, delivered };
  }
}
