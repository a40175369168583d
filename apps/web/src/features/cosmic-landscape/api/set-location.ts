import { api } from '../../../lib/api-client.ts';
import type { LandscapeLocation } from './get-location.ts';
import { type LandscapeAnswer, unwrap } from './landscape-answer.ts';

/** An atlas place id, or null to follow the birth place again. */
export async function setLocation(placeId: number | null): Promise<LandscapeLocation> {
  const { data } = await api.put<LandscapeAnswer<LandscapeLocation>>('/api/cosmic-landscape/location', {
    placeId,
  });
  return unwrap(data);
}
