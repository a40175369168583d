import type { EmailDigest } from '@app/contracts/notifications.ts';
import type { Kysely } from 'kysely';
import type { Tables } from '../../platform/db/schema.ts';

export interface DeviceRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  device_name: string | null;
  created_at: string;
  last_delivery_at: string | null;
  note_day: string | null;
  note_retry_at: string | null;
  note_attempts: number;
  note_retry_until: string | null;
}

export interface StoredSettings {
  userId: string;
  push: boolean;
  email: EmailDigest;
  hour: number;
  quietDays: number[];
  zone: string | null;
  /** The local date of the last digest claimed. */
  digestDay: string | null;
}

export interface NewDevice {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  deviceName: string | null | undefined;
}

const DEVICE_COLUMNS = [
  'id',
  'user_id',
  'endpoint',
  'p256dh',
  'auth',
  'device_name',
  'created_at',
  'last_delivery_at',
  'note_day',
  'note_retry_at',
  'note_attempts',
  'note_retry_until',
] as const;

const SETTINGS_COLUMNS = ['user_id', 'push', 'email', 'hour', 'quiet_days', 'zone', 'digest_day'] as const;

function toSettings(row: {
  user_id: string;
  push: number;
  email: EmailDigest;
  hour: number;
  quiet_days: string;
  zone: string | null;
  digest_day: string | null;
}): StoredSettings {
  return {
    userId: row.user_id,
    push: Number(row.push) === 1,
    email: row.email,
    hour: Number(row.hour),
    quietDays: row.quiet_days ? row.quiet_days.split(',').map(Number) : [],
    zone: row.zone,
    digestDay: row.digest_day,
  };
}

const normalised = (row: DeviceRow): DeviceRow => ({ ...row, note_attempts: Number(row.note_attempts) });

/** The notifications' tables: devices, settings, and the claims that make each note go once. */
export class NotificationsRepository {
  constructor(private readonly db: Kysely<Tables>) {}

