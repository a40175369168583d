import type { ChatSession } from '@app/contracts/chat.ts';
import { api } from '../../../lib/api-client.ts';

export async function listSessions(): Promise<ChatSession[]> {
  const { data } = await api.get<{ data: ChatSession[] }>('/api/chat/sessions');
  return data.data;
}
