import type { Landscape } from '@app/contracts/landscape.ts';
import { api } from '../../../lib/api-client.ts';
import { type LandscapeAnswer, unwrap } from './landscape-answer.ts';

/** Builds today's landscape if it is not built yet (building it twice changes nothing). */
export async function generateLandscape(): Promise<Landscape> {
  const { data } = await api.post<LandscapeAnswer<Landscape>>('/api/cosmic-landscape/generate');
  return unwrap(data);
}
