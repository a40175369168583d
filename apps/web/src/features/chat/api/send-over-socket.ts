import {
  ChatDoneSchema,
  ChatSocketDeltaSchema,
  ChatSocketErrorSchema,
  ChatStartedSchema,
} from '@app/contracts/chat.ts';
import { NETWORK_ERROR_MESSAGE } from '@app/contracts/error-catalogue.ts';
import { ChatSendError, type SentExchange, stoppedError } from './chat-send-error.ts';

/** The part of a Socket.IO client this needs (a test can pass a plain event emitter). */
export interface ChatSocketLike {
  emit(event: string, payload: unknown): unknown;
  on(event: string, listener: (payload: unknown) => void): unknown;
  off(event: string, listener: (payload: unknown) => void): unknown;
}

/** How long the first sign of an answer may take before the question counts as lost. */
const FIRST_EVENT_TIMEOUT_MS = 20_000;
/** How long a stopped answer may take to be stored (cut to what was shown) before the page gives up waiting. */
const STOPPED_ANSWER_TIMEOUT_MS = 5_000;

/**
 * Sends a question over the realtime socket: `chat:send`, then `chat:started`, `chat:delta` pieces
 * to `onText` and `chat:done` with the stored messages. Aborting `signal` sends `chat:stop` with
 * the question and how much of the answer was shown; the server stores just that, marked stopped,
 * and the promise settles with it (or rejects with an AbortError when it does not come).
 */
export function sendOverSocket(
  socket: ChatSocketLike,
  sessionId: string,
  content: string,
  { signal, onText }: { signal?: AbortSignal; onText: (text: string) => void },
): Promise<SentExchange> {
  return new Promise<SentExchange>((resolve, reject) => {
    let heard = false;
    /** The stored question, once the server said so: a stop names it. */
    let after: string | undefined;
    /** Characters given to onText: what the person was shown. */
    let shown = 0;
    let stopping = false;
    let stopWait: ReturnType<typeof setTimeout> | undefined;
    const mine = (payload: unknown) => (payload as { sessionId?: unknown })?.sessionId === sessionId;
    const askToStop = () =>
      socket.emit('chat:stop', { sessionId, shown, ...(after !== undefined && { after }) });
    const onStarted = (payload: unknown) => {
      if (!mine(payload)) return;
      heard = true;
      after = ChatStartedSchema.safeParse(payload).data?.userMessage.id;
      // Stopped while the question was on its way: its answer may be given already, so name it.
      if (stopping && after !== undefined) askToStop();
    };
    const onDelta = (payload: unknown) => {
      if (!mine(payload) || stopping) return;
      heard = true;
      const { text } = ChatSocketDeltaSchema.parse(payload);
      shown += text.length;
      onText(text);
    };
    const onDone = (payload: unknown) => {
      if (!mine(payload)) return;
      const done = ChatDoneSchema.parse(payload);
      // After a stop, only the stopped answer to this question: the whole one may still be on its way.
      if (stopping && (!done.message.stopped || (after !== undefined && done.userMessage.id !== after)))
        return;
      finish();
      resolve(done);
    };
    const onError = (payload: unknown) => {
      if (!mine(payload)) return;
      const problem = ChatSocketErrorSchema.parse(payload);
      finish();
      reject(stopping ? stoppedError() : new ChatSendError(problem.error, problem.status, problem.code));
    };
    const onDisconnect = () => {
      finish();
      reject(stopping ? stoppedError() : new ChatSendError(NETWORK_ERROR_MESSAGE));
    };
    const onAbort = () => {
      stopping = true;
      clearTimeout(silence);
      askToStop();
      stopWait = setTimeout(() => {
        finish();
        reject(stoppedError());
      }, STOPPED_ANSWER_TIMEOUT_MS);
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
      clearTimeout(stopWait);
      for (const [event, listener] of listeners) socket.off(event, listener);
      signal?.removeEventListener('abort', onAbort);
    }
    if (signal?.aborted) {
      finish();
      reject(stoppedError());
      return;
    }
    for (const [event, listener] of listeners) socket.on(event, listener);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.emit('chat:send', { sessionId, content });
  });
}
