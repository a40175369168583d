import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys.ts';
import { holdRealtimeSocket } from '../../../lib/realtime-socket.ts';
import { useChatStream } from '../stores/chat-stream-store.ts';

/**
 * Holds the realtime connection while the chat page is open (the app holds it too while someone
 * is signed in). Answers stored elsewhere (another tab or device of the same person) arrive as
 * `chat:done` and refresh the conversations shown.
 */
export function useChatRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const { socket, release } = holdRealtimeSocket();
    const onDone = (payload: { sessionId?: unknown }) => {
      if (typeof payload?.sessionId !== 'string') return;
      // This tab's own answer is placed by the sender when it settles.
      if (useChatStream.getState().pending?.sessionId === payload.sessionId) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.session(payload.sessionId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.sessions(), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.usage() });
    };
    socket.on('chat:done', onDone);
    return () => {
      socket.off('chat:done', onDone);
      release();
    };
  }, [queryClient]);
}
