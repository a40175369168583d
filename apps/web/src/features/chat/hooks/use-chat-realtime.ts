import {
  CHAT_DELETED_EVENT,
  CHAT_RENAMED_EVENT,
  ChatDeletedSchema,
  ChatSessionSchema,
} from '@app/contracts/chat.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../../lib/query-keys.ts';
import { holdRealtimeSocket } from '../../../lib/realtime-socket.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useChatStream } from '../stores/chat-stream-store.ts';
import { DELETE_SESSION_KEY, dropDeleted, placeRenamed } from './use-session-actions.ts';

export const DELETED_ELSEWHERE = 'This conversation was deleted in another tab.';

/**
 * Holds the realtime connection while the chat page is open (the app holds it too while someone
 * is signed in). What the person does in another tab or device reaches this one: answers stored
 * (`chat:done`) refresh the conversations shown, and conversations renamed or deleted follow. The
 * open conversation, deleted elsewhere, gives way to a new one.
 */
export function useChatRealtime(activeId: string | undefined): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const active = useRef(activeId);
  active.current = activeId;
  useEffect(() => {
    const { socket, release } = holdRealtimeSocket();
    const onDone = (payload: { sessionId?: unknown }) => {
      if (typeof payload?.sessionId !== 'string') return;
      // This tab's own answer is placed by the sender when it settles.
      const { sending, pending } = useChatStream.getState();
      if (sending && pending?.sessionId === payload.sessionId) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.session(payload.sessionId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.sessions(), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.usage() });
    };
    const onRenamed = (payload: unknown) => {
      const parsed = ChatSessionSchema.safeParse(payload);
      if (parsed.success) placeRenamed(queryClient, parsed.data);
    };
    const onDeleted = (payload: unknown) => {
      const id = ChatDeletedSchema.safeParse(payload).data?.sessionId;
      // This tab's own deletion (its answer may come after the news) says and does its own.
      const own = queryClient.isMutating({
        mutationKey: DELETE_SESSION_KEY,
        predicate: (mutation) => mutation.state.variables === id,
      });
      const listed = queryClient
        .getQueryData<{ id: string }[]>(queryKeys.chat.sessions())
        ?.some((session) => session.id === id);
      if (!id || own > 0 || listed === false) return;
      dropDeleted(queryClient, id);
      if (active.current === id) {
        navigate('/chat');
        toast.info(DELETED_ELSEWHERE);
      }
    };
    socket.on('chat:done', onDone);
    socket.on(CHAT_RENAMED_EVENT, onRenamed);
    socket.on(CHAT_DELETED_EVENT, onDeleted);
    return () => {
      socket.off('chat:done', onDone);
      socket.off(CHAT_RENAMED_EVENT, onRenamed);
      socket.off(CHAT_DELETED_EVENT, onDeleted);
      release();
    };
  }, [navigate, queryClient]);
}
