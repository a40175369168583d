import type { BirthDataResult, BirthData as SavedBirthData } from '@app/contracts/birth-data.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * docs/requirements/data-model.md: name, date, time, city and country. Records saved by this
 * version carry the full server shape; older copies in local storage may hold only the five fields.
 */
export type BirthData = Partial<SavedBirthData> & {
  name?: string | null;
  date?: string | null;
  time?: string | null;
  city?: string | null;
  country?: string | null;
};

/** The saved birth data, or null when none is saved (the server answers `birthData: null`). */
export async function getBirthData(): Promise<BirthData | null> {
  const { data } = await api.get<BirthDataResult>('/api/birth-data/get');
  return data.birthData ?? null;
}
