import {
  BirthDataInputSchema,
  BirthDataResultSchema,
  SavedBirthDataSchema,
} from '@app/contracts/birth-data.ts';
import { NatalChartQuerySchema, NatalChartResultSchema } from '@app/contracts/chart.ts';
import { OkMessageSchema } from '@app/contracts/errors.ts';
import { readChart } from '@app/interpretations/chart-reading';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth-guard.ts';
import { type BirthDataService, MESSAGES } from './service.ts';

const bearer = [{ bearerAuth: [] }];

/**
 * /api/birth-data/* and /api/chart/natal. Every route needs login, a verified email and paid access
 * (docs/requirements/routes-and-guards.md) and works on the signed-in person's own record only:
 * there are no ids in paths.
 */
export const birthDataRoutes: FastifyPluginAsyncZod<{ birthData: BirthDataService }> = async (
  app,
  { birthData },
) => {
  const guarded = { preHandler: app.requirePaidAccess };
  const tags = ['birth-data'];

  app.post(
    '/birth-data/save',
    {
      ...guarded,
      schema: { tags, security: bearer, body: BirthDataInputSchema, response: { 201: SavedBirthDataSchema } },
    },
    async (request, reply) => {
      const saved = await birthData.save(currentUser(request).id, request.body);
      return reply.status(201).send({ success: true as const, message: MESSAGES.saved, birthData: saved });
    },
  );

  app.get(
    '/birth-data/get',
    { ...guarded, schema: { tags, security: bearer, response: { 200: BirthDataResultSchema } } },
    async (request) => ({ success: true as const, birthData: await birthData.get(currentUser(request).id) }),
  );

  app.put(
    '/birth-data/update',
    {
      ...guarded,
      schema: { tags, security: bearer, body: BirthDataInputSchema, response: { 200: SavedBirthDataSchema } },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.updated,
      birthData: await birthData.update(currentUser(request).id, request.body),
    }),
  );

  app.delete(
    '/birth-data/delete',
    { ...guarded, schema: { tags, security: bearer, response: { 200: OkMessageSchema } } },
    async (request) => {
      await birthData.delete(currentUser(request).id);
      return { success: true as const, message: MESSAGES.deleted };
    },
  );

  app.get(
    '/chart/natal',
    {
      ...guarded,
      schema: {
        tags: ['chart'],
        security: bearer,
        querystring: NatalChartQuerySchema,
        response: { 200: NatalChartResultSchema },
      },
    },
    async (request) => {
      const chart = await birthData.natalChart(
        currentUser(request).id,
        request.query.houseSystem,
        request.query.zodiac,
      );
      return { success: true as const, chart, reading: readChart(chart) };
    },
  );
};
