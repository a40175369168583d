import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'astro-config-'));

describe('configuration', () => {
  it('turns HSTS on by default when the app is served over HTTPS, unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://app.example.com' }).hsts).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://app.example.com', HSTS: 'false' }).hsts).toBe(
      false,
    );
    expect(loadConfig({ DATA_DIR: tempDir(), APP_URL: 'http://localhost:3000' }).hsts).toBe(false);
  });

  it('works with no settings at all, keeping a generated secret in the data folder', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      databaseUrl: path.join(dataDir, 'app.db'),
      smtpUrl: undefined,
      adminEmails: [],
      corsOrigins: [],
      trustProxy: false,
      hsts: false,
      rateLimit: { enabled: true },
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    // A restart keeps the same secret, so sessions survive it.
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('builds links on the port the server listens on when APP_URL is not set', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '4700' }).appUrl).toBe('http://localhost:4700');
    expect(
      loadConfig({ DATA_DIR: tempDir(), PORT: '4700', APP_URL: 'https://astro.example.com/' }).appUrl,
    ).toBe('https://astro.example.com');
    expect(() => loadConfig({ DATA_DIR: tempDir(), APP_URL: 'not a url' })).toThrow(/APP_URL: must be a URL/);
  });

  it('turns HSTS on by default when the app is reached over https, and lets HSTS decide', () => {
    const https = { DATA_DIR: tempDir(), APP_URL: 'https://astro.example.com' };
    expect(loadConfig(https).hsts).toBe(true);
    expect(loadConfig({ ...https, HSTS: 'false' }).hsts).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), HSTS: 'true' }).hsts).toBe(true);
  });

  it('reads every agreed setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      APP_URL: 'https://astro.example.com/',
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://u:p@db:5432/astro',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail:2525',
      MAIL_FROM: 'Astro <hello@astro.example.com>',
      ADMIN_EMAILS: ' Ops@Example.com , boss@example.com',
      CORS_ORIGINS: 'https://astro.example.com',
      TRUST_PROXY: '1',
      HSTS: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      appUrl: 'https://astro.example.com',
      databaseUrl: 'postgres://u:p@db:5432/astro',
      jwtSecret: 'x'.repeat(40),
      adminEmails: ['ops@example.com', 'boss@example.com'],
      corsOrigins: ['https://astro.example.com'],
      trustProxy: 1,
      hsts: true,
      rateLimit: { enabled: false },
    });
  });

  it('reads the per-user and per-address API limits, a minute each', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() }).rateLimit;
    expect(defaults.apiPerUser).toEqual({ max: 600, windowMs: 60_000 });
    expect(defaults.apiPerIp).toEqual({ max: 600, windowMs: 60_000 });
    const set = loadConfig({
      DATA_DIR: tempDir(),
      API_REQUESTS_PER_USER_PER_MINUTE: '900',
      API_REQUESTS_PER_IP_PER_MINUTE: '2000',
    }).rateLimit;
    expect(set).toMatchObject({ apiPerUser: { max: 900 }, apiPerIp: { max: 2000 } });
    expect(() => loadConfig({ DATA_DIR: tempDir(), API_REQUESTS_PER_USER_PER_MINUTE: '0' })).toThrow(
      /API_REQUESTS_PER_USER_PER_MINUTE/,
    );
  });

  it('caps sign-ups per client address at 10 an hour unless set otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).throttle.registrationsPerIp.max).toBe(10);
    const raised = loadConfig({ DATA_DIR: tempDir(), REGISTRATIONS_PER_IP_PER_HOUR: '250' });
    expect(raised.throttle.registrationsPerIp).toEqual({ max: 250, windowMs: 60 * 60_000 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), REGISTRATIONS_PER_IP_PER_HOUR: '0' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), REGISTRATIONS_PER_IP_PER_HOUR: 'many' })).toThrow(
      /REGISTRATIONS_PER_IP_PER_HOUR/,
    );
  });

  it('listens on a Unix socket only when SOCKET_PATH names an absolute path in an existing folder', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).socketPath).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, SOCKET_PATH: '' }).socketPath).toBeUndefined();
    const socketPath = path.join(dataDir, 'app.sock');
    expect(loadConfig({ DATA_DIR: dataDir, SOCKET_PATH: socketPath }).socketPath).toBe(socketPath);
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dataDir, ...env });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ SOCKET_PATH: 'app.sock' })).toEqual(['SOCKET_PATH: must be an absolute path']);
    expect(problems({ SOCKET_PATH: path.join(dataDir, 'missing', 'app.sock') })).toEqual([
      'SOCKET_PATH: its folder does not exist',
    ]);
    expect(problems({ SOCKET_PATH: `/${'x'.repeat(110)}.sock` })).toEqual([
      'SOCKET_PATH: must be at most 107 bytes long',
    ]);
  });

  it('lists every problem at once in readable words', () => {
    const dataDir = tempDir();
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir,
        PORT: 'eighty',
        JWT_SECRET: 'short',
        HSTS: 'maybe',
        SMTP_URL: 'http://x',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT: must be a number',
        'JWT_SECRET: must be at least 32 characters',
        'HSTS: must be true or false',
        'SMTP_URL: must be an smtp:// or smtps:// URL',
      ]),
    );
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });
});
