import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import type { Landscape } from '@app/contracts/landscape.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeStorage } from '../../../lib/storage.ts';
import { installFakeServer, ok } from '../../../testing/fake-server.ts';
import { getToday } from './get-today.ts';

const server = installFakeServer();
const TODAY = 'GET /api/cosmic-landscape/today';
const landscape = (id: string) => ({ id, date: '2026-11-27' }) as unknown as Landscape;

beforeEach(() => writeStorage(STORAGE_KEYS.authToken, 'token-a'));

describe("today's landscape", () => {
  it('sends back the tag of the copy it holds and keeps that copy on 304, in the same session only', async () => {
    server.answers[TODAY] = { ...ok({ success: true, data: landscape('first') }), headers: { etag: '"a1"' } };
    expect((await getToday()).id).toBe('first');
    expect(server.sent.at(-1)?.headers['If-None-Match']).toBeUndefined();

    server.answers[TODAY] = { status: 304, data: '', headers: { etag: '"a1"' } };
    expect((await getToday()).id).toBe('first');
    expect(server.sent.at(-1)?.headers['If-None-Match']).toBe('"a1"');

    server.answers[TODAY] = {
      ...ok({ success: true, data: landscape('second') }),
      headers: { etag: '"b2"' },
    };
    expect((await getToday()).id).toBe('second');
    expect(server.sent.at(-1)?.headers['If-None-Match']).toBe('"a1"');

    // Another session never sends, nor gets, the copy of the one before.
    writeStorage(STORAGE_KEYS.authToken, 'token-b');
    server.answers[TODAY] = { status: 304, data: '' };
    await expect(getToday()).rejects.toBeTruthy();
    expect(server.sent.at(-1)?.headers['If-None-Match']).toBeUndefined();
  });
});
