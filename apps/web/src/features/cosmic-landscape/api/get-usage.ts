import type { LandscapeUsage } from '@app/contracts/landscape.ts';
import { api } from '../../../lib/api-client.ts';
import { type LandscapeAnswer, unwrap } from './landscape-answer.ts';

export async function getUsage(signal?: AbortSignal): Promise<LandscapeUsage> {
  const { data } = await api.get<LandscapeAnswer<LandscapeUsage>>('/api/cosmic-landscape/usage', { signal });
  return unwrap(data);
}
