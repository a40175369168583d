import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Responses are written by a serializer compiled from each route's response schema (decision
 * 0017): only the declared fields leave the server and a missing required field is an error, as
 * with zod, at a fraction of the cost of running zod on every answer. Handlers are held to the
 * schema by the type provider at compile time. A schema that JSON Schema cannot express (a
 * transform, a date object) keeps zod's own serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(route.schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    return zodSerializerCompiler(route);
  }
  return fastJson(jsonSchema);
};
