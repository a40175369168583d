import { bearer, register, secretFromOutbox, type TestApp } from '../../../testing/harness.ts';

/**
 * A person ready to chat: an address of the app's ADMIN_EMAILS (paid access once verified),
 * registered, verified, with birth data and one conversation.
 */
export async function chatPerson(t: TestApp, email: string): Promise<{ token: string; session: string }> {
  const { token } = await register(t.app, email);
  await t.app.inject(`/api/auth/verify-email/${await secretFromOutbox(t.app, email, 'verify-email')}`);
  await t.app.inject({
    method: 'POST',
    url: '/api/birth-data/save',
    headers: bearer(token),
    payload: {
      name: 'Ada',
      date: '1990-04-21',
      time: '14:30',
      city: 'Oslo',
      country: 'Norway',
      latitude: 59.91,
      longitude: 10.75,
      timeZone: 'Europe/Oslo',
    },
  });
  const created = await t.app.inject({ method: 'POST', url: '/api/chat/sessions', headers: bearer(token) });
  return { token, session: created.json().data.id };
}

/** A refusal's first sentence says no, in any of its wordings. */
export const SAYS_NO = /^[^.!?]*\b(can['’]t|not able|isn['’]t my place|won['’]t|no chart could)\b/;
