import type { ChatSession, ChatSessionDetail } from '@app/contracts/chat.ts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { deleteSession } from '../api/delete-session.ts';
import { renameSession } from '../api/rename-session.ts';

/** Marks this tab's own deletions, so that the news of them (use-chat-realtime) is not taken for another tab's. */
export const DELETE_SESSION_KEY = ['chat', 'delete-session'] as const;

/** Puts a renamed conversation in the list and in its detail (renamed here or in another tab). */
export function placeRenamed(queryClient: QueryClient, session: ChatSession): void {
  queryClient.setQueryData<ChatSession[]>(queryKeys.chat.sessions(), (list) =>
    list?.map((item) => (item.id === session.id ? session : item)),
  );
  queryClient.setQueryData<ChatSessionDetail>(queryKeys.chat.session(session.id), (detail) =>
    detail ? { ...detail, ...session } : detail,
  );
}

/** Takes a deleted conversation out of the list and forgets its detail. */
export function dropDeleted(queryClient: QueryClient, id: string): void {
  queryClient.setQueryData<ChatSession[]>(queryKeys.chat.sessions(), (list) =>
    list?.filter((item) => item.id !== id),
  );
  queryClient.removeQueries({ queryKey: queryKeys.chat.session(id) });
}

export function useRenameSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameSession(id, title),
    onSuccess: (session) => placeRenamed(queryClient, session),
  });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: DELETE_SESSION_KEY,
    mutationFn: (id: string) => deleteSession(id),
    onSuccess: (_message, id) => dropDeleted(queryClient, id),
  });
}
