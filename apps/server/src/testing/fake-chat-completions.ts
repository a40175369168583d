import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local OpenAI-compatible chat-completions endpoint (streaming), for the openai provider's tests
// and the chat's end-to-end stop test. It answers "Your chart speaks." when the chart facts were
// sent as context, else "No facts.". `mode` decides how the next requests are answered:
// stream (at once), fail (500), stall (one piece, then silence), cut (two pieces, then the
// connection is dropped), slow (40 more one-word sentences, `slowMs` apart). With `answer` set, a grounded
// request is answered with that text instead, a few characters at a time (a model that says
// whatever it is told to say, true or not).

export type FakeCompletionsMode = 'stream' | 'fail' | 'stall' | 'cut' | 'slow';

export interface FakeChatCompletions {
  /** The base address to configure the provider with (ends in /v1). */
  url: string;
  mode: FakeCompletionsMode;
  /** The text to answer grounded requests with, in place of "Your chart speaks."; null for that. */
  answer: string | null;
  /** The messages of each request received, oldest first. */
  received: { role: string; content: string }[][];
  close(): Promise<void>;
}

function chunk(text: string): string {
  return `data: ${JSON.stringify({
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'test',
    choices: [{ index: 0, delta: { content: text }, finish_reason: null }],
  })}\n\n`;
}

export async function startFakeChatCompletions(
  options: {
    port?: number;
    mode?: FakeCompletionsMode;
    slowMs?: number;
    answer?: string;
    /** Scripted answers: a question containing the key is answered with its text, at once. */
    scripts?: Record<string, string>;
  } = {},
): Promise<FakeChatCompletions> {
  const slowMs = options.slowMs ?? 50;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (c) => {
      body += c;
    });
    request.on('end', async () => {
      if (fake.mode === 'fail') {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
        return;
      }
      const sent = JSON.parse(body) as { messages: { role: string; content: string }[] };
      fake.received.push(sent.messages);
      const grounded = sent.messages.some((m) => m.role === 'system' && m.content.startsWith('FACTS '));
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const question = sent.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
      const script = Object.entries(options.scripts ?? {}).find(([key]) => question.includes(key))?.[1];
      if (grounded && script) {
        for (const piece of script.match(/[\s\S]{1,7}/g) ?? []) response.write(chunk(piece));
        response.end('data: [DONE]\n\n');
        return;
      }
      const words = !grounded
        ? ['No ', 'facts.']
        : fake.answer !== null
          ? // Pieces that cut words and sentences anywhere, as a model's tokens do.
            (fake.answer.match(/[\s\S]{1,7}/g) ?? [])
          : ['Your ', 'chart ', 'speaks.'];
      const mode = fake.mode;
      // One-word sentences: the answer is checked and sent a sentence at a time, so each arrives on its own.
      if (mode === 'slow') for (let i = 0; i < 40; i++) words.push(` word${i}.`);
      for (const [i, word] of words.entries()) {
        if (response.destroyed) return;
        response.write(chunk(word));
        if (mode === 'stall' && i === 0) return; // never another byte
        if (mode === 'cut' && i === 1) {
          // Once the pieces are out, the connection drops mid-stream, without the stream's end.
          await new Promise((r) => setTimeout(r, 50));
          response.socket?.destroy();
          return;
        }
        if (mode === 'slow') await new Promise((r) => setTimeout(r, slowMs));
      }
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const fake: FakeChatCompletions = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    mode: options.mode ?? 'stream',
    answer: options.answer ?? null,
    received: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
