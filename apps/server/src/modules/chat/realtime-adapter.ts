import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';

// With PostgreSQL, several server processes share one database; the Socket.IO PostgreSQL adapter
// carries room broadcasts (an answer's `chat:done`) between them over LISTEN/NOTIFY, so a socket
// on one process hears an answer given by another. With SQLite there is one process and the
// in-memory adapter is right.

/** The table the adapter keeps payloads over NOTIFY's 8,000-byte limit in (the library's own layout). */
const ATTACHMENTS_TABLE = 'socket_io_attachments';

export async function shareRealtimeAcrossProcesses(app: FastifyInstance, io: Server): Promise<void> {
  const { database } = app;
  if (database.engine !== 'postgres' || !database.openPool) return;
  const pool = database.openPool(2);
  pool.on('error', (error) => app.log.error({ err: error }, 'realtime adapter connection failed'));
  await pool.query(
    `create table if not exists ${ATTACHMENTS_TABLE} (id bigserial unique, created_at timestamptz default now(), payload bytea)`,
  );
  io.adapter(
    createAdapter(pool, {
      tableName: ATTACHMENTS_TABLE,
      // Channels are per database; a schema of its own (tests) gets channels of its own.
      channelPrefix: database.schema ? `socket.io:${database.schema}` : 'socket.io',
      errorHandler: (error) => app.log.error({ err: error }, 'realtime adapter failed'),
    }),
  );
  await untilListening(io);
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
    await pool.end();
  });
}

/**
 * Waits (briefly) until the adapter holds its LISTEN connection. The library connects in the
 * background and releases that connection on close only once it holds it: a server closed in
 * between would wait for ever on the pool. (It reads the library's own field, hence the cast.)
 */
async function untilListening(io: Server, timeoutMs = 5000): Promise<void> {
  const adapter = io.of('/').adapter as unknown as { client?: { client?: unknown } };
  const deadline = Date.now() + timeoutMs;
  while (!adapter.client?.client && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
}
