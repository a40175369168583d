import type { LandscapeDashboard } from '@app/contracts/landscape.ts';
import { api } from '../../../lib/api-client.ts';
import { type LandscapeAnswer, unwrap } from './landscape-answer.ts';

export async function getDashboard(signal?: AbortSignal): Promise<LandscapeDashboard> {
  const { data } = await api.get<LandscapeAnswer<LandscapeDashboard>>('/api/cosmic-landscape/dashboard', {
    signal,
  });
  return unwrap(data);
}
