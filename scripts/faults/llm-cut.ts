import { startFakeChatCompletions } from '../../apps/server/src/testing/fake-chat-completions.ts';
import { NO_LIMITS, onStop, type Postgres, startServer, startSink, takePort } from './harness.ts';
import { type Answered, ask, chatSession, verifiedPerson } from './people.ts';

// The LLM provider (an OpenAI-compatible server on loopback) drops its connection in the middle
// of streaming answers: each answer's stream still ends with its `done` event, the words that
// arrived are kept at its start and stored, and the answer says the service stopped answering
// (the built-in assistant gives the rest). It is stored marked `fallback`, which is what the web
// app offers its retry on.

const PEOPLE = 4;
/** The two pieces the fake sends before it drops the connection. */
const SAID = 'Your chart ';
const NOTE = 'The assistant service stopped answering';

export async function llmCut(pg: Postgres, work: string): Promise<string> {
  const llm = await startFakeChatCompletions({ port: await takePort(), mode: 'stream' });
  onStop(() => llm.close());
  const sink = await startSink();
  const emails = Array.from({ length: PEOPLE }, (_, i) => `llm.${i}@faults.test`);
  const server = await startServer(
    {
      DATABASE_URL: pg.url,
      SMTP_URL: sink.url,
      // The chat is for people with a plan; administrators have it without one.
      ADMIN_EMAILS: emails.join(','),
      ...NO_LIMITS,
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: llm.url,
      LLM_API_KEY: 'fault-suite',
      LLM_MODEL: 'test',
    },
    work,
  );
  const people = await Promise.all(
    emails.map(async (email) => {
      const token = await verifiedPerson(server.base, sink, email);
      return { email, token, session: await chatSession(server.base, token) };
    }),
  );
  const whole = await ask(server.base, people[0]!.token, people[0]!.session, 'What does my Moon mean?');
  if (whole.message?.content !== 'Your chart speaks.' || whole.message.fallback)
    throw new Error(`an uncut answer: ${whole.status} ${whole.text.slice(0, 300)}`);

  llm.mode = 'cut';
  const started = Date.now();
  const answers = await Promise.all(
    people.map((person) => ask(server.base, person.token, person.session, 'What does my Moon mean?')),
  );
  const slowestMs = Date.now() - started;
  const problem = (answer: Answered) => {
    if (answer.status !== 200) return `answered ${answer.status} ${answer.text.slice(0, 200)}`;
    if (!answer.message) return `the stream ended without its done event: ${answer.text.slice(-200)}`;
    const { content, fallback, stopped } = answer.message;
    if (content !== answer.streamed) return 'the stored answer differs from the streamed one';
    if (!content.startsWith(`${SAID}\n\n_${NOTE}`))
      return `it does not keep what was said: ${content.slice(0, 120)}`;
    if (!fallback || stopped) return `marked fallback ${fallback}, stopped ${stopped}`;
    return null;
  };
  const problems = answers.map(problem).filter((text) => text !== null);
  if (problems.length > 0) throw new Error(`${problems.length} cut answers went wrong: ${problems[0]}`);

  const stored = await pg.query<{ content: string }>(
    `select m.content from chat_messages m join users u on u.id = m.user_id
     where u.email = any($1) and m.role = 'assistant' and m.fallback = 1`,
    [emails],
  );
  const storedWithStart = stored.filter((row) => row.content.startsWith(SAID)).length;
  if (storedWithStart !== PEOPLE)
    throw new Error(`${storedWithStart} of ${PEOPLE} cut answers are stored with what was said`);
  await server.stop();
  await llm.close();
  await sink.close();
  return `${PEOPLE} answers cut mid-stream at once: each stream ended with its done event in at most ${(slowestMs / 1000).toFixed(1)} s, kept "${SAID.trim()}" as said, said "${NOTE}" and was stored (marked fallback)`;
}
