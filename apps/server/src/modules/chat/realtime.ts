import { ChatMessageBodySchema, ChatSocketStopSchema } from '@app/contracts/chat.ts';
import { statusMessage } from '@app/contracts/error-catalogue.ts';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { describeFailure } from '../../platform/errors.ts';
import type { ChatService } from './service.ts';

// The app's realtime connection, Socket.IO on the server's own port: the same token authenticates
// the handshake, so every signed-in person may connect (the chat's own checks run per question).
// Each person has a room `user:<id>` and each session a room `session:<id>`, where the news of
// ended sessions arrives (session-push.ts). `chat:send` streams `chat:started`, `chat:delta`
// pieces and a `chat:done`; `chat:stop` stops the answer (and cuts it to what the person was
// shown). The person's room also hears of conversations renamed or deleted. Sessions are checked
// again on every message and every few seconds, so a revoked session is disconnected even when its
// news was missed.

const REVALIDATE_MS = 10_000;
/**
 * Questions one socket may have on their way at once (several conversations in several views);
 * more are refused at once, before any work, so a flood of sends costs next to nothing.
 */
export const MAX_UNANSWERED_SENDS = 3;
export const TOO_MANY_UNANSWERED = 'Please wait for the answers already on their way before asking more.';
/**
 * Refused sends in a row after which the socket is closed: no app sends like that, and while the
 * connection is open the server must still read every event a flood puts on it.
 */
export const REFUSALS_BEFORE_DISCONNECT = 20;
/** How long a closing server lets answers being streamed over sockets finish. */
const ANSWERS_FINISH_MS = 5_000;
const SendSchema = z.object({ sessionId: z.string().uuid() }).and(ChatMessageBodySchema);

export interface RealtimeOptions {
  service: ChatService;
  /** The person behind a token, or null when the session ended. */
  authenticate(token: string): Promise<AuthUser | null>;
  /** Throws an AppError when the person may not use the chat (unverified, no plan with the chat); checked per question. */
  checkAccess(user: AuthUser): Promise<void>;
  /**
   * Counts one socket event against the person's request limit (the one their HTTP requests use,
   * shared across processes with Redis); throws 429 when it is used up.
   */
  countEvent(user: AuthUser): Promise<void>;
}

