import type { Landscape } from '@app/contracts/landscape.ts';
import { api } from '../../../lib/api-client.ts';
import { type LandscapeAnswer, unwrap } from './landscape-answer.ts';

/** A fresh composition of today, counted against the plan's daily allowance (429 past it). */
export async function regenerateLandscape(): Promise<Landscape> {
  const { data } = await api.post<LandscapeAnswer<Landscape>>('/api/cosmic-landscape/regenerate');
  return unwrap(data);
}
