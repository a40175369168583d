import type { OkMessage } from '@app/contracts/errors.ts';
import { api } from '../../../lib/api-client.ts';

export async function deleteBirthData(): Promise<string> {
  const { data } = await api.delete<OkMessage>('/api/birth-data/delete');
  return data.message;
}
