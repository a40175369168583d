import type { Landscape } from '@app/contracts/landscape.ts';
import { api } from '../../../lib/api-client.ts';
import { type LandscapeAnswer, unwrap } from './landscape-answer.ts';

/** The latest finished days, newest first. */
export async function getHistory(limit: number, signal?: AbortSignal): Promise<Landscape[]> {
  const { data } = await api.get<LandscapeAnswer<Landscape[]>>('/api/cosmic-landscape/history', {
    params: { limit },
    signal,
  });
  return unwrap(data);
}
