import type { EmailDigest } from '@app/contracts/notifications.ts';

/** A browser's push subscription (a device), its keys and the state of today's note on it. */
interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  /** The push service's address for this browser; unique: posting it again updates the row. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (RFC 8291), base64url. */
  p256dh: string;
  auth: string;
  device_name: string | null;
  created_at: string;
  updated_at: string;
  last_delivery_at: string | null;
  /** Failed deliveries since the last one that went through. */
  failure_count: number;
  /** The person's local date whose note this device has been claimed for (once per device a day). */
  note_day: string | null;
  /** When to try today's note again after a 429 or 5xx; null: nothing to retry. */
  note_retry_at: string | null;
  note_attempts: number;
  /** The end of `note_day`: a retry after it is given up. */
  note_retry_until: string | null;
}

interface NotificationSettingsTable {
  user_id: string;
  push: number;
  email: EmailDigest;
  hour: number;
  /** Weekdays without notes, comma-separated (0 Sunday … 6 Saturday). */
  quiet_days: string;
  /** An IANA zone for the hour; null: the zone of the person's day. */
  zone: string | null;
  /** The local date of the last digest mail claimed (daily: once a day; weekly: once a week). */
  digest_day: string | null;
  updated_at: string;
}

export interface NotificationTables {
  push_subscriptions: PushSubscriptionsTable;
  notification_settings: NotificationSettingsTable;
}
