import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, register, type TestApp, uniqueEmail } from '../testing/harness.ts';

const TOKEN = 'scraper-token-0123456789abcdef';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(() => t.close());

  it('answers only the scraper that sends the token', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: bearer(`${TOKEN}x`) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
    const ok = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('reports latency by route pattern (no ids), the event loop, memory and the mail outbox', async () => {
    await t.app.inject('/api/health');
    const person = await register(t.app, uniqueEmail('metrics'));
    await t.app.inject({ url: '/api/chat/sessions/some-secret-id', headers: bearer(person.token) });
    const text = (await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) })).body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} \d+/,
    );
    expect(text).toMatch(/route="\/api\/auth\/register",status_code="201"/);
    expect(text).not.toContain('some-secret-id');
    expect(text).not.toContain(person.email);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    // The verification mail of the registration waits in the outbox (no mail loop in tests).
    expect(Number(/^mail_outbox_pending (\d+)/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no /metrics route at all', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject('/metrics');
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
