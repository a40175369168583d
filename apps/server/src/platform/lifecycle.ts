import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Once the server starts closing, every answer ends its connection: a keep-alive client would
 * otherwise hold the process open after its last request until the idle timeout.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
}

/**
 * The HTTP server behind Fastify, with limits on slow clients: the whole request (headers and
 * body) must arrive within requestMs and its headers within headersMs, or Node answers 408 and
 * closes the connection. The limits are checked at a fraction of the shorter one.
 */
export function slowClientSafeServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  timeouts: { requestMs: number; headersMs: number },
): Server {
  return createServer(
    {
      requestTimeout: timeouts.requestMs,
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      connectionsCheckingInterval: Math.max(50, Math.min(timeouts.headersMs, timeouts.requestMs) / 10),
    },
    handler,
  );
}
