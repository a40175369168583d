import type { ChatUsage } from '@app/contracts/chat.ts';
import { api } from '../../../lib/api-client.ts';

export async function getUsage(): Promise<ChatUsage> {
  const { data } = await api.get<{ data: ChatUsage }>('/api/chat/usage');
  return data.data;
}
