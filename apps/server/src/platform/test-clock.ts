import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from './clock.ts';

/** A clock that can be moved ahead of another; used only when TEST_CLOCK_CONTROL is on. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  constructor(private readonly base: Clock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/** Wraps the clock when the setting asks for test control; otherwise returns it unchanged. */
export function withTestClockControl(enabled: boolean | undefined, clock: Clock): Clock {
  return enabled ? new AdjustableClock(clock) : clock;
}

const AdvanceBodySchema = z.strictObject({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(400 * 86_400_000),
});

/** POST /api/test/clock: moves the server clock forward, then runs the due subscription work. */
export const testClockRoutes: FastifyPluginAsyncZod<{
  clock: AdjustableClock;
  runDue: () => Promise<void>;
}> = async (app, { clock, runDue }) => {
  app.post('/clock', { schema: { hide: true, body: AdvanceBodySchema } }, async (request) => {
    clock.advance(request.body.advanceMs);
    await runDue();
    return { success: true as const, now: clock.now().toISOString() };
  });
};
