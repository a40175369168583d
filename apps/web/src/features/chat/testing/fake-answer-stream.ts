import type { ChatMessage } from '@app/contracts/chat.ts';
import { afterEach, beforeEach, vi } from 'vitest';

// The chat's streaming edge in web tests: a fetch that answers the message call with an event
// stream the test writes piece by piece (or with a refusal), and records what was sent. The REST
// calls go through axios and are answered by the test's adapter.

interface SentQuestion {
  url: string;
  body: unknown;
  headers: Record<string, string>;
  signal: AbortSignal;
}

export interface FakeAnswerStream {
  sent: SentQuestion[];
  /** When set, the next questions are refused with it (JSON, before any stream). */
  refusal: { status: number; body: unknown } | null;
  /** Writes server-sent-event text to the latest stream. */
  write(text: string): void;
  /** Ends the latest stream. */
  finish(): void;
}

/** A stream's event, as the server writes it. */
export const sseEvent = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
/** A piece of the answer, as the server writes it. */
export const ssePiece = (text: string) => `data: ${JSON.stringify({ text })}\n\n`;

export function chatMessage(
  role: 'user' | 'assistant',
  content: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id: `${role}-${content.length}`,
    role,
    content,
    createdAt: '2026-11-24T10:01:00Z',
    facts: [],
    stopped: false,
    provider: role === 'assistant' ? 'builtin' : null,
    fallback: false,
    ...extra,
  };
}

/** Installs the fake fetch around every test of the file that calls it. */
export function installFakeAnswerStream(): FakeAnswerStream {
  const stream: FakeAnswerStream = {
    sent: [],
    refusal: null,
    write: () => undefined,
    finish: () => undefined,
  };
  function fakeFetch(url: string, init: RequestInit) {
    stream.sent.push({
      url,
      body: JSON.parse(String(init.body)),
      headers: init.headers as Record<string, string>,
      signal: init.signal as AbortSignal,
    });
    if (stream.refusal)
      return Promise.resolve(
        new Response(JSON.stringify(stream.refusal.body), {
          status: stream.refusal.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        stream.write = (text) => controller.enqueue(encoder.encode(text));
        stream.finish = () => controller.close();
        init.signal?.addEventListener('abort', () =>
          controller.error(new DOMException('Aborted', 'AbortError')),
        );
      },
    });
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
  }
  beforeEach(() => {
    stream.sent = [];
    stream.refusal = null;
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return stream;
}
