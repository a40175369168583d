import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';

// Link secrets travel in a few URLs (verify-email/{token}, the calendar feed's ?token=); keep them out of the log.
const LINK_SECRET = /[A-Za-z0-9_-]{43}(?=$|[/?#&.])/g;
// The local payment pages' ids (/pay/checkout/{id}, /pay/card/{id}) open a page that shows the
// customer's email and takes a payment without a sign-in.
const PAYMENT_PAGE_ID = /(\/pay\/[a-z]+\/)[A-Za-z0-9_-]+/g;

function redactUrl(url: string): string {
  return url.replace(LINK_SECRET, '[redacted]').replace(PAYMENT_PAGE_ID, '$1[redacted]');
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

/**
 * The log's destination, made harmless when it fails: a full disk (ENOSPC), a closed pipe or a
 * throwing writer loses log lines, never the server. The first failure is reported on stderr once.
 */
export function resilientLogStream(
  stream: DestinationStream = pino.destination({ dest: 1, sync: false }),
): DestinationStream {
  let reported = false;
  const report = (error: unknown) => {
    if (reported) return;
    reported = true;
    try {
      process.stderr.write(
        `log lines are being lost: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    } catch {
      // stderr is gone too; nothing more can be said.
    }
  };
  const emitter = stream as DestinationStream & {
    on?: (event: string, listener: (error: unknown) => void) => void;
  };
  emitter.on?.('error', report);
  return {
    write(line: string) {
      try {
        stream.write(line);
      } catch (error) {
        report(error);
      }
    },
  };
}
