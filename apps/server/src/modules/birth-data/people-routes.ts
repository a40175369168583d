import { OkMessageSchema } from '@app/contracts/errors.ts';
import {
  PEOPLE_LIMIT,
  PeopleListSchema,
  PersonIdParamsSchema,
  PersonInputSchema,
  PersonResultSchema,
  SynastryResultSchema,
} from '@app/contracts/people.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth-guard.ts';
import { PEOPLE_MESSAGES, type PeopleService } from './people.ts';

const bearer = [{ bearerAuth: [] }];

/**
 * /api/people: the signed-in person's people (paid access; the chat-only plan keeps people to ask
 * the chat about) and the comparison of charts (the 'comparison' feature, full plans). Another
 * account's person id answers 404, as one that does not exist.
 */
export const peopleRoutes: FastifyPluginAsyncZod<{ people: PeopleService }> = async (app, { people }) => {
  const guarded = { preHandler: app.requirePaidAccess };
  const tags = ['people'];
  const owner = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    '/people',
    { ...guarded, schema: { tags, security: bearer, response: { 200: PeopleListSchema } } },
    async (request) => ({
      success: true as const,
      data: await people.list(owner(request)),
      limit: PEOPLE_LIMIT,
    }),
  );

  app.post(
    '/people',
    {
      ...guarded,
      schema: { tags, security: bearer, body: PersonInputSchema, response: { 201: PersonResultSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ success: true as const, data: await people.add(owner(request), request.body) }),
  );

  app.get(
    '/people/:id',
    {
      ...guarded,
      schema: { tags, security: bearer, params: PersonIdParamsSchema, response: { 200: PersonResultSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await people.get(owner(request), request.params.id),
    }),
  );

  app.put(
    '/people/:id',
    {
      ...guarded,
      schema: {
        tags,
        security: bearer,
        params: PersonIdParamsSchema,
        body: PersonInputSchema,
        response: { 200: PersonResultSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await people.update(owner(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/people/:id',
    {
      ...guarded,
      schema: { tags, security: bearer, params: PersonIdParamsSchema, response: { 200: OkMessageSchema } },
    },
    async (request) => {
      await people.remove(owner(request), request.params.id);
      return { success: true as const, message: PEOPLE_MESSAGES.removed };
    },
  );

  app.get(
    '/people/:id/synastry',
    {
      preHandler: app.requireFeature('comparison'),
      schema: {
        tags,
        security: bearer,
        params: PersonIdParamsSchema,
        response: { 200: SynastryResultSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await people.synastry(owner(request), request.params.id),
    }),
  );
};
