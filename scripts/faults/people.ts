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
