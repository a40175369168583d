import { api } from '../../../lib/api-client.ts';

export interface ChatStarters {
  fixed: string[];
  tailored: string[];
}

export async function getStarters(): Promise<ChatStarters> {
  const { data } = await api.get<{ data: ChatStarters }>('/api/chat/starters');
  return data.data;
}
