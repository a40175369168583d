import { ChatDoneSchema, ChatSocketDeltaSchema, ChatSocketErrorSchema } from '@app/contracts/chat.ts';
import { NETWORK_ERROR_MESSAGE } from '@app/contracts/errors.ts';
import { ChatSendError, type SentExchange } from './chat-send-error.ts';

/** The part of a Socket.IO client this needs (a test can pass a plain event emitter). */
export interface ChatSocketLike {
  emit(event: string, payload: unknown): unknown;
  on(event: string, listener: (payload: unknown) => void): unknown;
  off(event: string, listener: (payload: unknown) => void): unknown;
}

/** How long the first sign of an answer may take before the question counts as lost. */
export const FIRST_EVENT_TIMEOUT_MS = 20_000;

/**
 * Sends a question over the realtime socket: `chat:send`, then `chat:delta` pieces to `onText` and
 * `chat:done` with the stored messages. Aborting `signal` sends `chat:stop` (the server keeps what
 * was said, marked stopped) and rejects with an AbortError, as the HTTP path does.
 */
export function sendOverSocket(
  socket: ChatSocketLike,
  sessionId: string,
  content: string,
  { signal, onText }: { signal?: AbortSignal; onText: (text: string) => void },
): Promise<SentExchange> {
  return new Promise<SentExchange>((resolve, reject) => {
    let heard = false;
    const mine = (payload: unknown) => (payload as { sessionId?: unknown })?.sessionId === sessionId;
    const onDelta = (payload: unknown) => {
      if (!mine(payload)) return;
      heard = true;
      onText(ChatSocketDeltaSchema.parse(payload).text);
    };
    const onStarted = (payload: unknown) => {
      if (mine(payload)) heard = true;
    };
    const onDone = (payload: unknown) => {
      if (!mine(payload)) return;
      finish();
      resolve(ChatDoneSchema.parse(payload));
    };
    const onError = (payload: unknown) => {
      if (!mine(payload)) return;
      const problem = ChatSocketErrorSchema.parse(payload);
      finish();
      reject(new ChatSendError(problem.error, problem.status, problem.code));
    };
    const onDisconnect = () => {
      finish();
      reject(new ChatSendError(NETWORK_ERROR_MESSAGE));
    };
    const onAbort = () => {
      socket.emit('chat:stop', { sessionId });
      finish();
      reject(new DOMException('The answer was stopped.', 'AbortError'));
    };
    const silence = setTimeout(() => {
      if (heard) return;
      finish();
      reject(new ChatSendError(NETWORK_ERROR_MESSAGE));
    }, FIRST_EVENT_TIMEOUT_MS);
    const listeners: [string, (payload: unknown) => void][] = [
      ['chat:started', onStarted],
      ['chat:delta', onDelta],
      ['chat:done', onDone],
      ['chat:error', onError],
      ['disconnect', onDisconnect],
    ];
    function finish() {
      clearTimeout(silence);
      for (const [event, listener] of listeners) socket.off(event, listener);
      signal?.removeEventListener('abort', onAbort);
    }
    if (signal?.aborted) {
      onAbort();
      return;
    }
    for (const [event, listener] of listeners) socket.on(event, listener);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.emit('chat:send', { sessionId, content });
  });
}
