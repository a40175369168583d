import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/harness.ts';

// Stopping on SIGTERM (main.ts calls shutdown.drain): not ready at once while still serving, then
// the listener closes and the requests in flight finish before the process lets go.

describe('draining', () => {
  it('answers 503 on /api/ready at once, lets a request in flight finish, then stops listening', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const t = await createTestApp({
      beforeReady: (app) =>
        app.get('/api/test/slow', async () => {
          arrived();
          await gate;
          return { finished: true };
        }),
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/api/ready`)).status).toBe(200);

      const slow = fetch(`${base}/api/test/slow`);
      await inFlight;
      const drained = t.app.shutdown.drain(300);
      let drainedYet = false;
      void drained.then(() => {
        drainedYet = true;
      });

      // Still listening during the notice, but not ready, and each answer ends its connection.
      const ready = await fetch(`${base}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ code: 'UNAVAILABLE' });
      expect(ready.headers.get('connection')).toBe('close');
      expect((await fetch(`${base}/api/health`)).status).toBe(200);

      // After the notice the listener is closed, but the close waits for the request in flight.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
      expect(drainedYet).toBe(false);
      release();
      const answer = await slow;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ finished: true });
      await drained;
    } finally {
      release();
      await t.close();
    }
  });
});
