import type { Place, PlacesResult } from '@app/contracts/places.ts';
import { api } from './api-client.ts';

const PLACE_SUGGESTIONS = 8;

/** The atlas places whose names start with `q`, best first. */
export async function searchPlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  const { data } = await api.get<PlacesResult>('/api/places', {
    params: { q, limit: PLACE_SUGGESTIONS },
    signal,
  });
  return data.places;
}
