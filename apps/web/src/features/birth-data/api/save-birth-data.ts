import type { BirthData, BirthDataInput, SavedBirthData } from '@app/contracts/birth-data.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /save for a first record, PUT /update to change it. */
export async function saveBirthData(body: BirthDataInput, existing: boolean): Promise<BirthData> {
  const { data } = existing
    ? await api.put<SavedBirthData>('/api/birth-data/update', body)
    : await api.post<SavedBirthData>('/api/birth-data/save', body);
  return data.birthData;
}
