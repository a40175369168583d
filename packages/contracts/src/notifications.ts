import { z } from 'zod';

// /api/notifications: the daily note by Web Push and the email digest (issue 27,
// docs/decisions/0218-daily-note-and-web-push.md). Every answer is `{ success, data }`; errors use
// the common error body.

/** Devices (push subscriptions) one person may keep. */
export const PUSH_DEVICE_LIMIT = 10;
/** The longest endpoint address accepted, in bytes. */
export const PUSH_ENDPOINT_MAX_BYTES = 1024;
const DEVICE_NAME_MAX_LENGTH = 60;
export const DEFAULT_NOTE_HOUR = 8;

/** Where a tap on a note leads: the landscape screen of the web app (APP_PATHS '/cosmic-landscape'). */
export const NOTE_OPEN_PATH = '/#/cosmic-landscape';
/** Where the mails' settings link leads. */
export const NOTIFICATION_SETTINGS_PATH = '/#/settings';

const Instant = z.string();
const base64url = (what: string) =>
  z
    .string({ error: `${what} must be text.` })
    .min(1, `${what} is missing.`)
    .max(256, `${what} is too long.`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${what} must be base64url text.`);

/** `{ success: true, data }` around any notifications answer. */
export const notificationsAnswer = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data });

/** GET /vapid-public-key: the application server key for `pushManager.subscribe`. */
export const VapidPublicKeySchema = z.object({
  /** The VAPID public key, base64url (an uncompressed P-256 point, 65 bytes). */
  publicKey: z.string(),
});

/**
 * POST /push-subscriptions: the browser's `PushSubscription.toJSON()` (its `expirationTime` is
 * accepted and ignored) and an optional name for the device. The same endpoint again updates the
 * device instead of adding one.
 */
export const PushSubscriptionInputSchema = z.strictObject({
  endpoint: z
    .string({ error: 'The push endpoint must be text.' })
    .min(1, 'The push endpoint is missing.')
    .refine(
      (value) => new TextEncoder().encode(value).length <= PUSH_ENDPOINT_MAX_BYTES,
      `The push endpoint can be at most ${PUSH_ENDPOINT_MAX_BYTES} bytes long.`,
    ),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: base64url('The key p256dh'),
    auth: base64url('The key auth'),
  }),
  deviceName: z
    .string({ error: 'The device name must be text.' })
    .trim()
    .max(DEVICE_NAME_MAX_LENGTH, `The device name can be at most ${DEVICE_NAME_MAX_LENGTH} characters.`)
    .nullable()
    .optional(),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

/** DELETE /push-subscriptions: this browser's device, by its subscription's endpoint. */
export const PushEndpointSchema = z.strictObject({
  endpoint: PushSubscriptionInputSchema.shape.endpoint,
});

const PushDeviceSchema = z.object({
  id: z.string(),
  deviceName: z.string().nullable(),
  createdAt: Instant,
  /** The last note or test the push service accepted for this device; null: none yet. */
  lastDeliveryAt: Instant.nullable(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

export const PushDeviceListSchema = z.object({
  devices: z.array(PushDeviceSchema),
  /** How many devices one person may keep. */
  limit: z.number().int(),
});
export type PushDeviceList = z.infer<typeof PushDeviceListSchema>;

export const PushDeviceIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

const EmailDigestSchema = z.enum(['daily', 'weekly', 'off'], {
  error: "email must be 'daily', 'weekly' or 'off'.",
});
export type EmailDigest = z.infer<typeof EmailDigestSchema>;

const HourSchema = z
  .number({ error: 'hour must be a whole hour from 0 to 23.' })
  .int('hour must be a whole hour from 0 to 23.')
  .min(0, 'hour must be a whole hour from 0 to 23.')
  .max(23, 'hour must be a whole hour from 0 to 23.');

/** Days without a note or a daily mail: 0 Sunday … 6 Saturday, in the person's zone. */
const QuietDaysSchema = z
  .array(
    z
      .number({ error: 'quietDays must list weekdays from 0 (Sunday) to 6 (Saturday).' })
      .int('quietDays must list weekdays from 0 (Sunday) to 6 (Saturday).')
      .min(0, 'quietDays must list weekdays from 0 (Sunday) to 6 (Saturday).')
      .max(6, 'quietDays must list weekdays from 0 (Sunday) to 6 (Saturday).'),
  )
  .max(7, 'quietDays can list each weekday once.')
  .refine((days) => new Set(days).size === days.length, 'quietDays can list each weekday once.');

export const NotificationSettingsSchema = z.object({
  /** The daily note on the person's devices. */
  push: z.boolean(),
  /** The email digest: the day's landscape daily, the week's exact transits weekly, or none. */
  email: EmailDigestSchema,
  /** The local hour (0–23) the note and the mail go out. */
  hour: HourSchema,
  quietDays: z.array(z.number().int()),
  /** An IANA zone chosen for the hour; null: the zone of the person's day (current location, else birth place). */
  zone: z.string().nullable(),
  /** The zone the hour is read in now. */
  zoneInUse: z.string(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/**
 * PUT /settings: push, email and hour always; quietDays and zone when given (left as they are
 * when not). Turning something on needs a plan with the daily landscape; turning off never does.
 */
export const NotificationSettingsInputSchema = z.strictObject({
  push: z.boolean({ error: 'push must be true or false.' }),
  email: EmailDigestSchema,
  hour: HourSchema,
  quietDays: QuietDaysSchema.optional(),
  zone: z
    .string({ error: 'zone must be a time zone name such as Europe/Oslo, or null.' })
    .min(1, 'zone must be a time zone name such as Europe/Oslo, or null.')
    .max(64, 'zone must be a time zone name such as Europe/Oslo, or null.')
    .nullable()
    .optional(),
});
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInputSchema>;

/** POST /test: how many of the person's devices the push services accepted the test note for. */
export const TestNotificationResultSchema = z.object({
  devices: z.number().int(),
  delivered: z.number().int(),
});
export type TestNotificationResult = z.infer<typeof TestNotificationResultSchema>;

/**
 * What the service worker's push handler receives (JSON, encrypted for the device): show
 * `title` and `body`, collapse by `tag`, and on a tap focus an open window of the app or open
 * `url` (a path of the app).
 */
const PushNotePayloadSchema = z.object({
  kind: z.enum(['daily-note', 'test']),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushNotePayload = z.infer<typeof PushNotePayloadSchema>;

/** GET and POST /unsubscribe?token=: the signed link of the digest mails (no sign-in). */
export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(200) });
