import { ChatDeltaSchema, ChatDoneSchema, ChatFailedSchema, ChatStartedSchema } from '@app/contracts/chat.ts';
import { NETWORK_ERROR_MESSAGE, statusMessage } from '@app/contracts/error-catalogue.ts';
import { bearerHeader, reportUnauthorized } from '../../../lib/api-client.ts';
import { connectedRealtimeSocket } from '../../../lib/realtime-socket.ts';
import { createSseParser } from '../lib/parse-sse.ts';
import { ChatSendError, CUT_OFF_MESSAGE, type SentExchange } from './chat-send-error.ts';
import { sendOverSocket } from './send-over-socket.ts';
import { stopAnswer } from './stop-answer.ts';

async function refusal(response: Response): Promise<ChatSendError> {
  let body: { error?: unknown; code?: unknown } = {};
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy page): the status says enough.
  }
  const text =
    typeof body.error === 'string' && body.error.trim() ? body.error : statusMessage(response.status);
  return new ChatSendError(text, response.status, typeof body.code === 'string' ? body.code : undefined);
}

interface SendOptions {
  signal?: AbortSignal;
  onText: (text: string) => void;
}

/**
 * Asks a question and streams the answer: over the realtime socket when the app holds a
 * connected one, otherwise over HTTP with server-sent events (the socket could not connect, or
 * is reconnecting).
 */
export function sendMessage(sessionId: string, content: string, options: SendOptions): Promise<SentExchange> {
  const socket = connectedRealtimeSocket();
  return socket
    ? sendOverSocket(socket, sessionId, content, options)
    : sendOverHttp(sessionId, content, options);
}

/**
 * POST /api/chat/sessions/:id/messages. Axios cannot read a response as it arrives, so this uses
 * fetch and reads the server-sent events: each piece goes to `onText`, and the promise settles with
 * the stored messages from the final `done` event. Aborting `signal` closes the stream, which stops
 * the answer, and asks the server to keep only what was shown: the promise settles with that
 * stored answer, or rejects with the AbortError when it cannot be had.
 */
async function sendOverHttp(
  sessionId: string,
  content: string,
  { signal, onText }: SendOptions,
): Promise<SentExchange> {
  const headers = { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...bearerHeader() };
  let response: Response;
  try {
    response = await fetch(`/api/chat/sessions/${encodeURIComponent(sessionId)}/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content }),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ChatSendError(NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok || !response.body) {
    if (response.status === 401 && 'Authorization' in headers) reportUnauthorized();
    throw await refusal(response);
  }

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  let done: SentExchange | undefined;
  // The server's reason when the answer could not be stored (`event: failed`).
  let failure: string | undefined;
  // The stored question (`event: started`) and the characters shown, for a stop.
  let after: string | undefined;
  let shown = 0;
  const take = (events: ReturnType<typeof parser.push>) => {
    for (const event of events) {
      const data: unknown = JSON.parse(event.data);
      if (event.event === 'done') done = ChatDoneSchema.parse(data);
      else if (event.event === 'message') {
        const { text } = ChatDeltaSchema.parse(data);
        shown += text.length;
        onText(text);
      } else if (event.event === 'started') after = ChatStartedSchema.parse(data).userMessage.id;
      else if (event.event === 'failed') failure = ChatFailedSchema.parse(data).error;
    }
  };
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      take(parser.push(decoder.decode(chunk.value, { stream: true })));
    take(parser.push(decoder.decode()));
    take(parser.end());
  } catch (error) {
    if (signal?.aborted) {
      // Before `started` nothing was said; otherwise the server may have stored more than was shown.
      const stopped = after ? await stopAnswer(sessionId, { after, shown }).catch(() => null) : null;
      if (stopped) return stopped;
      throw error;
    }
    // fetch reports a dropped connection as a TypeError; anything else is a garbled stream.
    throw new ChatSendError(error instanceof TypeError ? NETWORK_ERROR_MESSAGE : CUT_OFF_MESSAGE);
  }
  if (!done) throw new ChatSendError(failure ?? CUT_OFF_MESSAGE);
  return done;
}