  /**
   * Adds a device, or updates the one with this endpoint (it moves to this person: a browser has
   * one subscription, and the last person who turned notes on in it gets them). 'full' when the
   * person already has `limit` other devices.
   */
  async saveDevice(device: NewDevice, limit: number, now: string): Promise<{ id: string } | 'full'> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('push_subscriptions')
        .select(['id', 'user_id'])
        .where('endpoint', '=', device.endpoint)
        .executeTakeFirst();
      if (existing?.user_id !== device.userId) {
        const { count } = await trx
          .selectFrom('push_subscriptions')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', device.userId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= limit) return 'full';
      }
      if (existing) {
        await trx
          .updateTable('push_subscriptions')
          .set({
            user_id: device.userId,
            p256dh: device.p256dh,
            auth: device.auth,
            ...(device.deviceName !== undefined && { device_name: device.deviceName }),
            updated_at: now,
            failure_count: 0,
          })
          .where('id', '=', existing.id)
          .execute();
        return { id: existing.id };
      }
      await trx
        .insertInto('push_subscriptions')
        .values({
          id: device.id,
          user_id: device.userId,
          endpoint: device.endpoint,
          p256dh: device.p256dh,
          auth: device.auth,
          device_name: device.deviceName ?? null,
          created_at: now,
          updated_at: now,
          last_delivery_at: null,
          failure_count: 0,
          note_day: null,
          note_retry_at: null,
          note_attempts: 0,
          note_retry_until: null,
        })
        .execute();
      return { id: device.id };
    });
  }

  async devicesOf(userIds: readonly string[]): Promise<DeviceRow[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('push_subscriptions')
      .select(DEVICE_COLUMNS)
      .where('user_id', 'in', userIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(normalised);
  }

  async deleteDevice(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The person's device with this endpoint (the browser knows its endpoint, not the id). */
  async deleteDeviceByEndpoint(userId: string, endpoint: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The push service said the subscription is gone (404/410). */
  async forgetDevice(id: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  /**
   * Takes the device's note of `day` for this run: true for exactly one caller a day, whichever
   * process or retried run asks (a compare-and-set on the row).
   */
  async claimNote(id: string, day: string, retryUntil: string): Promise<boolean> {
    const result = await this.db
      .updateTable('push_subscriptions')
      .set({ note_day: day, note_retry_at: null, note_attempts: 0, note_retry_until: retryUntil })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('note_day', 'is', null), eb('note_day', '<>', day)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Devices whose note waits for another try, due by `now`. */
  async dueRetries(now: string, limit: number): Promise<DeviceRow[]> {
    const rows = await this.db
      .selectFrom('push_subscriptions')
      .select(DEVICE_COLUMNS)
      .where('note_retry_at', 'is not', null)
      .where('note_retry_at', '<=', now)
      .orderBy('note_retry_at')
      .limit(limit)
      .execute();
    return rows.map(normalised);
  }

  /** Takes a due retry for this run (the retry time seen is the claim's version). */
  async claimRetry(id: string, seenRetryAt: string): Promise<boolean> {
    const result = await this.db
      .updateTable('push_subscriptions')
      .set({ note_retry_at: null })
      .where('id', '=', id)
      .where('note_retry_at', '=', seenRetryAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recordDelivery(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('push_subscriptions')
      .set({ last_delivery_at: now, failure_count: 0, note_retry_at: null })
      .where('id', '=', id)
      .execute();
  }

  /** A failed delivery; with `retryAt`, today's note is tried again then (attempt `attempts`). */
  async recordFailure(id: string, retry: { at: string; attempts: number } | null): Promise<void> {
    await this.db
      .updateTable('push_subscriptions')
      .set((eb) => ({
        failure_count: eb('failure_count', '+', 1),
        note_retry_at: retry?.at ?? null,
        ...(retry && { note_attempts: retry.attempts }),
      }))
      .where('id', '=', id)
      .execute();
  }

  async settingsOf(userId: string): Promise<StoredSettings | null> {
    const row = await this.db
      .selectFrom('notification_settings')
      .select(SETTINGS_COLUMNS)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? toSettings(row) : null;
  }

  async saveSettings(settings: Omit<StoredSettings, 'digestDay'>, now: string): Promise<void> {
    const values = {
      push: settings.push ? 1 : 0,
      email: settings.email,
      hour: settings.hour,
      quiet_days: [...settings.quietDays].sort().join(','),
      zone: settings.zone,
      updated_at: now,
    };
    await this.db
      .insertInto('notification_settings')
      .values({ user_id: settings.userId, digest_day: null, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  /** People with a note or a digest turned on, a batch at a time in a stable order. */
  async activeAfter(after: string, limit: number): Promise<StoredSettings[]> {
    const rows = await this.db
      .selectFrom('notification_settings')
      .select(SETTINGS_COLUMNS)
      .where('user_id', '>', after)
      .where((eb) => eb.or([eb('push', '=', 1), eb('email', '<>', 'off')]))
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map(toSettings);
  }

  /** Runs `work` in one transaction (a digest's claim and its mail in the outbox). */
  transaction<T>(work: (trx: Kysely<Tables>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /**
   * Takes the person's digest of `day` in the transaction that queues it: true unless a digest was
   * already taken on or after `since` (the day itself for a daily digest, the week's Monday for a
   * weekly one).
   */
  async claimDigest(trx: Kysely<Tables>, userId: string, day: string, since: string): Promise<boolean> {
    const result = await trx
      .updateTable('notification_settings')
      .set({ digest_day: day })
      .where('user_id', '=', userId)
      .where('email', '<>', 'off')
      .where((eb) => eb.or([eb('digest_day', 'is', null), eb('digest_day', '<', since)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The mail's one-click unsubscribe: the digest stops, nothing else changes. */
  async stopEmail(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable('notification_settings')
      .set({ email: 'off', updated_at: now })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Everything kept about the person, for the account export. */
  async exportOf(userId: string) {
    const [devices, settings] = await Promise.all([
      this.db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'device_name', 'created_at', 'last_delivery_at', 'failure_count'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      this.settingsOf(userId),
    ]);
    return {
      devices: devices.map((row) => ({
        id: row.id,
        endpoint: row.endpoint,
        deviceName: row.device_name,
        createdAt: row.created_at,
        lastDeliveryAt: row.last_delivery_at,
        failedDeliveries: Number(row.failure_count),
      })),
      settings: settings && {
        push: settings.push,
        email: settings.email,
        hour: settings.hour,
        quietDays: settings.quietDays,
        zone: settings.zone,
        lastDigestDay: settings.digestDay,
      },
    };
  }

  async forgetPerson(userId: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('notification_settings').where('user_id', '=', userId).execute();
  }
}
