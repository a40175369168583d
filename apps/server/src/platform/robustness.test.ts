import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE_URL, type TestApp } from '../testing/harness.ts';

/** Sends `head`, then trickles `trickle` one byte every `everyMs`; resolves with what came back when the server closes. */
function trickle(
  port: number,
  head: string,
  trickled: string,
  everyMs: number,
): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, ms: Date.now() - started });
    });
    socket.on('connect', () => {
      socket.write(head);
      let sent = 0;
      timer = setInterval(() => {
        if (sent < trickled.length && !socket.destroyed) socket.write(trickled[sent++] ?? '');
      }, everyMs);
    });
    setTimeout(() => reject(new Error('the server kept the slow connection open')), 10_000).unref();
  });
}

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ config: { timeouts: { requestMs: 800, headersMs: 400 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('cuts a body sent one byte at a time once the request time is up, with 408', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(40) });
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: app.test\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`;
    const { answer, ms } = await trickle(port, head, body, 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(3_000);
  });

  it('cuts headers sent one byte at a time once the header time is up', async () => {
    const { answer, ms } = await trickle(
      port,
      'GET /api/health HTTP/1.1\r\nHost: app.test\r\n',
      'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaa',
      100,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(2_000);
  });

  it('still answers a client that sends in good time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});

describe('a failing log destination', () => {
  function diskFull(): Writable {
    return new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
      },
    });
  }

  it('loses log lines, never the server: a stream that errors or a writer that throws', async () => {
    const throwing = {
      write() {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
    };
    for (const logStream of [diskFull(), throwing]) {
      const t = await createTestApp({ config: { logLevel: 'trace' }, logStream });
      try {
        for (let i = 0; i < 20; i++) {
          expect((await t.app.inject('/api/health')).statusCode).toBe(200);
          expect((await t.app.inject('/api/no-such-thing')).statusCode).toBe(404);
        }
        // Give any error event the chance to surface before the app closes.
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    }
  });
});

describe('browser feature policy', () => {
  it('grants no camera, microphone, location or payment feature, on pages and API answers alike', async () => {
    const t = await createTestApp();
    try {
      for (const url of ['/api/health', '/']) {
        const policy = String((await t.app.inject(url)).headers['permissions-policy']);
        for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
          expect(policy, url).toContain(feature);
        }
      }
    } finally {
      await t.close();
    }
  });
});

describe('the served web app', () => {
  it('never serves source maps, even when the build wrote them', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'web-maps-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Astro</title>');
    writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)\n//# sourceMappingURL=app.js.map');
    writeFileSync(
      path.join(dir, 'assets', 'app.js.map'),
      '{"version":3,"sources":["secret-source.ts"],"mappings":""}',
    );
    const web = await createTestApp({ config: { webDistDir: dir } });
    try {
      expect((await web.app.inject('/assets/app.js')).statusCode).toBe(200);
      for (const url of ['/assets/app.js.map', '/assets/APP.JS.MAP', '/assets/app.js.map?x=1']) {
        const map = await web.app.inject(url);
        expect(map.body, url).not.toContain('secret-source');
      }
    } finally {
      await web.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The file modes belong to the SQLite engine; on PostgreSQL the server keeps no data files.
if (!TEST_DATABASE_URL)
  describe('data files', () => {
    it('creates the SQLite database and its WAL readable by this account only', async () => {
      const t = await createTestApp();
      try {
        await t.app.inject('/api/ready');
        const file = t.config.databaseUrl;
        for (const name of [file, `${file}-wal`]) {
          expect(statSync(name).mode & 0o777, name).toBe(0o600);
        }
      } finally {
        await t.close();
      }
    });
  });

// A PostgreSQL restart (or failover, or an administrator) ends the pool's idle connections. The
// pool reports that as an error event; unheard, it would end the whole process.
if (TEST_DATABASE_URL) {
  const databaseUrl = TEST_DATABASE_URL;
  describe('PostgreSQL ending connections', () => {
    it('keeps the server up and answers the next request on new connections', async () => {
      const t = await createTestApp();
      try {
        // Several queries at once fill the pool; each names the server process behind its connection.
        const answers = await Promise.all(
          Array.from({ length: 4 }, () =>
            sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(t.app.database.db),
          ),
        );
        const pids = [...new Set(answers.map((answer) => answer.rows[0]!.pid))];
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        try {
          await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
        } finally {
          await admin.end();
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        const ready = await t.app.inject('/api/ready');
        expect(ready.statusCode, ready.body).toBe(200);
      } finally {
        await t.close();
      }
    });
  });
}
