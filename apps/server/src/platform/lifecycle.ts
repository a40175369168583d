import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The way a process stops when told to (SIGTERM): first it says it is not ready (/api/ready answers
 * 503) while still serving, so a load balancer sends new work elsewhere; then it stops listening,
 * lets requests, streams and a running job finish (Fastify's close and each part's preClose and
 * onClose hooks), and lets go of its connections.
 */
export class Shutdown {
  private drainingSince: number | null = null;

  constructor(private readonly app: FastifyInstance) {}

  /** True from the signal on: the process finishes its work but takes no new work. */
  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** Not ready at once, still serving for `noticeMs`, then closed (resolves when it is). */
  async drain(noticeMs: number): Promise<void> {
    if (this.drainingSince !== null) return;
    this.drainingSince = Date.now();
    this.app.log.info({ noticeMs }, 'draining: not ready any more, finishing the work in flight');
    await new Promise((resolve) => setTimeout(resolve, noticeMs));
    await this.app.close();
  }
}

/**
 * Once the server drains or closes, every answer ends its connection: a keep-alive client would
 * otherwise keep coming back to this process, and hold it open after its last request.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance, shutdown: Shutdown): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing || shutdown.draining) reply.header('Connection', 'close');
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
