import type { LandscapeStatus } from '@app/contracts/landscape.ts';
import { api } from '../../../lib/api-client.ts';
import { type LandscapeAnswer, unwrap } from './landscape-answer.ts';

export async function getStatus(signal?: AbortSignal): Promise<LandscapeStatus> {
  const { data } = await api.get<LandscapeAnswer<LandscapeStatus>>('/api/cosmic-landscape/status', {
    signal,
  });
  return unwrap(data);
}
