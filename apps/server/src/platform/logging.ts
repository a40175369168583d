import type { FastifyRequest } from 'fastify';

// Link secrets travel in a few URLs (verify-email/{token}, the calendar feed's ?token=); keep them out of the log.
const LINK_SECRET = /[A-Za-z0-9_-]{43}(?=$|[/?#&.])/g;

export function redactUrl(url: string): string {
  return url.replace(LINK_SECRET, '[redacted]');
}

/** pino settings: no passwords, tokens, cookies or Authorization headers ever reach the log. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.token',
        'token',
        'password',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
