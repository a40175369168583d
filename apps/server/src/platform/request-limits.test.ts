import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STATUS_MESSAGES } from '@app/contracts/error-catalogue.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, testRateLimit } from '../testing/harness.ts';

const MINUTE = 60_000;
const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** A built web app as the service worker sees it: an entry page and many precached files. */
let webDir: string;
const ASSETS = Array.from({ length: 80 }, (_, i) => `/assets/chunk-${i}.js`);
beforeAll(() => {
  webDir = path.join(os.tmpdir(), `limits-web-${process.pid}-${Date.now()}`);
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Astro</title>');
  writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("install", () => {});');
  for (const asset of ASSETS) writeFileSync(path.join(webDir, asset), 'export {};');
});
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

describe('request limits', () => {
  it('never counts the app files: a first visit with its precache goes through on tight limits', async () => {
    const t = await createTestApp({
      config: {
        webDistDir: webDir,
        rateLimit: testRateLimit({
          pagesPerIp: { max: 2, windowMs: MINUTE },
          apiPerIp: { max: 2, windowMs: MINUTE },
        }),
      },
    });
    try {
      const from = { remoteAddress: '10.20.0.1' };
      expect((await t.app.inject({ url: '/', headers: PAGE, ...from })).statusCode).toBe(200);
      // Three visitors' worth of files from one address, far beyond every limit.
      for (let visit = 0; visit < 3; visit += 1) {
        for (const url of ['/sw.js', '/index.html', ...ASSETS]) {
          const file = await t.app.inject({ url, headers: { accept: '*/*' }, ...from });
          expect(file.statusCode, url).toBe(200);
        }
      }
    } finally {
      await t.close();
    }
  });

  it('answers a limited page load with a page that retries (never JSON), and API calls with JSON', async () => {
    const t = await createTestApp({
      config: {
        webDistDir: webDir,
        rateLimit: testRateLimit({
          pagesPerIp: { max: 2, windowMs: MINUTE },
          apiPerIp: { max: 1, windowMs: MINUTE },
        }),
      },
    });
    try {
      const from = { remoteAddress: '10.20.0.2' };
      for (const url of ['/', '/#/chat']) {
        expect((await t.app.inject({ url, headers: PAGE, ...from })).statusCode).toBe(200);
      }
      const page = await t.app.inject({ url: '/', headers: PAGE, ...from });
      expect(page.statusCode).toBe(429);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
      expect(page.body).toContain(STATUS_MESSAGES[429]);
      expect(page.body).toMatch(/<a href="">Try again now<\/a>/);
      expect(page.body).not.toContain('"success"');
      // After the window, pages load again.
      t.clock.advance(MINUTE);
      expect((await t.app.inject({ url: '/', headers: PAGE, ...from })).statusCode).toBe(200);

      expect((await t.app.inject({ url: '/api/nothing', ...from })).statusCode).toBe(404);
      const api = await t.app.inject({ url: '/api/nothing', headers: PAGE, ...from });
      expect(api.statusCode).toBe(429);
      expect(api.json()).toEqual({ success: false, error: STATUS_MESSAGES[429], code: 'RATE_LIMITED' });
      expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('counts API calls per signed-in user, and per address without a session', async () => {
    const t = await createTestApp({
      config: {
        rateLimit: testRateLimit({
          apiPerUser: { max: 5, windowMs: MINUTE },
          apiPerIp: { max: 3, windowMs: MINUTE },
        }),
      },
    });
    try {
      const office = '10.30.0.1';
      // Registering elsewhere keeps the office's anonymous budget untouched.
      const ada = await register(t.app);
      const bob = await register(t.app);
      const profile = (token?: string) =>
        t.app.inject({
          url: '/api/auth/profile',
          remoteAddress: office,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      for (let i = 0; i < 5; i += 1) expect((await profile(ada.token)).statusCode).toBe(200);
      expect((await profile(ada.token)).statusCode).toBe(429);
      // A colleague at the same address has a budget of their own, and so do anonymous visitors.
      for (let i = 0; i < 5; i += 1) expect((await profile(bob.token)).statusCode).toBe(200);
      for (let i = 0; i < 3; i += 1) expect((await profile()).statusCode).toBe(401);
      expect((await profile()).statusCode).toBe(429);
      // A forged token counts as anonymous, not as a fresh user.
      expect((await profile('not.a.token')).statusCode).toBe(429);
      // Health checks are never counted.
      expect((await t.app.inject({ url: '/api/health', remoteAddress: office })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('takes the client address from X-Forwarded-For only when a proxy is trusted', async () => {
    const tight = testRateLimit({ apiPerIp: { max: 2, windowMs: MINUTE } });
    const trusted = await createTestApp({ config: { trustProxy: true, rateLimit: tight } });
    const untrusted = await createTestApp({ config: { rateLimit: tight } });
    try {
      const call = (app: typeof trusted.app, forwarded: string) =>
        app.inject({
          url: '/api/nothing',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': forwarded },
        });
      expect((await call(trusted.app, '1.1.1.1')).statusCode).toBe(404);
      expect((await call(trusted.app, '1.1.1.1')).statusCode).toBe(404);
      expect((await call(trusted.app, '1.1.1.1')).statusCode).toBe(429);
      expect((await call(trusted.app, '2.2.2.2')).statusCode).toBe(404);
      // Without TRUST_PROXY the header is ignored: everyone is the proxy.
      expect((await call(untrusted.app, '1.1.1.1')).statusCode).toBe(404);
      expect((await call(untrusted.app, '2.2.2.2')).statusCode).toBe(404);
      expect((await call(untrusted.app, '3.3.3.3')).statusCode).toBe(429);
    } finally {
      await trusted.close();
      await untrusted.close();
    }
  });

  it('warns once when forwarding headers arrive without TRUST_PROXY, and not when it is set', async () => {
    const warnings = async (trustProxy: boolean) => {
      const lines: string[] = [];
      const logStream = { write: (line: string) => void lines.push(line) };
      const t = await createTestApp({ config: { trustProxy, logLevel: 'warn' }, logStream });
      try {
        await t.app.inject({ url: '/api/health' });
        expect(lines).toEqual([]);
        await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.9' } });
        await t.app.inject({ url: '/api/health', headers: { forwarded: 'for=203.0.113.10' } });
        return lines.filter((line) => line.includes('TRUST_PROXY'));
      } finally {
        await t.close();
      }
    };
    const untrusted = await warnings(false);
    expect(untrusted).toHaveLength(1);
    expect(JSON.parse(untrusted[0]!)).toMatchObject({ level: 40 });
    expect(await warnings(true)).toEqual([]);
  });
});
