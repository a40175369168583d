import {
  NAME_CHARACTERS_MESSAGE,
  NAME_INVISIBLE_MESSAGE,
  PASSWORD_INVISIBLE_MESSAGE,
  PASSWORD_REPETITIVE_MESSAGE,
} from '@app/contracts/auth.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  register,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';
import { send } from '../../testing/requests.ts';

// Passwords that are no secret and names that hide or reorder text are refused by every form that
// takes them, with a message that says why, and nothing is stored.

let t: TestApp;
let userToken: string;
beforeAll(async () => {
  t = await createTestApp();
  userToken = (await register(t.app)).token;
});
afterAll(() => t.close());

/** A partner application as the public form sends it. */
function application(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    name: 'Luna Sky',
    email: uniqueEmail('partner'),
    channels: 'https://lunasky.example',
    audienceSize: '10k-100k',
    promotion: 'Weekly newsletter feature and a pinned story linking to the app.',
    acceptTerms: true,
    ...overrides,
  };
}

const weakPasswords: [string, string, string][] = [
  ['eight spaces', ' '.repeat(8), PASSWORD_INVISIBLE_MESSAGE],
  ['eight NULs', '\u0000'.repeat(8), PASSWORD_INVISIBLE_MESSAGE],
  ['eight zero-width spaces', '\u200b'.repeat(8), PASSWORD_INVISIBLE_MESSAGE],
  ['tabs and line breaks', '\t\n\r \t\n\r ', PASSWORD_INVISIBLE_MESSAGE],
  ['one letter eight times', 'aaaaaaaa', PASSWORD_REPETITIVE_MESSAGE],
  ['two letters taking turns', 'abababababab', PASSWORD_REPETITIVE_MESSAGE],
];

const badNames: [string, string, string][] = [
  ['a right-to-left override', 'Ada \u202egnp.exe', NAME_CHARACTERS_MESSAGE],
  ['a NUL', 'Ada\u0000Lovelace', NAME_CHARACTERS_MESSAGE],
  ['a line break', 'Ada\nYour account is locked', NAME_CHARACTERS_MESSAGE],
  ['only zero-width spaces', '\u200b\u200b\u200b', NAME_CHARACTERS_MESSAGE],
  ['only a zero-width joiner', '\u200d', NAME_INVISIBLE_MESSAGE],
];

function errorAnswer(response: { statusCode: number; json(): { code: string; error: string } }) {
  return { status: response.statusCode, code: response.json().code, error: response.json().error };
}

describe('passwords', () => {
  it.each(weakPasswords)('register refuses %s', async (_label, password, message) => {
    const email = uniqueEmail('weak');
    const response = await send(t.app, 'POST', '/api/auth/register', {
      body: { email, name: 'W', password },
    });
    expect(errorAnswer(response)).toEqual({ status: 422, code: 'VALIDATION_FAILED', error: message });
    expect(await t.app.auth.findAccountByEmail(email)).toBeNull();
  });

  it.each(weakPasswords)(
    'change-password refuses %s and keeps the old one',
    async (_label, newPassword, message) => {
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/change-password',
        headers: bearer(userToken),
        payload: { currentPassword: GOOD_PASSWORD, newPassword },
      });
      expect(errorAnswer(put)).toEqual({ status: 422, code: 'VALIDATION_FAILED', error: message });
    },
  );

  it('still accepts a long passphrase with spaces and a short mixed one', async () => {
    for (const password of ['  four words in a row  ', 'b3$Kq!9z']) {
      const response = await send(t.app, 'POST', '/api/auth/register', {
        body: { email: uniqueEmail('fine'), name: 'F', password },
      });
      expect(response.statusCode).toBe(201);
    }
  });
});

describe('names', () => {
  const forms: [string, (name: string) => Promise<{ statusCode: number; json(): never }>][] = [
    [
      'register',
      (name) =>
        send(t.app, 'POST', '/api/auth/register', {
          body: { email: uniqueEmail('name'), name, password: GOOD_PASSWORD },
        }) as never,
    ],
    [
      'profile',
      (name) =>
        t.app.inject({
          method: 'PATCH',
          url: '/api/auth/profile',
          headers: bearer(userToken),
          payload: { name },
        }) as never,
    ],
    [
      'contact',
      (name) =>
        send(t.app, 'POST', '/api/contact', {
          body: {
            name,
            email: uniqueEmail('c'),
            topic: 'general',
            message: 'A question about my reading today.',
          },
        }) as never,
    ],
    [
      'partner application',
      (name) => send(t.app, 'POST', '/api/partners/applications', { body: application({ name }) }) as never,
    ],
  ];

  describe.each(forms)('%s', (_form, submit) => {
    it.each(badNames)('refuses %s with 422', async (_label, name, message) => {
      expect(errorAnswer(await submit(name))).toEqual({
        status: 422,
        code: 'VALIDATION_FAILED',
        error: message,
      });
    });

    it('accepts names from other scripts, with accents and a joiner between letters', async () => {
      for (const name of ['Zoë Ångström-Nuñez', 'مهر\u200cناز', 'O’Brien']) {
        expect((await submit(name)).statusCode).toBeLessThan(300);
      }
    });
  });

  it('the profile keeps its name after a refused change', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: bearer(userToken),
      payload: { name: 'Ada\u202e' },
    });
    const profile = await t.app.inject({ url: '/api/auth/profile', headers: bearer(userToken) });
    expect(profile.json().user.name).not.toContain('\u202e');
  });
});
