import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { readOrCreateVapidKeys } from './config.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'astro-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('are generated once into the data folder, readable by the owner only, and kept across restarts', () => {
    const dataDir = tempDir();
    const first = readOrCreateVapidKeys(dataDir);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    const file = path.join(dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreateVapidKeys(dataDir)).toEqual(first);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    // Another data folder is another server: other keys.
    expect(readOrCreateVapidKeys(tempDir()).publicKey).not.toBe(first.publicKey);
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, and a half pair is refused', () => {
    const keys = readOrCreateVapidKeys(tempDir());
    const env = { DATA_DIR: tempDir(), JWT_SECRET: 'x'.repeat(40) };
    const config = loadConfig({
      ...env,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://stars.example.org/contact',
    });
    expect(config.notifications).toEqual({
      vapidKeys: keys,
      vapidSubject: 'https://stars.example.org/contact',
      allowLoopbackHttp: false,
    });
    expect(loadConfig(env).notifications?.vapidSubject).toBe('mailto:support@localhost');
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
    const other = readOrCreateVapidKeys(tempDir());
    expect(() =>
      loadConfig({ ...env, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: other.privateKey }),
    ).toThrow(/does not belong/);
    expect(() => loadConfig({ ...env, VAPID_SUBJECT: 'ops@example.org' })).toThrow(/mailto/);
  });
});
