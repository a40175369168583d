import type { OkMessage } from '@app/contracts/errors.ts';
import { api } from '../../../lib/api-client.ts';

export async function deleteSession(id: string): Promise<string> {
  const { data } = await api.delete<OkMessage>(`/api/chat/sessions/${encodeURIComponent(id)}`);
  return data.message;
}
