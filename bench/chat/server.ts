import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

// The product's server for the chat benchmark, in its own process. BENCH_LLM_URL switches the
// assistant to an OpenAI-compatible endpoint. One bench-only route marks an address verified.
// Prints one JSON line with the port once it listens.

const config = loadConfig({
  ...process.env,
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'astro-bench-chat-')),
  PORT: '0',
  LOG_LEVEL: 'warn',
  // BENCH_LIMITS=product keeps the product's request limits on (the abuse benchmark measures them).
  ...(process.env.BENCH_LIMITS !== 'product' && { RATE_LIMIT_ENABLED: 'false' }),
  ADMIN_EMAILS: process.env.BENCH_ADMIN_EMAILS ?? '',
  WEB_DIST_DIR: path.join(os.tmpdir(), 'astro-bench-no-web'),
  ...(process.env.BENCH_LLM_URL && {
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: process.env.BENCH_LLM_URL,
    LLM_MODEL: 'bench',
  }),
});
const open = { max: 1_000_000, windowMs: 60_000 };
const app = await buildApp(
  { ...config, throttle: { ...config.throttle, registrationsPerIp: open, mailPerIp: open } },
  { mailLoop: false },
);
app.post<{ Body: { email: string } }>('/bench/verify', async (request) => {
  await app.database.db
    .updateTable('users')
    .set({ email_verified: 1 })
    .where('email', '=', request.body.email)
    .execute();
  return { ok: true };
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
