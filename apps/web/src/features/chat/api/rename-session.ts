import type { ChatSession } from '@app/contracts/chat.ts';
import { api } from '../../../lib/api-client.ts';

export async function renameSession(id: string, title: string): Promise<ChatSession> {
  const { data } = await api.patch<{ data: ChatSession }>(`/api/chat/sessions/${encodeURIComponent(id)}`, {
    title,
  });
  return data.data;
}
