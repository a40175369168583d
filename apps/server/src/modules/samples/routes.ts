import { SamplesResultSchema } from '@app/contracts/samples.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DailySamples } from './samples.ts';

/** Browsers may keep the answer this long at most (and never past the UTC midnight that changes it). */
const BROWSER_CACHE_SECONDS = 3600;

/**
 * GET /samples under the /api prefix. Public: the home page shows it to guests. The request
 * limits count it like any API call.
 */
export const samplesRoutes: FastifyPluginAsyncZod<{ samples: DailySamples }> = async (app, { samples }) => {
  app.get(
    '/samples',
    {
      schema: {
        tags: ['samples'],
        summary: "Today's cosmic landscape and an assistant's answer for a sample birth",
        response: { 200: SamplesResultSchema },
      },
    },
    async (_request, reply) => {
      const today = samples.today();
      // The same for everyone: not about an account, so it may be kept like a public page.
      reply.header('cache-control', `public, max-age=${Math.min(BROWSER_CACHE_SECONDS, today.secondsLeft)}`);
      return { success: true as const, data: today.samples };
    },
  );
};
