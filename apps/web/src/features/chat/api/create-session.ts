import type { ChatSession } from '@app/contracts/chat.ts';
import { api } from '../../../lib/api-client.ts';

export async function createSession(): Promise<ChatSession> {
  const { data } = await api.post<{ data: ChatSession }>('/api/chat/sessions');
  return data.data;
}
