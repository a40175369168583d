import type { Landscape } from '@app/contracts/landscape.ts';
import { api, bearerHeader } from '../../../lib/api-client.ts';
import { type LandscapeAnswer, unwrap } from './landscape-answer.ts';

/**
 * The last landscape read and its ETag, with the session it was read in: a repeated read (focus,
 * a new visit to the page) sends the tag and gets 304 without a body while the day is unchanged.
 * Kept in memory only, and never used for another session.
 */
let lastRead: { authorization: string | undefined; etag: string; landscape: Landscape } | null = null;

export async function getToday(signal?: AbortSignal): Promise<Landscape> {
  const authorization = bearerHeader().Authorization;
  const held = lastRead?.authorization === authorization ? lastRead : null;
  const response = await api.get<LandscapeAnswer<Landscape>>('/api/cosmic-landscape/today', {
    signal,
    headers: held ? { 'If-None-Match': held.etag } : {},
    validateStatus: (status) => (status >= 200 && status < 300) || (held !== null && status === 304),
  });
  if (response.status === 304 && held) return held.landscape;
  const landscape = unwrap(response.data);
  const etag = response.headers.etag;
  lastRead = typeof etag === 'string' ? { authorization, etag, landscape } : null;
  return landscape;
}
