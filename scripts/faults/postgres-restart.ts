import { statusMessage } from '../../packages/contracts/src/error-catalogue.ts';
import {
  type Answer,
  birthData,
  call,
  NO_LIMITS,
  PASSWORD,
  type Postgres,
  sleep,
  startServer,
  startSink,
} from './harness.ts';
import { ask, chatSession, verifiedPerson } from './people.ts';

// PostgreSQL restarted (pg_ctl restart -m fast) while 50 clients write through the HTTP API
// (sign-ups, birth-data saves, chat messages): every write answered 2xx is in the database
// afterwards, every other one got a clear 503, and the same server process takes writes again once
// PostgreSQL is back.

const SAVERS = 15;
const REGISTRARS = 20;
const CHATTERS = 15;
/** A chatter's pause between questions: keeps each under the plan's 50 messages a day. */
const CHAT_PAUSE_MS = 250;
const LOAD_BEFORE_MS = 2_000;
const LOAD_AFTER_MS = 3_000;

interface Write {
  kind: 'register' | 'save' | 'chat';
  key: string;
  answer: Answer;
}

export async function postgresRestart(pg: Postgres, work: string): Promise<string> {
  const sink = await startSink();
  const savers = Array.from({ length: SAVERS }, (_, i) => `saver.${i}@faults.test`);
  const chatters = Array.from({ length: CHATTERS }, (_, i) => `chatter.${i}@faults.test`);
  const server = await startServer(
    {
      DATABASE_URL: pg.url,
      SMTP_URL: sink.url,
      // Paid access without a checkout: the admin role.
      ADMIN_EMAILS: [...savers, ...chatters].join(','),
      ...NO_LIMITS,
    },
    work,
  );
  const tokens = await Promise.all(savers.map((email) => verifiedPerson(server.base, sink, email)));
  const chatTokens = await Promise.all(chatters.map((email) => verifiedPerson(server.base, sink, email)));
  const conversations = await Promise.all(chatTokens.map((token) => chatSession(server.base, token)));

  const writes: Write[] = [];
  let running = true;
  const saver = async (i: number) => {
    for (let n = 0; running; n++) {
      const key = `saver-${i}-${n}`;
      const answer = await call(server.base, 'PUT', '/api/birth-data/update', birthData(key), tokens[i]);
      writes.push({ kind: 'save', key: `${i}:${key}`, answer });
      await sleep(20);
    }
  };
  const registrar = async (i: number) => {
    for (let n = 0; running; n++) {
      const email = `reg.${i}.${n}@faults.test`;
      const answer = await call(server.base, 'POST', '/api/auth/register', {
        email,
        name: 'R',
        password: PASSWORD,
      });
      writes.push({ kind: 'register', key: email, answer });
      await sleep(20);
    }
  };
  // A chat message counts as accepted when its answer streamed to the end (its done event carries
  // the stored messages); otherwise its refusal must be as clear as any other write's.
  const answerIds: string[] = [];
  const cutAnswers: string[] = [];
  const chatter = async (i: number) => {
    for (let n = 0; running; n++) {
      const key = `chat-${i}-${n}: what does my Sun mean?`;
      const answered = await ask(server.base, chatTokens[i]!, conversations[i]!, key);
      // Accepted: the answer streamed to its done event. Refused: a 503 before the stream, or the
      // stream's failed event with the same status and message; anything else is unclear.
      const failure = answered.failed;
      if (answered.message) answerIds.push(answered.message.id);
      // An answer under way when the database went away is stored once it is back, not lost.
      else if (answered.streamed) cutAnswers.push(key);
      const answer: Answer = answered.message
        ? { status: 200, text: answered.text, json: () => ({}) }
        : failure
          ? { status: failure.status, text: answered.text, json: () => failure }
          : {
              status: answered.status === 200 ? 0 : answered.status,
              text: answered.text,
              json: () => JSON.parse(answered.text),
            };
      writes.push({ kind: 'chat', key, answer });
      await sleep(CHAT_PAUSE_MS);
    }
  };
  const clients = [
    ...Array.from({ length: SAVERS }, (_, i) => saver(i)),
    ...Array.from({ length: REGISTRARS }, (_, i) => registrar(i)),
    ...Array.from({ length: CHATTERS }, (_, i) => chatter(i)),
  ];
  await sleep(LOAD_BEFORE_MS);
  const restartStarted = Date.now();
  await pg.restart();
  const restartMs = Date.now() - restartStarted;
  await sleep(LOAD_AFTER_MS);
  running = false;
  await Promise.all(clients);

  // Every refused write says so clearly; nothing answers a bare 500 or drops the connection.
  const refused = writes.filter((write) => write.answer.status < 200 || write.answer.status >= 300);
  const unclear = refused.filter(
    (write) => write.answer.status !== 503 || write.answer.json().error !== statusMessage(503),
  );
  if (unclear.length > 0) {
    const sample = unclear
      .slice(0, 3)
      .map((write) => `${write.answer.status} ${write.answer.text.slice(0, 200)}`);
    const exited =
      server.child.exitCode !== null ? `; the server ended:\n${server.output().slice(-2000)}` : '';
    throw new Error(`${unclear.length} writes failed without a clear 503: ${sample.join(' | ')}${exited}`);
  }

  // Every accepted registration is stored.
  const accepted = writes.filter((write) => write.answer.status >= 200 && write.answer.status < 300);
  const registered = new Set(
    (await pg.query<{ email: string }>("select email from users where email like 'reg.%'")).map(
      (row) => row.email,
    ),
  );
  const lostRegistrations = accepted.filter(
    (write) => write.kind === 'register' && !registered.has(write.key),
  );
  if (lostRegistrations.length > 0)
    throw new Error(
      `${lostRegistrations.length} accepted registrations are missing, e.g. ${lostRegistrations[0]!.key}`,
    );

  // Each saver's stored birth data is their last accepted save or one tried after it.
  const stored = new Map(
    (
      await pg.query<{ email: string; name: string }>(
        "select u.email, b.name from birth_profiles b join users u on u.id = b.owner_id where b.is_own = 1 and u.email like 'saver.%'",
      )
    ).map((row) => [row.email, row.name]),
  );
  for (let i = 0; i < SAVERS; i++) {
    const tried = writes.filter((write) => write.kind === 'save' && write.key.startsWith(`${i}:`));
    const lastAccepted = tried.findLastIndex((write) => write.answer.status < 300);
    const allowed = tried.slice(Math.max(lastAccepted, 0)).map((write) => write.key.split(':')[1]);
    const name = stored.get(savers[i]!);
    if (!name || !allowed.includes(name))
      throw new Error(`${savers[i]} has birth data "${name}", not their last accepted save`);
  }

  // Every accepted chat message is stored, with the answer it got.
  const storedQuestions = new Set(
    (
      await pg.query<{ content: string }>(
        "select content from chat_messages where role = 'user' and content like 'chat-%'",
      )
    ).map((row) => row.content),
  );
  const lostChats = accepted.filter((write) => write.kind === 'chat' && !storedQuestions.has(write.key));
  if (lostChats.length > 0)
    throw new Error(`${lostChats.length} accepted chat messages are missing, e.g. "${lostChats[0]!.key}"`);
  const storedAnswers = new Set(
    (await pg.query<{ id: string }>("select id from chat_messages where role = 'assistant'")).map(
      (row) => row.id,
    ),
  );
  const lostAnswers = answerIds.filter((id) => !storedAnswers.has(id));
  if (lostAnswers.length > 0)
    throw new Error(`${lostAnswers.length} answers that ended with done are not stored`);
  if (cutAnswers.length > 0)
    throw new Error(
      `${cutAnswers.length} answers began to stream and were not stored, e.g. "${cutAnswers[0]}"`,
    );

  // The same process takes writes again: no restart needed.
  const after = await call(server.base, 'POST', '/api/auth/register', {
    email: 'after.restart@faults.test',
    name: 'After',
    password: PASSWORD,
  });
  if (after.status !== 201)
    throw new Error(`a write after the restart failed: ${after.status} ${after.text}`);
  if (server.child.exitCode !== null) throw new Error('the server process ended');
  await server.stop();
  await sink.close();
  const count = (kind: Write['kind']) => writes.filter((write) => write.kind === kind).length;
  return `${writes.length} writes by ${SAVERS + REGISTRARS + CHATTERS} clients (${count('register')} sign-ups, ${count('save')} birth-data saves, ${count('chat')} chat messages), ${accepted.length} accepted and all stored (every answer that began to stream among them), ${refused.length} refused with 503; PostgreSQL restart took ${restartMs} ms; the same process took a write afterwards`;
}
