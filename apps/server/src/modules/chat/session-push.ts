import { SESSION_REVOKED_EVENT, type SessionRevoked } from '@app/contracts/realtime.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { SessionEnding, SessionEndings } from '../auth/plugin.ts';
import { sessionRoom, userRoom } from './realtime.ts';

/** How long the open tabs have to confirm they heard the news before they are disconnected. */
const SESSION_END_ACK_MS = 2_000;

/**
 * Tells the open sockets of sessions that ended (`session:revoked` with the reason), then
 * disconnects them, whichever server process holds them: both go through the rooms, which the
 * adapter shares between processes. The disconnect waits for the sockets' acknowledgements (or a
 * short timeout), since the adapter does not keep a broadcast and a disconnect in order. A
 * person's endings are told one after the other, so the first reason (an account disabled, then
 * its sessions deleted) is the one heard. Returns a function that stops listening.
 */
export function pushSessionEndings(io: Server, endings: SessionEndings, log: FastifyBaseLogger): () => void {
  const telling = new Map<string, Promise<void>>();
  return endings.subscribe((ending) => {
    const told = (telling.get(ending.userId) ?? Promise.resolve())
      .then(() => endSockets(io, ending))
      .catch((error: unknown) => log.warn({ err: error }, 'could not tell the sockets of an ended session'));
    telling.set(ending.userId, told);
    void told.finally(() => {
      if (telling.get(ending.userId) === told) telling.delete(ending.userId);
    });
  });
}

async function endSockets(io: Server, ending: SessionEnding): Promise<void> {
  const sockets =
    'sessionId' in ending
      ? io.to(sessionRoom(ending.sessionId))
      : ending.exceptSessionId
        ? io.to(userRoom(ending.userId)).except(sessionRoom(ending.exceptSessionId))
        : io.to(userRoom(ending.userId));
  await new Promise<void>((resolve) => {
    // Called with the answers, or with an error once the time is up; either way it is time.
    sockets
      .timeout(SESSION_END_ACK_MS)
      .emit(SESSION_REVOKED_EVENT, { reason: ending.reason } satisfies SessionRevoked, () => resolve());
  });
  sockets.disconnectSockets(true);
}
