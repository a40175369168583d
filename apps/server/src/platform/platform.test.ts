import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STATUS_MESSAGES } from '@app/contracts/error-catalogue.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_DATABASE_URL, type TestApp } from '../testing/harness.ts';

describe('HTTP platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady: (app) => {
        app.get('/api/test/explode', async () => {
          throw new Error('database password is hunter2 at /srv/secret.ts:12');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('runs on the engine the suite was asked for', () => {
    expect(t.app.database.engine).toBe(TEST_DATABASE_URL ? 'postgres' : 'sqlite');
  });

  it('answers liveness and readiness', async () => {
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', version: '0.1.7-beta' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok' });
  });

  it('sends closed security headers and no-store on API answers, errors included', async () => {
    const response = await t.app.inject('/api/health');
    // JSON is never rendered as a page: its policy allows nothing at all.
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject('/api/does-not-exist');
    expect(missing.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({
      url: '/api/auth/profile',
      headers: { authorization: 'Bearer nope' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('answers unknown API paths with a JSON 404 in the common error shape', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ success: false, error: STATUS_MESSAGES[404], code: 'NOT_FOUND' });
  });

  it('allows listed CORS origins only, never "null"', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'http://allowed.test', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://allowed.test');
    for (const origin of ['http://evil.test', 'null']) {
      const refused = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      const simple = await t.app.inject({ url: '/api/health', headers: { origin } });
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('refuses an address that does not decode, or a path part over the limit, like any other bad request', async () => {
    for (const [url, status] of [
      ['/api/%E0%A4%A', 400],
      ['/%E0%A4%A', 400],
      [`/api/admin/users/${'x'.repeat(200)}`, 414],
    ] as const) {
      const refused = await t.app.inject(url);
      expect(refused.statusCode, url).toBe(status);
      expect(refused.json(), url).toEqual({
        success: false,
        error: STATUS_MESSAGES[400],
        code: 'BAD_REQUEST',
      });
      // The API's own headers and the request id, as on every other answer; the address is not echoed.
      expect(refused.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(refused.headers['x-content-type-options'], url).toBe('nosniff');
      expect(refused.headers['cache-control'], url).toBe('no-store');
      expect(refused.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
      expect(refused.body, url).not.toContain('%E0');
    }
  });

  it('refuses malformed JSON, empty bodies and other media types with 4xx', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.com", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.com',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().success).toBe(false);
  });

  it('refuses bodies above the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses __proto__ and constructor.prototype keys without polluting objects', async () => {
    for (const payload of [
      '{"email":"a@b.com","password":"x","__proto__":{"polluted":true}}',
      '{"email":"a@b.com","password":"x","constructor":{"prototype":{"polluted":true}}}',
      '{"email":"a@b.com","password":"x","\\u005f_proto__":{"polluted":true}}',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('hides the internals of server errors', async () => {
    const response = await t.app.inject('/api/test/explode');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, error: STATUS_MESSAGES[500], code: 'INTERNAL' });
    expect(response.body).not.toContain('hunter2');
  });

  it('publishes an OpenAPI document built from the contracts and a docs page', async () => {
    const document = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/auth/verify-email/{token}']),
    );
    expect(
      document.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['email', 'name', 'password']));
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    // The page must not depend on inline scripts, which the CSP forbids.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});

describe('HTTP platform options', () => {
  it('sends HSTS only when configured', async () => {
    const t = await createTestApp({ config: { hsts: true } });
    try {
      const response = await t.app.inject('/api/health');
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
      const page = await t.app.inject('/pay/nothing-here');
      expect(page.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await t.close();
    }
  });

  it('serves the web app for non-API paths when it is built', async () => {
    // Build a tiny web app into a temporary folder and serve it.
    const dir = path.join(os.tmpdir(), `web-${Date.now()}`);
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><title>Astro</title><script type="module" src="/assets/app.js"></script>',
    );
    writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'assets', 'app.js.map'), '{"version":3,"sources":["secret.ts"]}');
    const web = await createTestApp({ config: { webDistDir: dir } });
    try {
      const home = await web.app.inject('/');
      expect(home.statusCode).toBe(200);
      // With a compressed copy asked for, the home page is still the page, never a redirect.
      const compressed = await web.app.inject({
        url: '/?ref=LUNA',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(compressed.statusCode).toBe(200);
      expect(compressed.body).toContain('<title>Astro</title>');
      expect(home.body).toContain('<title>Astro</title>');
      const csp = String(home.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(home.headers['x-content-type-options']).toBe('nosniff');
      expect(home.headers['referrer-policy']).toBe('no-referrer');
      expect(home.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(home.headers['permissions-policy']).toContain('camera=()');
      // An app address typed without the # goes to its screen; any other address is a 404 page.
      for (const [typed, screen] of [
        ['/settings', '/#/settings'],
        ['/privacy-policy/', '/#/privacy-policy'],
        ['/chat/abc-123', '/#/chat/abc-123'],
        ['/verify-email/Q7?from=mail', '/#/verify-email/Q7?from=mail'],
      ]) {
        const deep = await web.app.inject(typed!);
        expect(deep.statusCode, typed).toBe(302);
        expect(deep.headers.location, typed).toBe(screen);
      }
      for (const unknown of ['/nope', '/settings/extra', '/wp-login.php', '/favicon-missing.ico']) {
        const missing = await web.app.inject(unknown);
        expect(missing.statusCode, unknown).toBe(404);
        expect(missing.headers['content-type']).toMatch(/^text\/html/);
        expect(missing.body).toContain('Page not found');
        expect(missing.body).not.toContain('<title>Astro</title>');
      }
      const asset = await web.app.inject('/assets/app.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      // Source maps stay on the server's disk: the built code's sources are not published.
      const map = await web.app.inject('/assets/app.js.map');
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret.ts');
      const api = await web.app.inject('/api/nope');
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('NOT_FOUND');
      // The API's root with a query is still the API: JSON, not the web app's page.
      const root = await web.app.inject('/api?probe=1');
      expect(root.statusCode).toBe(404);
      expect(root.json().code).toBe('NOT_FOUND');
    } finally {
      await web.close();
    }
  });

  it('never logs passwords or bearer tokens, and masks link secrets in logged URLs', async () => {
    const lines: string[] = [];
    const logStream = { write: (line: string) => void lines.push(line) };
    const t = await createTestApp({ config: { logLevel: 'trace' }, logStream });
    try {
      const password = 'secret-passphrase-for-log-test';
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'logged@example.com', name: 'L', password },
      });
      const token = registered.json().token as string;
      await t.app.inject({ url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });
      const linkSecret = 'Q'.repeat(43);
      await t.app.inject(`/api/auth/verify-email/${linkSecret}`);
      // A payment page's address opens the page without a sign-in: its id is a secret too.
      const paymentId = 'Pq7_'.repeat(8);
      await t.app.inject(`/pay/checkout/${paymentId}`);
      await t.app.inject({ method: 'POST', url: `/pay/card/${paymentId}`, payload: {} });
      await t.app.inject(`/pay/checkout/${paymentId}/authenticate`);
      const log = lines.join('');
      expect(log).toContain('/api/auth/verify-email/[redacted]');
      expect(log).toContain('/pay/checkout/[redacted]/authenticate');
      expect(log).not.toContain(paymentId);
      expect(log).not.toContain(password);
      expect(log).not.toContain(token);
      expect(log).not.toContain(linkSecret);
    } finally {
      await t.close();
    }
  });

  it('names every answer by a unique request id that every log line of the request carries', async () => {
    const lines: string[] = [];
    const logStream = { write: (line: string) => void lines.push(line) };
    const t = await createTestApp({ config: { logLevel: 'info' }, logStream });
    try {
      const ids: string[] = [];
      for (const url of ['/api/health', '/api/health', '/api/no-such-route']) {
        const response = await t.app.inject(url);
        ids.push(String(response.headers['x-request-id']));
      }
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(ids).size).toBe(3);
      // The failed request's log lines name it.
      const failed = lines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === ids[2]);
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.some((entry) => entry.res?.statusCode === 404)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('finishes requests in flight when closing, and refuses new ones', async () => {
    let release: (() => void) | undefined;
    const t = await createTestApp({
      beforeReady: (app) => {
        app.get('/api/test/slow', async () => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return { done: true };
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const inFlight = fetch(`${base}/api/test/slow`);
    await vi.waitFor(() => expect(release).toBeDefined(), { timeout: 10_000 });
    const closing = t.close();
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    release?.();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
  });

  it('reports not ready (503) while the database answers reads but refuses writes, and ready again after', async () => {
    const t = await createTestApp();
    const db = t.app.database.db;
    try {
      expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
      if (t.app.database.engine === 'sqlite') {
        // The file can be read but not written, as on a full disk or a read-only mount.
        await sql`pragma query_only = on`.execute(db);
        expect((await sql`select 1 as ok`.execute(db)).rows).toHaveLength(1);
        const response = await t.app.inject('/api/ready');
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ code: 'UNAVAILABLE' });
        await sql`pragma query_only = off`.execute(db);
      } else {
        // Another session holds the probe's table: writes wait, reads of other tables go on.
        await db.transaction().execute(async (trx) => {
          await sql`lock table readiness_probe in access exclusive mode`.execute(trx);
          expect((await sql`select 1 as ok`.execute(db)).rows).toHaveLength(1);
          expect((await t.app.inject('/api/ready')).statusCode).toBe(503);
        });
      }
      expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('reports not ready (503) when the database is gone', async () => {
    const t = await createTestApp();
    try {
      await t.app.database.close();
      const response = await t.app.inject('/api/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ success: false, error: STATUS_MESSAGES[503], code: 'UNAVAILABLE' });
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
