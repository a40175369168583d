import type { ChatSessionDetail } from '@app/contracts/chat.ts';
import { api } from '../../../lib/api-client.ts';

export async function getSession(id: string): Promise<ChatSessionDetail> {
  const { data } = await api.get<{ data: ChatSessionDetail }>(`/api/chat/sessions/${encodeURIComponent(id)}`);
  return data.data;
}
