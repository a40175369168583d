import type { Landscape } from '@app/contracts/landscape.ts';
import { api } from '../../../lib/api-client.ts';
import { type LandscapeAnswer, unwrap } from './landscape-answer.ts';

export async function getToday(signal?: AbortSignal): Promise<Landscape> {
  const { data } = await api.get<LandscapeAnswer<Landscape>>('/api/cosmic-landscape/today', { signal });
  return unwrap(data);
}
