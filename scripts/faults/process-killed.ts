import {
  type Answer,
  call,
  NO_LIMITS,
  PASSWORD,
  type Postgres,
  sleep,
  startServer,
  startSink,
} from './harness.ts';

// A server process killed with SIGKILL in the middle of sign-ups while another one serves on the
// same database: the other keeps answering, and no sign-up is left half-written (an account exists
// with its verification secret, its mail and its session, or not at all).

const ROUNDS = 3;
const CLIENTS_PER_PROCESS = 5;
const LOAD_BEFORE_KILL_MS = 1_500;
const LOAD_AFTER_KILL_MS = 1_000;

export async function processKilled(pg: Postgres, work: string): Promise<string> {
  const sink = await startSink();
  const env = {
    DATABASE_URL: pg.url,
    SMTP_URL: sink.url,
    ...NO_LIMITS,
  };
  const survivor = await startServer(env, work);
  const survivorAnswers: Answer[] = [];
  let killedInFlight = 0;
  let acceptedEmails: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const victim = await startServer(env, work);
    let running = true;
    let inFlight = 0;
    const client = async (base: string, name: string, answers?: Answer[]) => {
      for (let n = 0; running; n++) {
        const email = `kill.${round}.${name}.${n}@faults.test`;
        inFlight += base === victim.base ? 1 : 0;
        const answer = await call(base, 'POST', '/api/auth/register', {
          email,
          name: 'K',
          password: PASSWORD,
        });
        inFlight -= base === victim.base ? 1 : 0;
        answers?.push(answer);
        if (answer.status === 201) acceptedEmails.push(email);
        if (answer.status === 0 && base === victim.base) return;
      }
    };
    const clients = [
      ...Array.from({ length: CLIENTS_PER_PROCESS }, (_, i) => client(victim.base, `v${i}`)),
      ...Array.from({ length: CLIENTS_PER_PROCESS }, (_, i) =>
        client(survivor.base, `s${i}`, survivorAnswers),
      ),
    ];
    await sleep(LOAD_BEFORE_KILL_MS);
    killedInFlight += inFlight;
    victim.child.kill('SIGKILL');
    await sleep(LOAD_AFTER_KILL_MS);
    running = false;
    await Promise.all(clients);
  }

  const refused = survivorAnswers.filter((answer) => answer.status !== 201);
  if (refused.length > 0) {
    const ended = survivor.child.exitCode !== null ? `; it ended:\n${survivor.output().slice(-3000)}` : '';
    const example = `${refused[0]!.status} ${refused[0]!.text}`;
    throw new Error(`the other process refused ${refused.length} sign-ups, e.g. ${example}${ended}`);
  }
  const after = await call(survivor.base, 'POST', '/api/auth/register', {
    email: 'after.kill@faults.test',
    name: 'After',
    password: PASSWORD,
  });
  if (after.status !== 201) throw new Error(`a sign-up after the kill failed: ${after.status} ${after.text}`);

  const accounts = await pg.query<{ email: string; secrets: string; mails: string; sessions: string }>(
    `select u.email,
       (select count(*) from account_secrets s where s.user_id = u.id and s.purpose = 'verify-email') as secrets,
       (select count(*) from mail_outbox m where m.recipient = u.email) as mails,
       (select count(*) from sessions s where s.user_id = u.id) as sessions
     from users u where u.email like 'kill.%'`,
  );
  const half = accounts.filter((row) => row.secrets !== '1' || row.mails !== '1' || row.sessions !== '1');
  if (half.length > 0)
    throw new Error(`${half.length} sign-ups are half-written, e.g. ${JSON.stringify(half.slice(0, 3))}`);
  const stored = new Set(accounts.map((row) => row.email));
  const lost = acceptedEmails.filter((email) => !stored.has(email));
  if (lost.length > 0) throw new Error(`${lost.length} accepted sign-ups are missing, e.g. ${lost[0]}`);
  const total = acceptedEmails.length;
  acceptedEmails = [];
  await survivor.stop();
  await sink.close();
  return `${ROUNDS} processes killed with ${killedInFlight} sign-ups in flight; the other answered all ${survivorAnswers.length} of its sign-ups; ${accounts.length} accounts stored (${total} accepted), none half-written`;
}
