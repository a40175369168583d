import type { ErrorBody, ErrorCode, FieldIssue } from '@app/contracts/errors.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** SPEC section 8: what the user reads when the server has nothing more specific to say. */
export const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Invalid request. Please check your information and try again.',
  401: 'Authentication required. Please log in again.',
  403: "Access denied. You don't have permission to perform this action.",
  404: 'Resource not found. Please try again.',
  409: 'Conflict. This action cannot be completed due to a conflict with the current state.',
  422: 'Validation error. Please check your input and try again.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Server error. Please try again later.',
  503: 'Service temporarily unavailable. Please try again in a moment.',
};
const OTHER_MESSAGE = 'An unexpected error occurred.';

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

export function defaultMessage(status: number): string {
  return DEFAULT_MESSAGES[status] ?? OTHER_MESSAGE;
}

/** The one error type: a code, an HTTP status and a message written for the user. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string = defaultMessage(status),
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = status;
  }
}

export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED');
export const forbidden = () => new AppError(403, 'FORBIDDEN');
export const notFound = (message?: string) => new AppError(404, 'NOT_FOUND', message);
export const tooManyRequests = () => new AppError(429, 'RATE_LIMITED');

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
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: DEFAULT_MESSAGES[400]! },
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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = toFieldIssues(error, error.validationContext ?? 'body');
      // The first problem is what the user reads; all of them are in details for forms.
      return reply
        .status(422)
        .send(body('VALIDATION_FAILED', details[0]?.message ?? defaultMessage(422), details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(body('INTERNAL', defaultMessage(500)));
    }
    const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
    if (known) return reply.status(known.status).send(body(known.code, known.message));
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(body(CODE_BY_STATUS[status] ?? 'INTERNAL', defaultMessage(status)));
    }
    return reply.status(status).send(body(CODE_BY_STATUS[status] ?? 'BAD_REQUEST', defaultMessage(status)));
  });
}
