import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface RedisConfig {
  url: string;
  /** Keeps this deployment's keys apart from others on the same Redis. */
  keyPrefix: string;
}

/**
 * The connection shared by what several server processes must agree on (request limits, the
 * chat's realtime rooms). Commands fail at once while Redis is away instead of queueing, so each
 * user of it can fall back (the limits to this process's own counters) and the server keeps serving.
 */
export function openRedis(config: RedisConfig, log: FastifyBaseLogger): Redis {
  const client = new Redis(config.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Reconnects for ever, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let warned = false;
  client.on('error', (error) => {
    // One line per outage, not one per reconnect attempt.
    if (!warned)
      log.warn({ err: error }, 'Redis is unavailable; request limits count per process until it is back');
    warned = true;
  });
  client.on('ready', () => {
    if (warned) log.info('Redis is back');
    warned = false;
  });
  return client;
}

/**
 * Waits at start (briefly) for the first connection, so the first requests already count in
 * Redis; a Redis that is away does not hold the start: its users fall back meanwhile.
 */
export async function untilReady(client: Redis, timeoutMs = 3000): Promise<boolean> {
  if (client.status === 'ready') return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(false), timeoutMs);
    const onReady = () => finish(true);
    function finish(ready: boolean) {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ready);
    }
    client.once('ready', onReady);
  });
}
