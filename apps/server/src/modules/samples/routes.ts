import { SamplesResultSchema } from '@app/contracts/samples.ts';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DailySamples, SamplesEncoding } from './samples.ts';

/** Browsers may keep the answer this long at most (and never past the UTC midnight that changes it). */
const BROWSER_CACHE_SECONDS = 3600;

/** Brotli first, then gzip; no cache of answers by header, which a client could grow without end. */
const encodings = new Negotiator<SamplesEncoding>({ supportedValues: ['br', 'gzip'] });

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
    async (request, reply) => {
      const today = samples.today();
      // The same for everyone: not about an account, so it may be kept like a public page.
      reply.header('cache-control', `public, max-age=${Math.min(BROWSER_CACHE_SECONDS, today.secondsLeft)}`);
      // The body depends on Accept-Encoding now, besides what CORS already named.
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
      if (encoding) reply.header('content-encoding', encoding);
      // Sent as stored (it matched the schema when it was built): bytes skip the serializer.
      return reply
        .type('application/json; charset=utf-8')
        .send(today.answer[encoding ?? 'identity'] as never);
    },
  );
};
