import { createAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as createRedisAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { untilReady } from '../../platform/redis.ts';

// Several server processes: a socket on one must hear an answer given by another (an answer's
// `chat:done` is a room broadcast). With REDIS_URL the Socket.IO Redis adapter carries room
// broadcasts over Redis pub/sub; without it, on PostgreSQL, the Socket.IO PostgreSQL adapter
// carries them over LISTEN/NOTIFY. With SQLite alone there is one process and the in-memory
// adapter is right.

/** The table the adapter keeps payloads over NOTIFY's 8,000-byte limit in (the library's own layout). */
const ATTACHMENTS_TABLE = 'socket_io_attachments';

export async function shareRealtimeAcrossProcesses(app: FastifyInstance, io: Server): Promise<void> {
  if (app.redis && app.config.redis) return shareThroughRedis(app, io, app.redis, app.config.redis.keyPrefix);
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

async function shareThroughRedis(app: FastifyInstance, io: Server, redis: Redis, keyPrefix: string) {
  // Pub/sub needs connections of its own. They queue commands until connected and never give up
  // on one, so the adapter's subscription is made whenever Redis comes (back) and none of its
  // commands fails unhandled while Redis is away.
  const options = { enableOfflineQueue: true, maxRetriesPerRequest: null };
  const [pub, sub] = [redis.duplicate(options), redis.duplicate(options)];
  for (const client of [pub, sub]) {
    client.on('error', (error) => app.log.debug({ err: error }, 'realtime Redis connection failed'));
  }
  io.adapter(createRedisAdapter(pub, sub, { key: `${keyPrefix}:socket.io` }));
  await untilReady(sub);
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
    pub.disconnect();
    sub.disconnect();
  });
}
