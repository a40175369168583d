import type { ChatSession, ChatSessionDetail } from '@app/contracts/chat.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { deleteSession } from '../api/delete-session.ts';
import { renameSession } from '../api/rename-session.ts';

export function useRenameSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameSession(id, title),
    onSuccess: (session) => {
      queryClient.setQueryData<ChatSession[]>(queryKeys.chat.sessions(), (list) =>
        list?.map((item) => (item.id === session.id ? session : item)),
      );
      queryClient.setQueryData<ChatSessionDetail>(queryKeys.chat.session(session.id), (detail) =>
        detail ? { ...detail, ...session } : detail,
      );
    },
  });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSession(id),
    onSuccess: (_message, id) => {
      queryClient.setQueryData<ChatSession[]>(queryKeys.chat.sessions(), (list) =>
        list?.filter((item) => item.id !== id),
      );
      queryClient.removeQueries({ queryKey: queryKeys.chat.session(id) });
    },
  });
}
