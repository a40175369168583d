import { statusMessage } from '@app/contracts/error-catalogue.ts';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

// PostgreSQL refuses text holding the NUL character (SQLite stores it): such input would reach
// the database and fail there as a 500. No field of the product has a use for it, so a request
// with NUL in its path parameters, query or JSON body is refused before its handler runs, on every
// database alike.

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  // A raw body (a Buffer, kept for a signature check) is not text to store.
  if (ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

export function refuseNulCharacters(app: FastifyInstance): void {
  const refuse = () => new AppError(400, 'BAD_REQUEST', statusMessage(400));
  // Callback hooks: they run on every request, where an async one costs a promise and a microtask.
  app.addHook('preValidation', (request, _reply, done) => {
    done(holdsNul(request.params) || holdsNul(request.query) ? refuse() : undefined);
  });
  // After validation: the fields whose rules refuse NUL themselves keep their own 422 and message.
  app.addHook('preHandler', (request, _reply, done) => {
    done(holdsNul(request.body) ? refuse() : undefined);
  });
}
