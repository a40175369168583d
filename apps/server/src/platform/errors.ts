import { STATUS_MESSAGES, statusMessage } from '@app/contracts/error-catalogue.ts';
import type { ErrorBody, ErrorCode, FieldIssue } from '@app/contracts/errors.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** The one error type: a code, an HTTP status and a message written for the user. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string = statusMessage(status),
    readonly details?: unknown,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = status;
  }
}

export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED');
export const forbidden = () => new AppError(403, 'FORBIDDEN');
export const notFound = (message?: string) => new AppError(404, 'NOT_FOUND', message);
/** 429; with a wait, Retry-After tells clients (and people) when to try again. */
export const tooManyRequests = (retryAfterMs?: number) =>
  new AppError(
    429,
    'RATE_LIMITED',
    undefined,
    undefined,
    retryAfterMs ? { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) } : undefined,
  );

/** Fastify's own 4xx errors that deserve a more precise message than the status default. */
const FASTIFY_MESSAGES: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'BAD_REQUEST',
    message: 'Please send the request as JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: STATUS_MESSAGES[400]! },
};

function body(code: ErrorCode, error: string, details?: unknown): ErrorBody {
  return details === undefined ? { success: false, error, code } : { success: false, error, code, details };
}

/** zod's generic wording, rephrased for a person; schema-specific messages pass through. */
function readable(message: string | undefined, path: string): string {
  if (!message) return 'This value is not valid.';
  if (/received undefined$/.test(message)) return `Please fill in ${path}.`;
  const type = /^Invalid input: expected (\w+), received \w+$/.exec(message);
  if (type) return `${path} must be a ${type[1]}.`;
  const unknown = /^Unrecognized keys?: (.+)$/.exec(message);
  if (unknown)
    return `Unknown field${unknown[1]?.includes(',') ? 's' : ''}: ${unknown[1]?.replaceAll('"', '')}.`;
  return message;
}

function toFieldIssues(error: { validation: { instancePath: string; message?: string }[] }, part: string) {
  return error.validation.map((issue): FieldIssue => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || part;
    return { path, message: readable(issue.message, path) };
  });
}

/** Error codes of a database that is away for a moment: refused or lost connections, shutting down, starting up. */
const DATABASE_AWAY_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '53300']);
const DATABASE_AWAY_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
];

/**
 * True for errors that mean the database cannot be reached right now (PostgreSQL restarting, a
 * failover, the network), as opposed to a fault in a request: those answer 503, try again.
 */
export function isDatabaseAway(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 3; depth++) {
    const { code, message } = current as Error & { code?: unknown };
    // SQLSTATE class 08 (connection exception) and 57P01-57P03 (shutting down, crashed, starting up).
    if (typeof code === 'string' && (DATABASE_AWAY_CODES.has(code) || /^(08...|57P0[123])$/.test(code)))
      return true;
    if (DATABASE_AWAY_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Pauses between tries while the database is away: about 16 s in all, past a PostgreSQL restart. */
const AWAY_PAUSES_MS = [250, 500, 1000, 2000, 4000, 8000];

/**
 * Runs `work` again while it fails because the database is away for a moment, for writes that
 * cannot be asked for again (an answer already streamed to the person). Any other failure, or the
 * database away for longer, is thrown as it is. `work` must be safe to repeat.
 */
export async function retryWhileDatabaseAway<T>(
  work: () => Promise<T>,
  pausesMs: readonly number[] = AWAY_PAUSES_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const pause = pausesMs[attempt];
      if (pause === undefined || !isDatabaseAway(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * What a client is told of a failure outside a normal reply (a stream already under way, a
 * socket): an AppError as it is, the database away as the 503 of
 * docs/requirements/errors-and-messages.md, anything else a bare 500.
 */
export function describeFailure(error: unknown): { status: number; error: string; code: string } {
  if (error instanceof AppError) return { status: error.status, error: error.message, code: error.code };
  if (isDatabaseAway(error)) return { status: 503, error: statusMessage(503), code: 'UNAVAILABLE' };
  return { status: 500, error: statusMessage(500), code: 'INTERNAL' };
}

/**
 * Fastify answers a few malformed requests before any hook runs: an address whose %-escapes do not
 * decode, a path parameter over the length limit. This gives those answers what every answer of
 * the API has: the error envelope, the API's security headers (JSON, never a document) and the
 * request id. Without it they carried Fastify's own shape, which echoes the address, and no headers.
 */
export function answerFrameworkError(apiHeaders: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
    request.log.info({ code: error.code }, 'request refused before routing');
    reply
      .headers(apiHeaders)
      .header('X-Request-Id', request.id)
      .status(status)
      .send(
        body(
          CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'),
          // 414 (a path parameter too long) has no text of its own: the general one for its class.
          STATUS_MESSAGES[status] ?? statusMessage(status >= 500 ? 500 : 400),
        ),
      );
  };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = toFieldIssues(error, error.validationContext ?? 'body');
      // The first problem is what the user reads; all of them are in details for forms.
      return reply
        .status(422)
        .send(body('VALIDATION_FAILED', details[0]?.message ?? statusMessage(422), details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(body('INTERNAL', statusMessage(500)));
    }
    if (isDatabaseAway(error)) {
      request.log.warn({ err: error }, 'the database is unreachable; answered 503');
      return reply.status(503).send(body('UNAVAILABLE', statusMessage(503)));
    }
    const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
    if (known) return reply.status(known.status).send(body(known.code, known.message));
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(body(CODE_BY_STATUS[status] ?? 'INTERNAL', statusMessage(status)));
    }
    return reply.status(status).send(body(CODE_BY_STATUS[status] ?? 'BAD_REQUEST', statusMessage(status)));
  });
}
