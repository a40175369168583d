// Run by the web app's end-to-end setup (apps/web/playwright.config.ts): the fake chat-completions
// endpoint, answering slowly, for the server that lets a spec stop an answer while it streams, and
// scripted to make things up for one question.
import { startFakeChatCompletions } from './fake-chat-completions.ts';

const fake = await startFakeChatCompletions({
  port: Number(process.env.FAKE_LLM_PORT ?? 4631),
  mode: 'slow',
  slowMs: Number(process.env.FAKE_LLM_SLOW_MS ?? 300),
  // A model that makes things up, for the spec that shows the answer checked against the chart.
  scripts: {
    'Which sign is my Moon in':
      'Your Sun is in Taurus. Your Moon is in Leo, a warm placement. Mars squares Jupiter in your chart.',
  },
});
console.log(`Slow chat completions at ${fake.url}`);

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
