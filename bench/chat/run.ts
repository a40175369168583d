import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, postJson, signUpBenchPerson } from '../support/bench-api.ts';
import { startBenchServer } from '../support/bench-server.ts';

// Chat benchmark, loopback only and bounded: time to first streamed piece and to the whole answer
// over POST /api/chat/sessions/:id/messages (server-sent events), for the built-in assistant and
// for an OpenAI-compatible server here that streams 60 pieces at once; the overhead is measured
// against that server read directly, in the same run.
//   node --import tsx bench/chat/run.ts

const HERE = path.dirname(fileURLToPath(import.meta.url));
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 40);
const PIECES = 60;
const admins = Array.from({ length: 4 }, (_, i) => `bench.${i}@chat.test`);

function chunk(text: string): string {
  return `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [{ index: 0, delta: { content: text }, finish_reason: null }] })}\n\n`;
}
const llm = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (let i = 0; i < PIECES; i++) response.write(chunk(`piece${i} `));
    response.end('data: [DONE]\n\n');
  });
});
await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
const llmUrl = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;

const startServer = (env: Record<string, string>) =>
  startBenchServer(path.join(HERE, 'server.ts'), { BENCH_ADMIN_EMAILS: admins.join(','), ...env });

/** Reads an event stream; answers ms to the first piece, ms to the end, and the number of pieces. */
async function timedStream(
  url: string,
  init: RequestInit,
): Promise<{ first: number; total: number; pieces: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status}`);
  const reader = response.body.getReader();
  let first = 0;
  let pieces = 0;
  let rest = '';
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    rest += decoder.decode(value, { stream: true });
    const events = rest.split('\n\n');
    rest = events.pop() ?? '';
    for (const event of events) {
      if (!event.startsWith('data: ') || event.includes('[DONE]')) continue;
      if (pieces === 0) first = performance.now() - started;
      pieces += 1;
    }
  }
  return { first, total: performance.now() - started, pieces };
}

async function measure(name: string, env: Record<string, string>, email: string) {
  const server = await startServer(env);
  try {
    const token = await signUpBenchPerson(server.base, email, {
      verify: async () => void (await postJson(server.base, '/bench/verify', { email })),
    });
    const session = ((await postJson(server.base, '/api/chat/sessions', {}, token)).data as { id: string })
      .id;
    const questions = [
      'What does my Moon sign mean?',
      'Tell me about my Venus',
      'What is in my 10th house?',
      'What about my career?',
      // The kinds that gather more facts: a planet's year, a window's timing, the sky ahead, a feeling.
      'How will Saturn affect me this year?',
      'Is this a good week to ask for a raise?',
      'Is Mercury retrograde right now?',
      'I feel anxious today, why?',
    ];
    const runs: { first: number; total: number; pieces: number }[] = [];
    for (let i = 0; i < QUESTIONS; i++) {
      runs.push(
        await timedStream(`${server.base}/api/chat/sessions/${session}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ content: questions[i % questions.length] }),
        }),
      );
    }
    const perPiece = runs.map((r) => (r.total - r.first) / Math.max(1, r.pieces - 1));
    console.log(
      `  ${name.padEnd(34)} first piece median ${percentile(
        runs.map((r) => r.first),
        0.5,
      ).toFixed(1)} ms, p95 ${percentile(
        runs.map((r) => r.first),
        0.95,
      ).toFixed(1)} ms; whole answer median ${percentile(
        runs.map((r) => r.total),
        0.5,
      ).toFixed(1)} ms; ${percentile(
        runs.map((r) => r.pieces),
        0.5,
      )} pieces, ${percentile(perPiece, 0.5).toFixed(3)} ms per piece`,
    );
    return runs;
  } finally {
    server.child.kill('SIGTERM');
  }
}

try {
  console.log(`Chat benchmark: ${QUESTIONS} questions each, loopback, logs at warn, rate limit off`);
  await measure('built-in assistant', {}, admins[0]!);
  const direct: number[] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    direct.push(
      (
        await timedStream(`${llmUrl}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'bench', stream: true, messages: [] }),
        })
      ).first,
    );
  }
  const via = await measure('via a local OpenAI-compatible server', { BENCH_LLM_URL: llmUrl }, admins[1]!);
  const overhead =
    percentile(
      via.map((r) => r.first),
      0.5,
    ) - percentile(direct, 0.5);
  console.log(
    `  ${'model server read directly'.padEnd(34)} first piece median ${percentile(direct, 0.5).toFixed(1)} ms\n  ${'added to the first piece'.padEnd(34)} ${overhead.toFixed(1)} ms (target < 10 ms)`,
  );
} finally {
  llm.close();
}
