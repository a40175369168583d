import type { SmtpSink } from '../../apps/server/src/testing/smtp-sink.ts';
import { birthData, call, PASSWORD } from './harness.ts';

/** Registers a person and opens the link of their verification mail; answers their token. */
export async function verifiedPerson(base: string, sink: SmtpSink, email: string): Promise<string> {
  const registered = await call(base, 'POST', '/api/auth/register', {
    email,
    name: 'Fault',
    password: PASSWORD,
  });
  if (registered.status !== 201 && registered.status !== 200)
    throw new Error(`registering ${email}: ${registered.status} ${registered.text}`);
  const token = registered.json().token as string;
  const mail = await sink.waitFor((m) => m.to.includes(email), 20_000);
  const secret = /verify-email[/?](?:token=)?([\w-]+)/.exec(mail.text)?.[1];
  if (!secret) throw new Error(`no verification link in the mail to ${email}`);
  const verified = await call(base, 'GET', `/api/auth/verify-email/${secret}`);
  if (verified.status >= 300) throw new Error(`verifying ${email}: ${verified.status} ${verified.text}`);
  const saved = await call(base, 'POST', '/api/birth-data/save', birthData('first'), token);
  if (saved.status >= 300) throw new Error(`first birth data of ${email}: ${saved.status} ${saved.text}`);
  return token;
}

/** A new conversation of the person; answers its id. */
export async function chatSession(base: string, token: string): Promise<string> {
  const created = await call(base, 'POST', '/api/chat/sessions', undefined, token);
  if (created.status !== 201 && created.status !== 200)
    throw new Error(`opening a conversation: ${created.status} ${created.text}`);
  return (created.json().data as { id: string }).id;
}

export interface Answered {
  status: number;
  /** The streamed pieces, joined. */
  streamed: string;
  /** The stored answer of the stream's `done` event; undefined when the stream did not end with one. */
  message?: { id: string; content: string; provider: string | null; fallback: boolean; stopped: boolean };
  /** The stream's `failed` event: the answer could not be stored. */
  failed?: { status: number; error: string; code: string };
  text: string;
}

/** Asks in the conversation over HTTP (server-sent events) and reads the answer to its end. */
export async function ask(base: string, token: string, session: string, question: string): Promise<Answered> {
  const answer = await call(
    base,
    'POST',
    `/api/chat/sessions/${session}/messages`,
    { content: question },
    token,
  );
  const events = answer.text.split('\n\n');
  const streamed = events
    .filter((event) => event.startsWith('data: '))
    .map((event) => (JSON.parse(event.slice(6)) as { text: string }).text)
    .join('');
  const done = events.find((event) => event.startsWith('event: done\n'));
  const message = done ? JSON.parse(done.slice(done.indexOf('data: ') + 6)).message : undefined;
  const failedEvent = events.find((event) => event.startsWith('event: failed\n'));
  const failed = failedEvent ? JSON.parse(failedEvent.slice(failedEvent.indexOf('data: ') + 6)) : undefined;
  return { status: answer.status, streamed, message, failed, text: answer.text };
}
