import type { FieldIssue } from '@app/contracts/errors.ts';
import {
  PlaceIdParamsSchema,
  PlaceResultSchema,
  PlacesQuerySchema,
  PlacesResultSchema,
} from '@app/contracts/places.ts';
import type { FastifySchemaValidationError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../platform/errors.ts';
import { createPlacesService, type PlacesService } from './service.ts';

export interface PlacesRoutesOptions {
  /** By default a service over the built-in atlas, loaded on the first search. */
  places?: PlacesService;
}

/**
 * GET /places?q=&country=&limit= and GET /places/:id under the /api prefix. Public: the atlas is public data and the
 * birth form needs it before anything else; the global rate limit applies as everywhere.
 */
export const placesRoutes: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, options) => {
  const places = options.places ?? createPlacesService();
  app.get(
    '/places',
    {
      // A malformed query string is a bad request (400), not an invalid form (422).
      attachValidation: true,
      schema: {
        tags: ['places'],
        summary: 'Search the world atlas by the start of a place name',
        querystring: PlacesQuerySchema,
        response: { 200: PlacesResultSchema },
      },
    },
    async (request) => {
      if (request.validationError) throw badQuery(request.validationError.validation);
      return { success: true as const, places: places.search(request.query) };
    },
  );

  app.get(
    '/places/:id',
    {
      attachValidation: true,
      schema: {
        tags: ['places'],
        summary: 'One place of the world atlas by its id',
        params: PlaceIdParamsSchema,
        response: { 200: PlaceResultSchema },
      },
    },
    async (request) => {
      if (request.validationError) throw badQuery(request.validationError.validation);
      const place = places.getById(request.params.id);
      if (!place) throw notFound('This place is not in the atlas.');
      return { success: true as const, place };
    },
  );
};

function badQuery(issues: FastifySchemaValidationError[]): AppError {
  const details = issues.map(
    (issue): FieldIssue => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'query',
      message: /^Unrecognized keys?/.test(issue.message ?? '')
        ? `Unknown query parameter${issue.message?.includes(',') ? 's' : ''}: ${issue.message?.replace(/^[^:]*: /, '').replaceAll('"', '')}.`
        : (issue.message ?? 'This value is not valid.'),
    }),
  );
  return new AppError(400, 'BAD_REQUEST', details[0]?.message ?? 'Invalid place search.', details);
}
