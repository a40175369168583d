import {
  call,
  NO_LIMITS,
  PASSWORD,
  type Postgres,
  sleep,
  startServer,
  startSink,
  takePort,
} from './harness.ts';

// The SMTP server down for a while: sign-ups still succeed, their mail waits in the outbox, and
// once the SMTP server is back each mail goes out exactly once.

const PEOPLE = 5;
const DOWN_MS = 3_000;
/** Time for the first (failing) attempt of each mail on a busy machine. */
const FIRST_ATTEMPT_LIMIT_MS = 30_000;
/** The outbox retries 30 s after a failed attempt and looks every 5 s; room for a busy machine. */
const DELIVERY_LIMIT_MS = 150_000;
/** After the last mail arrived, how long a second copy would have had to show up. */
const DUPLICATE_WATCH_MS = 6_000;

export async function smtpDown(pg: Postgres, work: string): Promise<string> {
  const smtpPort = await takePort();
  const server = await startServer(
    {
      DATABASE_URL: pg.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...NO_LIMITS,
    },
    work,
  );
  const people = Array.from({ length: PEOPLE }, (_, i) => `smtp.down.${i}@faults.test`);
  for (const email of people) {
    const registered = await call(server.base, 'POST', '/api/auth/register', {
      email,
      name: 'Mail',
      password: PASSWORD,
    });
    if (registered.status !== 201)
      throw new Error(`sign-up with SMTP down: ${registered.status} ${registered.text}`);
  }
  // Each mail is tried at once and fails (nothing listens); a busy machine may take a while to try.
  const waitingMail = () =>
    pg.query<{ recipient: string; attempts: number }>(
      'select recipient, attempts from mail_outbox where recipient = any($1) and sent_at is null',
      [people],
    );
  const triedBy = Date.now() + FIRST_ATTEMPT_LIMIT_MS;
  let waiting = await waitingMail();
  while (waiting.some((mail) => mail.attempts < 1) && Date.now() < triedBy) {
    await sleep(250);
    waiting = await waitingMail();
  }
  await sleep(DOWN_MS);
  waiting = await waitingMail();
  if (waiting.length !== PEOPLE || waiting.some((mail) => mail.attempts < 1))
    throw new Error(
      `expected ${PEOPLE} mails waiting after a failed attempt, found ${JSON.stringify(waiting)}`,
    );

  const downFor = Date.now();
  const sink = await startSink(smtpPort);
  const received = (email: string) => sink.mails.filter((mail) => mail.to.includes(email)).length;
  const until = Date.now() + DELIVERY_LIMIT_MS;
  while (people.some((email) => received(email) === 0) && Date.now() < until) await sleep(250);
  const deliveredAfterMs = Date.now() - downFor;
  const missing = people.filter((email) => received(email) === 0);
  if (missing.length > 0)
    throw new Error(`no mail reached ${missing.join(', ')} within ${DELIVERY_LIMIT_MS} ms`);
  await sleep(DUPLICATE_WATCH_MS);
  const twice = people.filter((email) => received(email) !== 1);
  if (twice.length > 0) throw new Error(`mail went out more than once to ${twice.join(', ')}`);
  const unsent = await pg.query<{ recipient: string }>(
    'select recipient from mail_outbox where recipient = any($1) and sent_at is null',
    [people],
  );
  if (unsent.length > 0)
    throw new Error(`the outbox still holds mail for ${unsent.map((r) => r.recipient).join(', ')}`);
  await server.stop();
  await sink.close();
  return `${PEOPLE} sign-ups with SMTP down all succeeded; their ${PEOPLE} mails waited in the outbox and went out once each, ${(deliveredAfterMs / 1000).toFixed(1)} s after SMTP came back`;
}
