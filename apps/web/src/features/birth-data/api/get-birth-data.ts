import { api } from '../../../lib/api-client.ts';

/** SPEC section 3: name, date, time, city and country. */
export interface BirthData {
  name?: string | null;
  date?: string | null;
  time?: string | null;
  city?: string | null;
  country?: string | null;
  [field: string]: unknown;
}

export async function getBirthData(): Promise<BirthData | null> {
  const { data } = await api.get<{ birthData?: BirthData | null; data?: { birthData?: BirthData | null } }>(
    '/api/birth-data/get',
  );
  return data.birthData ?? data.data?.birthData ?? null;
}
