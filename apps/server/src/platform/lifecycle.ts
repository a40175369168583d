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