interface SocketData {
  token: string;
  user: AuthUser;
  answering: Map<string, AbortController>;
  /** Sends received and not yet answered or refused. */
  unanswered: number;
  /** Sends refused by a limit since the last one let through. */
  refusedInRow: number;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export function attachRealtime(app: FastifyInstance, options: RealtimeOptions): Server {
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Same origin as the app, plus the configured API origins.
    cors: { origin: app.config.corsOrigins, credentials: false },
  });

  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    try {
      const user = token ? await options.authenticate(token) : null;
      if (!user) return next(new Error(statusMessage(401)));
      // A connection counts like a request: reconnecting in a loop is limited too.
      await options.countEvent(user);
      const data = socket.data as SocketData;
      data.token = token;
      data.user = user;
      data.answering = new Map();
      data.unanswered = 0;
      data.refusedInRow = 0;
      await socket.join([userRoom(user.id), sessionRoom(user.sessionId)]);
      next();
    } catch (error) {
      next(new Error(describeFailure(error).error));
    }
  });

  io.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;
    socket.on('chat:send', async (payload: unknown) => {
      const sessionId = (payload as { sessionId?: unknown })?.sessionId;
      if (data.unanswered >= MAX_UNANSWERED_SENDS) {
        refuse(sessionId, { status: 429, code: 'RATE_LIMITED', error: TOO_MANY_UNANSWERED });
        return;
      }
      data.unanswered += 1;
      try {
        await answer(payload, sessionId);
      } finally {
        data.unanswered -= 1;
      }
    });

    /** A send refused by a limit; a socket that keeps sending regardless is closed. */
    function refuse(sessionId: unknown, failure: { status: number; code: string; error: string }): void {
      socket.emit('chat:error', { sessionId, ...failure });
      data.refusedInRow += 1;
      if (data.refusedInRow >= REFUSALS_BEFORE_DISCONNECT) socket.disconnect(true);
    }

    // Each send: counted, checked, then answered as a stream; any refusal is a `chat:error`. Its
    // stopper is in place from the start, so that a stop sent at once is not missed (and, as
    // before, a new question in a conversation stops the answer still given there).
    async function answer(payload: unknown, sessionId: unknown): Promise<void> {
      const stop = new AbortController();
      const key = typeof sessionId === 'string' ? sessionId : '';
      data.answering.get(key)?.abort();
      data.answering.set(key, stop);
      try {
        await answerWith(stop, payload, sessionId);
      } finally {
        if (data.answering.get(key) === stop) data.answering.delete(key);
      }
    }

    async function answerWith(stop: AbortController, payload: unknown, sessionId: unknown): Promise<void> {
      try {
        await options.countEvent(data.user);
        data.refusedInRow = 0;
      } catch (error) {
        refuse(sessionId, describeFailure(error));
        return;
      }
      const parsed = SendSchema.safeParse(payload);
      if (!parsed.success) {
        socket.emit('chat:error', {
          sessionId,
          status: 422,
          code: 'VALIDATION_FAILED',
          error: parsed.error.issues[0]?.message ?? statusMessage(422),
        });
        return;
      }
      const user = await options.authenticate(data.token);
      if (!user) {
        socket.disconnect(true);
        return;
      }
      try {
        await options.checkAccess(user);
        const exchange = await options.service.send(
          user,
          parsed.data.sessionId,
          parsed.data.content,
          stop.signal,
        );
        socket.emit('chat:started', { sessionId: exchange.session.id, userMessage: exchange.userMessage });
        try {
          for await (const text of exchange.pieces)
            socket.emit('chat:delta', { sessionId: exchange.session.id, text });
        } catch (error) {
          app.log.error({ err: error }, 'chat answer failed');
        }
        // finish() announces `chat:done` to the person's room, this socket included.
        await exchange.finish();
      } catch (error) {
        socket.emit('chat:error', { sessionId: parsed.data.sessionId, ...describeFailure(error) });
      }
    }
    // With the question it answers and what was shown, the answer is cut to that (stopped here or
    // already stored: stopAnswer, whose chat:done reaches this socket too); without, nothing was
    // said yet and the answer being prepared is stopped.
    socket.on('chat:stop', async (payload: unknown) => {
      const parsed = ChatSocketStopSchema.safeParse(payload);
      if (!parsed.success) return;
      const { sessionId, after, shown } = parsed.data;
      if (after === undefined || shown === undefined) {
        data.answering.get(sessionId)?.abort();
        return;
      }
      try {
        await options.countEvent(data.user);
        await options.service.stopAnswer(data.user, sessionId, { after, shown });
      } catch (error) {
        socket.emit('chat:error', { sessionId, ...describeFailure(error) });
      }
    });
    socket.on('disconnect', () => {
      for (const stop of data.answering.values()) stop.abort();
    });
  });

  // A session ended elsewhere (logout, password change, an admin) closes its sockets. Each process
  // sweeps its own: asking the others would wait on every peer, and fail when one has just died.
  const sweep = setInterval(async () => {
    for (const socket of [...io.of('/').sockets.values()]) {
      const data = socket.data as SocketData;
      if (!(await options.authenticate(data.token).catch(() => null))) socket.disconnect(true);
    }
  }, REVALIDATE_MS);
  sweep.unref();
  // Before the HTTP server closes (it waits for every connection): answers being given finish
  // (for a while), then each connection is cut below Socket.IO. Clients take that as a lost
  // connection and reconnect, to another process; a Socket.IO disconnect would tell them not to.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    const deadline = Date.now() + ANSWERS_FINISH_MS;
    const answering = () =>
      [...io.of('/').sockets.values()].some((socket) => (socket.data as SocketData).answering?.size);
    while (answering() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    // Not io.close(): that would close the HTTP server, which Fastify closes itself.
    io.engine.close();
  });
  return io;
}
