import type { LandscapeLocationSchema } from '@app/contracts/landscape.ts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { type LandscapeAnswer, unwrap } from './landscape-answer.ts';

/** The current location whose zone sets the day; all null: the birth place's zone. */
export type LandscapeLocation = z.infer<typeof LandscapeLocationSchema>;

export async function getLocation(signal?: AbortSignal): Promise<LandscapeLocation> {
  const { data } = await api.get<LandscapeAnswer<LandscapeLocation>>('/api/cosmic-landscape/location', {
    signal,
  });
  return unwrap(data);
}
