import { createECDH } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The notifications' settings: the VAPID identity of this server and the test-only loopback switch. */
export interface NotificationsConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; null: generated once into `<DATA_DIR>/vapid-keys.json`. */
  vapidKeys: VapidKeys | null;
  /** VAPID_SUBJECT: how a push service reaches the operators (mailto: or https:). */
  vapidSubject: string;
  /** PUSH_ALLOW_LOOPBACK_HTTP: accept http: endpoints on a loopback address (tests only). */
  allowLoopbackHttp: boolean;
}

/** A P-256 key pair in the form the Push API and web-push use: base64url, raw point and scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_FILE = 'vapid-keys.json';

/** The environment's notification settings, read by the root config.ts (PUSH_ALLOW_LOOPBACK_HTTP is a flag there). */
export const NOTIFICATIONS_ENV = {
  VAPID_PUBLIC_KEY: z.string().trim().optional(),
  VAPID_PRIVATE_KEY: z.string().trim().optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .optional()
    .refine(
      (value) => !value || /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(value),
      'must be a mailto: address or an https: URL, e.g. mailto:ops@example.com',
    ),
};

/** The section from the parsed environment; a problem with the keys is added to `problems`. */
export function notificationsFromEnv(
  env: {
    VAPID_PUBLIC_KEY?: string | undefined;
    VAPID_PRIVATE_KEY?: string | undefined;
    VAPID_SUBJECT?: string | undefined;
    PUSH_ALLOW_LOOPBACK_HTTP: boolean;
  },
  supportEmail: string,
  problems: string[],
): NotificationsConfig {
  const vapidKeys =
    env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY ?? '', privateKey: env.VAPID_PRIVATE_KEY ?? '' }
      : null;
  const problem = vapidKeys && vapidKeysProblem(vapidKeys);
  if (problem) problems.push(`VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: set both together; ${problem}`);
  return {
    vapidKeys,
    vapidSubject: env.VAPID_SUBJECT || `mailto:${supportEmail}`,
    allowLoopbackHttp: env.PUSH_ALLOW_LOOPBACK_HTTP,
  };
}

/** Whether two base64url texts are a P-256 public point (65 bytes) and its private scalar (32 bytes). */
function vapidKeysProblem(keys: VapidKeys): string | null {
  const publicKey = Buffer.from(keys.publicKey, 'base64url');
  const privateKey = Buffer.from(keys.privateKey, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4)
    return 'VAPID_PUBLIC_KEY must be a base64url uncompressed P-256 public key (65 bytes)';
  if (privateKey.length !== 32) return 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)';
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(privateKey);
  } catch {
    return 'VAPID_PRIVATE_KEY is not a valid P-256 private key';
  }
  return ecdh.getPublicKey().equals(publicKey)
    ? null
    : 'VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY';
}

function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // A scalar with leading zero bytes comes out shorter; web-push wants all 32.
    privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString('base64url'),
  };
}

/**
 * The server's VAPID keys, generated once per data folder like the signing secret: browsers bind
 * each subscription to this public key, so new keys would silence every device. Written with
 * `wx`, so two processes starting at once keep the first file.
 */
export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, KEY_FILE);
  const read = (): VapidKeys | null => {
    try {
      const keys = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
      return vapidKeysProblem(keys) === null ? keys : null;
    } catch {
      return null;
    }
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  try {
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const other = read();
    if (other) return other;
    // A damaged file: replaced, since nothing can be signed with it.
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  }
  return keys;
}
