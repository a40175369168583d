import type { ChatSessionDetail } from '@app/contracts/chat.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast-store.ts';
import { createSession } from '../api/create-session.ts';
import { sendMessage } from '../api/send-message.ts';
import { useChatStream } from '../stores/chat-stream-store.ts';

// After a stop the server stores the partial answer once it notices the closed stream.
const STOPPED_REFETCH_MS = 400;

/** Sends a question (creating the conversation first on /chat), streams the answer, and stops it. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const send = useCallback(
    async (sessionId: string | undefined, question: string) => {
      const stream = useChatStream.getState();
      if (stream.pending?.status === 'streaming') return;
      const controller = new AbortController();
      let id = sessionId;
      try {
        if (!id) {
          const session = await createSession();
          id = session.id;
          queryClient.setQueryData<ChatSessionDetail>(queryKeys.chat.session(id), {
            ...session,
            messages: [],
          });
          void queryClient.invalidateQueries({ queryKey: queryKeys.chat.sessions(), exact: true });
          navigate(`/chat/${id}`);
        }
      } catch (error) {
        toast.error('Could not start a conversation', getErrorMessage(error));
        return;
      }
      const base =
        queryClient.getQueryData<ChatSessionDetail>(queryKeys.chat.session(id))?.messages.length ?? 0;
      stream.begin({ sessionId: id, question, base }, controller);
      try {
        const exchange = await sendMessage(id, question, {
          signal: controller.signal,
          onText: (text) => useChatStream.getState().append(text),
        });
        queryClient.setQueryData<ChatSessionDetail>(queryKeys.chat.session(id), (detail) =>
          detail
            ? { ...detail, messages: [...detail.messages, exchange.userMessage, exchange.message] }
            : detail,
        );
        useChatStream.getState().clear();
      } catch (error) {
        const stopped = controller.signal.aborted;
        useChatStream
          .getState()
          .settle(stopped ? 'stopped' : 'error', stopped ? undefined : getErrorMessage(error));
        const sessionKey = queryKeys.chat.session(id);
        if (stopped)
          setTimeout(() => void queryClient.invalidateQueries({ queryKey: sessionKey }), STOPPED_REFETCH_MS);
        else void queryClient.invalidateQueries({ queryKey: sessionKey });
      } finally {
        // The title may come from the first question, the order from the newest message.
        void queryClient.invalidateQueries({ queryKey: queryKeys.chat.sessions(), exact: true });
        void queryClient.invalidateQueries({ queryKey: queryKeys.chat.usage() });
      }
    },
    [navigate, queryClient],
  );

  const stop = useCallback(() => useChatStream.getState().controller?.abort(), []);
  return { send, stop };
}
