import type { ChatMemory } from '@app/contracts/chat.ts';
import type { OkMessage } from '@app/contracts/errors.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

// What the assistant remembers is read by the chat and managed from the settings page, so its
// two calls live here rather than in either feature.

async function listChatMemories(): Promise<ChatMemory[]> {
  const { data } = await api.get<{ data: ChatMemory[] }>('/api/chat/memory');
  return data.data;
}

export async function forgetChatMemory(id: string): Promise<string> {
  const { data } = await api.delete<OkMessage>(`/api/chat/memory/${encodeURIComponent(id)}`);
  return data.message;
}

/** Without chat access the server answers 403, which will not change on retry. */
export const chatMemoryQuery = () =>
  queryOptions({ queryKey: queryKeys.chat.memory(), queryFn: listChatMemories, retry: false });
