import {
  CalendarLinkSchema,
  CalendarQuerySchema,
  LANDSCAPE_HISTORY_DEFAULT,
  LandscapeDashboardSchema,
  LandscapeHistoryQuerySchema,
  LandscapeLocationBodySchema,
  LandscapeLocationSchema,
  LandscapeSchema,
  LandscapeStatusSchema,
  LandscapeUsageSchema,
  landscapeAnswer,
} from '@app/contracts/landscape.ts';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth-guard.ts';
import type { CalendarFeeds } from './calendar.ts';
import type { LandscapeService } from './service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['cosmic-landscape'];

export interface LandscapeRouteOptions {
  service: LandscapeService;
  /** preHandler: signed in, verified, paid access with a plan that includes the landscape. */
  guard: preHandlerAsyncHookHandler;
  /** The private calendar feeds (no session: their own checks). */
  feeds: CalendarFeeds;
}

/** /api/cosmic-landscape/*: the signed-in person's own landscapes only; no ids in paths. */
export const landscapeRoutes: FastifyPluginAsyncZod<LandscapeRouteOptions> = async (app, options) => {
  const { service } = options;
  const guarded = { preHandler: options.guard };
  const ok = <T>(data: T) => ({ success: true as const, data });
  const userId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    '/usage',
    { ...guarded, schema: { tags, security, response: { 200: landscapeAnswer(LandscapeUsageSchema) } } },
    async (request) => ok(await service.usage(userId(request))),
  );
  app.get(
    '/status',
    { ...guarded, schema: { tags, security, response: { 200: landscapeAnswer(LandscapeStatusSchema) } } },
    async (request) => ok(await service.status(userId(request))),
  );
  app.get(
    '/today',
    {
      ...guarded,
      schema: {
        tags,
        security,
        // 304 with no body when If-None-Match names the landscape the app holds.
        response: { 200: landscapeAnswer(LandscapeSchema), 304: z.null().describe('Not Modified') },
      },
    },
    async (request, reply) => {
      const { body, etag } = await service.todayAnswer(userId(request));
      // The app sends back the tag of the copy it holds: an unchanged landscape costs no body.
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      // Sent as stored (it matched the schema when it was built): bytes skip the serializer.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
  app.get(
    '/dashboard',
    { ...guarded, schema: { tags, security, response: { 200: landscapeAnswer(LandscapeDashboardSchema) } } },
    async (request) => ok(await service.dashboard(userId(request), LANDSCAPE_HISTORY_DEFAULT)),
  );
  app.post(
    '/generate',
    { ...guarded, schema: { tags, security, response: { 200: landscapeAnswer(LandscapeSchema) } } },
    async (request) => ok(await service.generate(userId(request))),
  );
  app.post(
    '/regenerate',
    { ...guarded, schema: { tags, security, response: { 200: landscapeAnswer(LandscapeSchema) } } },
    async (request) => ok(await service.regenerate(userId(request))),
  );
  app.get(
    '/history',
    {
      ...guarded,
      schema: {
        tags,
        security,
        querystring: LandscapeHistoryQuerySchema,
        response: { 200: landscapeAnswer(z.array(LandscapeSchema)) },
      },
    },
    async (request) => ok(await service.history(userId(request), request.query.limit)),
  );
  app.get(
    '/location',
    { ...guarded, schema: { tags, security, response: { 200: landscapeAnswer(LandscapeLocationSchema) } } },
    async (request) => ok(await service.location(userId(request))),
  );
  app.put(
    '/location',
    {
      ...guarded,
      schema: {
        tags,
        security,
        body: LandscapeLocationBodySchema,
        response: { 200: landscapeAnswer(LandscapeLocationSchema) },
      },
    },
    async (request) => ok(await service.setLocation(userId(request), request.body.placeId)),
  );
  app.post(
    '/calendar-link',
    { ...guarded, schema: { tags, security, response: { 200: landscapeAnswer(CalendarLinkSchema) } } },
    async (request) => ok(await service.newCalendarLink(userId(request))),
  );
  // The feed is read by calendar apps, which cannot sign in: the private token in its address
  // names the person, and their plan is checked on every read. An app that sends the ETag of
  // the feed it has gets 304 while the feed is unchanged.
  app.get('/calendar.ics', { schema: { tags, querystring: CalendarQuerySchema } }, async (request, reply) => {
    const feed = await options.feeds.read(request.query.token, request.query.days);
    reply
      .header('etag', feed.etag)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline; filename="transits.ics"');
    if (request.headers['if-none-match'] === feed.etag) return reply.status(304).send();
    return reply.header('content-type', 'text/calendar; charset=utf-8').send(feed.body);
  });
};
